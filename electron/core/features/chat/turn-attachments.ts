// The content parts of the sent messages that carry attachments, for one model (a turn's, or each model of a compare).
import { isSentMessage } from '../../../../shared/tokens';
import type { ChatMessage } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import type { WireContentPart } from '../../service/types';
import type { AttachmentParts } from './engine-options';

/** The parts of each sent message with attachments, by message id; none when none has any. */
export async function attachmentParts(
  attachments: AttachmentParts | undefined,
  model: string,
  sent: readonly ChatMessage[],
): Promise<Map<string, WireContentPart[]>> {
  const parts = new Map<string, WireContentPart[]>();
  const withAttachments = sent.filter((m) => isSentMessage(m) && (m.attachments?.length ?? 0) > 0);
  if (withAttachments.length === 0) return parts;
  if (!attachments) throw serviceError('invalid_input', 'Attachments cannot be sent from here.');
  for (const m of withAttachments) parts.set(m.id, await attachments.partsFor(m, model));
  return parts;
}
