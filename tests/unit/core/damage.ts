// The ways the corruption tests damage a file of the data folder: truncated, emptied, garbled, binary, null, the wrong JSON shape.
import { readFile, writeFile } from 'node:fs/promises';

export const DAMAGES = [
  'truncated',
  'emptied',
  'garbled',
  'binary',
  'null',
  'wrong shape',
] as const;
export type Damage = (typeof DAMAGES)[number];

/** Bytes that are no text format: every byte value, a NUL first. */
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 97) % 256));

/** Damages `file` in place, the same way every time; answers the bytes it now holds. */
export async function damage(file: string, how: Damage): Promise<Buffer> {
  const before = await readFile(file);
  let after: Buffer;
  switch (how) {
    case 'truncated':
      after = before.subarray(0, Math.floor(before.length / 2));
      break;
    case 'emptied':
      after = Buffer.alloc(0);
      break;
    case 'garbled': {
      // A quote and brackets in the middle: inside a string or between values, no parser takes it.
      after = Buffer.from(before);
      Buffer.from('"]}{\u0000').copy(after, Math.floor(before.length / 2));
      break;
    }
    case 'binary':
      after = BINARY;
      break;
    case 'null':
      after = Buffer.from('null');
      break;
    case 'wrong shape':
      after = Buffer.from(JSON.stringify([{ what: 'not the shape this file holds' }]));
      break;
  }
  await writeFile(file, after);
  return after;
}
