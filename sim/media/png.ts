// PNG images made from scratch (zlib): deterministic pictures for every image endpoint.
import { crc32, deflateSync } from 'node:zlib';
import { hash32 } from '../text';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `rgb` (width * height * 3 bytes, rows top to bottom). */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1)
    rgb.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function colorOf(seed: number): [number, number, number] {
  return [seed & 0xff, (seed >>> 8) & 0xff, (seed >>> 16) & 0xff];
}

/**
 * A picture that depends only on the prompt and size: a diagonal gradient between two colours
 * from the prompt's hash, with a disc and stripes placed by it. `variant` shifts the colours
 * (edits of a source image, several sources).
 */
export function renderPicture(prompt: string, width: number, height: number, variant = 0): Buffer {
  const seed = hash32(`${prompt}#${variant}`);
  const [r1, g1, b1] = colorOf(seed);
  const [r2, g2, b2] = colorOf(hash32(prompt, seed));
  const [rd, gd, bd] = colorOf(~seed >>> 0);
  const cx = ((seed >>> 3) % 60) / 100 + 0.2;
  const cy = ((seed >>> 11) % 60) / 100 + 0.2;
  const radius = (((seed >>> 19) % 20) / 100 + 0.12) * Math.min(width, height);
  const stripe = 8 + (seed % 24);
  const rgb = Buffer.alloc(width * height * 3);
  const span = Math.max(1, width + height - 2);
  let offset = 0;
  for (let y = 0; y < height; y += 1) {
    const dy = y - cy * height;
    for (let x = 0; x < width; x += 1) {
      const dx = x - cx * width;
      if (dx * dx + dy * dy < radius * radius) {
        rgb[offset] = rd;
        rgb[offset + 1] = gd;
        rgb[offset + 2] = bd;
      } else {
        const t = (x + y) / span;
        const shade = Math.floor((x + 2 * y) / stripe) % 2 === 0 ? 0 : 18;
        rgb[offset] = Math.min(255, r1 + (r2 - r1) * t + shade);
        rgb[offset + 1] = Math.min(255, g1 + (g2 - g1) * t + shade);
        rgb[offset + 2] = Math.min(255, b1 + (b2 - b1) * t + shade);
      }
      offset += 3;
    }
  }
  return rgb;
}

export function picturePng(prompt: string, width: number, height: number, variant = 0): Buffer {
  return encodePng(width, height, renderPicture(prompt, width, height, variant));
}
