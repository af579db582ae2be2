// Checks of an uploaded file before a feature uses it: not empty, under the feature's limit, and truly what its name says.
import {
  type AttachmentKind,
  claimedKind,
  sniffedKind,
  typeLabel,
} from '../../../shared/attachments';
import { formatBytes } from '../../../shared/format';
import type { StoredFile } from '../../../shared/types';
import { serviceError } from '../service/errors';

/**
 * The kind of an uploaded file, after refusing an empty one, one over `limitBytes`, one the app
 * cannot use and one whose bytes are not what its name says. Refusals carry `details.reason`
 * (empty, too_large, unsupported, wrong_type) so the renderer can word them in the user's language.
 */
export function checkUploadedFile(
  file: Pick<StoredFile, 'name' | 'mime' | 'size' | 'sniffedMime'>,
  limitBytes: (kind: AttachmentKind) => number,
  accept: readonly AttachmentKind[],
): AttachmentKind {
  if (file.size === 0) {
    throw serviceError('invalid_input', `"${file.name}" is empty (0 bytes).`, null, {
      reason: 'empty',
      name: file.name,
    });
  }
  const claimed = claimedKind(file.name, file.mime);
  const actual = sniffedKind(file.sniffedMime);
  // Text has no magic number to sniff: a text name only promises nothing here.
  if (claimed !== null && claimed !== 'text' && actual !== claimed) {
    const label = typeLabel(file.name, file.mime);
    throw serviceError(
      'invalid_input',
      `"${file.name}" is not a ${label} file, although its name says so.`,
      null,
      { reason: 'wrong_type', name: file.name, expected: label },
    );
  }
  const kind = actual;
  if (kind === null || !accept.includes(kind)) {
    throw serviceError(
      'invalid_input',
      `"${file.name}" is not a file this place takes (${accept.join(', ')}).`,
      null,
      { reason: 'unsupported', name: file.name },
    );
  }
  const limit = limitBytes(kind);
  if (file.size > limit) {
    throw serviceError(
      'invalid_input',
      `"${file.name}" is ${formatBytes(file.size)}, over the limit of ${formatBytes(limit)}.`,
      null,
      { reason: 'too_large', name: file.name, size: file.size, limit },
    );
  }
  return kind;
}
