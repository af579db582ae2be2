// The microphone recording's WAV encoding: header and clamped 16-bit samples.
import { describe, expect, it } from 'vitest';
import { encodeWav } from '../../../../renderer/src/common/wav';

describe('encodeWav', () => {
  it('writes a 16-bit PCM WAV header and clamps samples', async () => {
    const blob = encodeWav([Float32Array.from([0, 1, -1, 2])], 8000);
    const bytes = Buffer.from(await blob.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WAVE');
    expect(bytes.readUInt32LE(24)).toBe(8000);
    expect(bytes.readUInt16LE(34)).toBe(16);
    expect(bytes.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => bytes.readInt16LE(44 + i * 2))).toEqual([
      0, 32767, -32768, 32767,
    ]);
    expect(blob.type).toBe('audio/wav');
  });
});
