// Checks of an uploaded file: empty, too large, unsupported, or not what its name says.
import { describe, expect, it } from 'vitest';
import { claimedKind, sniffedKind } from '../../../../shared/attachments';
import { checkUploadedFile } from '../../../../electron/core/library/file-checks';
import { ServiceError } from '../../../../electron/core/service/errors';

const limits = () => 1000;

function refusalOf(run: () => unknown): ServiceError {
  try {
    run();
  } catch (e) {
    if (e instanceof ServiceError) return e;
  }
  throw new Error('expected a refusal');
}

describe('checkUploadedFile', () => {
  const file = (name: string, sniffedMime: string | null, size = 10, mime = '') => ({
    name,
    mime,
    size,
    sniffedMime,
  });

  it('answers the kind the bytes are when the name agrees', () => {
    expect(checkUploadedFile(file('a.png', 'image/png'), limits, ['image'])).toBe('image');
    expect(checkUploadedFile(file('scan.PDF', 'application/pdf'), limits, ['document'])).toBe(
      'document',
    );
    // A name without an extension is judged by its bytes.
    expect(checkUploadedFile(file('recording', 'audio/wav'), limits, ['audio'])).toBe('audio');
  });

  it('refuses a file whose bytes are not what its name says, naming the type', () => {
    const error = refusalOf(() =>
      checkUploadedFile(file('report.pdf', 'image/png'), limits, ['document', 'image']),
    );
    expect(error.error.message).toBe('"report.pdf" is not a PDF file, although its name says so.');
    expect(error.error.details).toMatchObject({ reason: 'wrong_type', expected: 'PDF' });
  });

  it('refuses empty files, unknown bytes, kinds not taken here and files over the limit', () => {
    expect(
      refusalOf(() => checkUploadedFile(file('a.png', 'image/png', 0), limits, ['image'])).error
        .details,
    ).toMatchObject({ reason: 'empty' });
    expect(
      refusalOf(() => checkUploadedFile(file('notes', null), limits, ['image'])).error.details,
    ).toMatchObject({ reason: 'unsupported' });
    expect(
      refusalOf(() => checkUploadedFile(file('a.png', 'image/png'), limits, ['document'])).error
        .details,
    ).toMatchObject({ reason: 'unsupported' });
    const big = refusalOf(() =>
      checkUploadedFile(file('a.png', 'image/png', 5 * 1024 * 1024), () => 1024 * 1024, ['image']),
    );
    expect(big.error.message).toBe('"a.png" is 5 MB, over the limit of 1 MB.');
    expect(big.error.details).toMatchObject({ reason: 'too_large', size: 5 * 1024 * 1024 });
  });

  it('counts a browser recording that sniffs as WebM video as audio', () => {
    expect(sniffedKind('video/webm')).toBe('audio');
    expect(claimedKind('voice.webm', 'audio/webm')).toBe('audio');
    expect(claimedKind('x.docx', '')).toBe('document');
    // Text has no signature: its name claims 'text', and places that take no text refuse it as unsupported.
    expect(claimedKind('x.txt', 'text/plain')).toBe('text');
    let refusal: unknown;
    try {
      checkUploadedFile(file('x.txt', null, 10, 'text/plain'), limits, ['document']);
    } catch (e) {
      refusal = e;
    }
    expect((refusal as ServiceError).error.details).toMatchObject({ reason: 'unsupported' });
  });
});
