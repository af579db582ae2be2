// sniffMime: every type the app reads is told from its bytes, whatever the file is called; the rest is null.
import { Jimp } from 'jimp';
import { describe, expect, it } from 'vitest';
import { DOCX_MIME, sniffMime } from '../../../../electron/core/library/sniff';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );
const le32 = (n: number): number[] => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

async function picture(mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp') {
  const image = new Jimp({ width: 8, height: 6, color: 0x3366ccff });
  return new Uint8Array(await image.getBuffer(mime));
}

/** An ADTS header (sync, MPEG-4, no CRC; LC, 24 kHz, mono; 11 bytes) and a silent raw block. */
const ADTS_FRAME = [0xff, 0xf1, 0x58, 0x40, 0x01, 0x7f, 0xfc, 0, 0, 0, 7];

describe('sniffMime', () => {
  it.each(['image/png', 'image/jpeg', 'image/gif', 'image/bmp'] as const)(
    'recognises a real %s made by jimp',
    async (mime) => {
      expect(sniffMime(await picture(mime))).toBe(mime);
    },
  );

  it.each([
    ['image/webp', bytes('RIFF', le32(100), 'WEBPVP8 ', [0, 0, 0, 0])],
    ['audio/wav', bytes('RIFF', le32(100), 'WAVEfmt ', [16, 0, 0, 0])],
    ['application/pdf', bytes('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj')],
    ['application/pdf', bytes([0xef, 0xbb, 0xbf], '%PDF-1.4\n')],
    ['audio/mpeg', bytes('ID3', [4, 0, 0, 0, 0, 0, 0])],
    ['audio/mpeg', bytes([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0])],
    ['audio/ogg', bytes('OggS', [0, 2], new Array(20).fill(0), [1], 'vorbis')],
    ['video/ogg', bytes('OggS', [0, 2], new Array(20).fill(0), [0x80], 'theora')],
    ['audio/flac', bytes('fLaC', [0, 0, 0, 34])],
    // Two ADTS frames of 11 bytes (AAC-LC, 24 kHz, mono): speech asked for as aac.
    ['audio/aac', bytes(ADTS_FRAME, ADTS_FRAME)],
    ['audio/aac', bytes(ADTS_FRAME)],
    [
      'video/webm',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
    ],
    ['video/x-matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88], 'matroska')],
    ['video/mp4', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2')],
    ['audio/mp4', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0], 'M4A mp42isom')],
    ['video/quicktime', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  ')],
    [
      'application/zip',
      bytes('PK', [3, 4, 20, 0, 0, 0, 8, 0], new Array(18).fill(0), 'notes/readme.txt'),
    ],
    [
      DOCX_MIME,
      bytes(
        'PK',
        [3, 4, 20, 0],
        new Array(22).fill(0),
        '[Content_Types].xml',
        new Array(40).fill(7),
        'PK',
        [3, 4],
        'word/document.xml',
      ),
    ],
  ])('recognises %s', (mime, sample) => {
    expect(sniffMime(sample)).toBe(mime);
  });

  it.each([
    ['plain text named .pdf', bytes('This is not a PDF at all, just words.')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['text that starts like a bitmap', bytes('BMW owners club newsletter, issue 4')],
    ['an ADTS header whose frame is shorter than itself', bytes([0xff, 0xf1, 0x50, 0x80, 0, 0, 0])],
    ['an ADTS frame not followed by another', bytes(ADTS_FRAME, 'and then words')],
    ['nothing', new Uint8Array(0)],
    ['a lone JPEG start', bytes([0xff, 0xd8])],
  ])('answers null for %s', (_name, sample) => {
    expect(sniffMime(sample)).toBeNull();
  });
});
