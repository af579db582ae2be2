// Speech in the convention's other formats, made from scratch: FLAC (verbatim frames), silent Ogg Opus and ADTS AAC.

/** Samples per FLAC frame: the usual block size. */
const FLAC_BLOCK = 4096;

/** CRC-8 of FLAC frame headers (polynomial x^8 + x^2 + x + 1). */
function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : crc << 1;
  }
  return crc & 0xff;
}

/** CRC-16 of whole FLAC frames (polynomial x^16 + x^15 + x^2 + 1). */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A frame number as FLAC codes it: the UTF-8 scheme, extended past 0x10ffff. */
function codedNumber(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  let rest = n;
  // With k continuation bytes, the lead byte keeps 6 - k bits of the number.
  let room = 0x3f;
  do {
    bytes.unshift(0x80 | (rest & 0x3f));
    rest = Math.floor(rest / 64);
    room >>= 1;
  } while (rest > room);
  const lead = (0xff << (7 - bytes.length)) & 0xff;
  return [lead | rest, ...bytes];
}

/**
 * 16-bit mono samples as a FLAC file: STREAMINFO, then frames of verbatim subframes (no
 * compression, which every decoder reads). The MD5 signature is left zero ("not computed").
 */
export function encodeFlac(samples: Int16Array, sampleRate: number): Buffer {
  const info = Buffer.alloc(4 + 34);
  info.writeUInt8(0x80, 0);
  info.writeUIntBE(34, 1, 3);
  info.writeUInt16BE(FLAC_BLOCK, 4);
  info.writeUInt16BE(FLAC_BLOCK, 6);
  // Sample rate (20 bits), channels - 1 (3 bits), bits per sample - 1 (5 bits), total samples (36).
  const total = samples.length;
  info.writeUInt8((sampleRate >> 12) & 0xff, 14);
  info.writeUInt8((sampleRate >> 4) & 0xff, 15);
  const bitsLess1 = 15;
  info.writeUInt8(((sampleRate & 0x0f) << 4) | (bitsLess1 >> 4), 16);
  info.writeUInt8(((bitsLess1 & 0x0f) << 4) | (Math.floor(total / 2 ** 32) & 0x0f), 17);
  info.writeUInt32BE(total >>> 0, 18);
  const frames: Buffer[] = [Buffer.from('fLaC', 'latin1'), info];
  for (let start = 0, index = 0; start < total; start += FLAC_BLOCK, index += 1) {
    const block = samples.subarray(start, Math.min(total, start + FLAC_BLOCK));
    // Sync, fixed block size; block size read at the end of the header, sample rate from
    // STREAMINFO; mono, 16 bits a sample.
    const head = [0xff, 0xf8, 0x70, 0x08, ...codedNumber(index)];
    head.push(((block.length - 1) >> 8) & 0xff, (block.length - 1) & 0xff);
    head.push(crc8(Uint8Array.from(head)));
    const frame = Buffer.alloc(head.length + 1 + block.length * 2 + 2);
    frame.set(head, 0);
    // A verbatim subframe, no wasted bits.
    frame.writeUInt8(0x02, head.length);
    block.forEach((sample, i) => frame.writeInt16BE(sample, head.length + 1 + i * 2));
    frame.writeUInt16BE(crc16(frame.subarray(0, frame.length - 2)), frame.length - 2);
    frames.push(frame);
  }
  return Buffer.concat(frames);
}

const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit += 1) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes)
    crc = ((crc << 8) ^ (OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

/** One Ogg page holding whole packets (each under 255 bytes). */
function oggPage(
  packets: readonly Buffer[],
  flags: number,
  granule: number,
  sequence: number,
): Buffer {
  const head = Buffer.alloc(27 + packets.length);
  head.write('OggS', 0, 'latin1');
  head.writeUInt8(flags, 5);
  head.writeBigUInt64LE(BigInt(granule), 6);
  head.writeUInt32LE(0x5157_4d41, 14);
  head.writeUInt32LE(sequence, 18);
  head.writeUInt8(packets.length, 26);
  packets.forEach((packet, i) => head.writeUInt8(packet.length, 27 + i));
  const page = Buffer.concat([head, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Opus counts time in 48 kHz samples; each packet here is 20 ms. */
const OPUS_PACKET_SAMPLES = 960;
const OPUS_PRE_SKIP = 312;

/**
 * `seconds` of silence as Ogg Opus: each packet is a lone TOC byte (CELT, 20 ms, one frame of
 * no bytes), which a decoder plays as silence.
 */
export function silentOggOpus(seconds: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(OPUS_PRE_SKIP, 10);
  head.writeUInt32LE(24_000, 12);
  const vendor = Buffer.from('atelier-sim', 'latin1');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage([head], 0x02, 0, 0), oggPage([tags], 0, 0, 1)];
  const count = Math.max(1, Math.ceil((seconds * 48_000) / OPUS_PACKET_SAMPLES));
  const silence = Buffer.from([0xf8]);
  for (let sent = 0; sent < count;) {
    const inPage = Math.min(50, count - sent);
    sent += inPage;
    pages.push(
      oggPage(
        new Array<Buffer>(inPage).fill(silence),
        sent === count ? 0x04 : 0,
        OPUS_PRE_SKIP + sent * OPUS_PACKET_SAMPLES,
        pages.length,
      ),
    );
  }
  return Buffer.concat(pages);
}

/** AAC-LC at 24 kHz, mono: 1024 samples a frame. */
const AAC_FRAME_SECONDS = 1024 / 24_000;
/** A silent raw data block: one channel element with no bands, then END. */
const AAC_SILENT_BLOCK = [0x00, 0x00, 0x00, 0x07];

/** `seconds` of silence as ADTS AAC-LC (24 kHz, mono). */
export function silentAdts(seconds: number): Buffer {
  const length = 7 + AAC_SILENT_BLOCK.length;
  // Sync, MPEG-4, no CRC; LC, 24 kHz (index 6), one channel; frame length; buffer fullness VBR.
  const frame = Buffer.from([
    0xff,
    0xf1,
    (1 << 6) | (6 << 2),
    (1 << 6) | ((length >> 11) & 0x03),
    (length >> 3) & 0xff,
    ((length & 0x07) << 5) | 0x1f,
    0xfc,
    ...AAC_SILENT_BLOCK,
  ]);
  const frames = Math.max(1, Math.ceil(seconds / AAC_FRAME_SECONDS));
  return Buffer.concat(new Array<Buffer>(frames).fill(frame));
}
