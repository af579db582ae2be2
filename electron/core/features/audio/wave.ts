// WAV facts for the waveform player (duration and peaks read in core, so the renderer never decodes
// audio), and the WAV header raw PCM speech is kept in.

export interface WaveSummary {
  seconds: number;
  /** Peak magnitude (0..1) of each of `count` equal stretches, across channels. */
  peaks: number[];
}

interface PcmFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** 1 integer PCM, 3 IEEE float. */
  encoding: number;
}

function readFormat(bytes: Buffer, at: number, size: number): PcmFormat | null {
  if (size < 16) return null;
  let encoding = bytes.readUInt16LE(at);
  // WAVE_FORMAT_EXTENSIBLE keeps the real format in the sub-format GUID's first two bytes.
  if (encoding === 0xfffe && size >= 26) encoding = bytes.readUInt16LE(at + 24);
  return {
    encoding,
    channels: bytes.readUInt16LE(at + 2),
    sampleRate: bytes.readUInt32LE(at + 4),
    bitsPerSample: bytes.readUInt16LE(at + 14),
  };
}

function sampleReader(format: PcmFormat): ((bytes: Buffer, at: number) => number) | null {
  if (format.encoding === 1) {
    if (format.bitsPerSample === 8) return (b, at) => ((b[at] ?? 128) - 128) / 128;
    if (format.bitsPerSample === 16) return (b, at) => b.readInt16LE(at) / 32768;
    if (format.bitsPerSample === 24) return (b, at) => b.readIntLE(at, 3) / 8388608;
    if (format.bitsPerSample === 32) return (b, at) => b.readInt32LE(at) / 2147483648;
  }
  if (format.encoding === 3 && format.bitsPerSample === 32) return (b, at) => b.readFloatLE(at);
  return null;
}

/** Duration and `count` peaks of a PCM WAV file; null when the bytes are not one this reads. */
export function summarizeWav(bytes: Buffer, count = 600): WaveSummary | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF') return null;
  if (bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: PcmFormat | null = null;
  let dataAt = -1;
  let dataSize = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') format = readFormat(bytes, at + 8, size);
    if (id === 'data') {
      dataAt = at + 8;
      // Streamed WAVs may give 0 or 0xFFFFFFFF as the data size: take what is there.
      dataSize = Math.min(size === 0 ? Infinity : size, bytes.length - dataAt);
      break;
    }
    at += 8 + size + (size % 2);
  }
  if (!format || dataAt < 0 || format.channels < 1 || format.sampleRate < 1) return null;
  const read = sampleReader(format);
  if (!read) return null;
  const frameBytes = (format.bitsPerSample / 8) * format.channels;
  const frames = Math.floor(dataSize / frameBytes);
  const seconds = frames / format.sampleRate;
  const buckets = Math.max(1, Math.min(count, frames));
  const peaks = new Array<number>(buckets).fill(0);
  // Reading every frame of a long file is slow for no visible gain; a stride keeps it bounded.
  const stride = Math.max(1, Math.floor(frames / (buckets * 64)));
  for (let frame = 0; frame < frames; frame += stride) {
    const bucket = Math.min(buckets - 1, Math.floor((frame * buckets) / frames));
    const base = dataAt + frame * frameBytes;
    for (let channel = 0; channel < format.channels; channel += 1) {
      const value = Math.abs(read(bytes, base + (channel * format.bitsPerSample) / 8));
      if (value > (peaks[bucket] ?? 0)) peaks[bucket] = Math.min(1, value);
    }
  }
  return { seconds, peaks };
}

/** Peaks as one byte each (0..255) in base64: small enough for a media item's flat `extra`. */
export function encodePeaks(peaks: readonly number[]): string {
  return Buffer.from(peaks.map((p) => Math.round(Math.max(0, Math.min(1, p)) * 255))).toString(
    'base64',
  );
}

/** The layout of raw PCM samples, which carry no header of their own. */
export interface PcmLayout {
  sampleRate: number;
  bitsPerSample: number;
  channels: number;
}

/** Raw integer PCM inside a plain 44-byte WAV header: the samples kept byte for byte. */
export function wavOfPcm(pcm: Buffer, layout: PcmLayout): Buffer {
  const blockAlign = (layout.bitsPerSample / 8) * layout.channels;
  // A trailing partial frame would make the data chunk's size disagree with its frames.
  const data = pcm.subarray(0, pcm.length - (pcm.length % blockAlign));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(layout.channels, 22);
  header.writeUInt32LE(layout.sampleRate, 24);
  header.writeUInt32LE(layout.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(layout.bitsPerSample, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
