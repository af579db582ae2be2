// The gallery bench's pictures: drawn in colour bands, made into core's thumbnails, written through core's media library.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { createMediaLibrary, THUMB_SIDE } from '../electron/core/library/media';
import { makeThumbnail } from '../electron/core/library/pictures';

/** Distinct pictures the seed cycles through; each add still makes its own file. */
const DISTINCT_PICTURES = 24;
/**
 * The pictures are drawn twice the thumbnail's side, and each tile is given what core's own
 * thumbnail maker makes of its picture: the page then loads exactly what it loads for a library of
 * large pictures (one thumbnail per tile, in the thumbnail's format), and seeding skips 2,000
 * resizes that would take minutes.
 */
export const PICTURE_SIDE = THUMB_SIDE * 2;

/** What each tile loads: the thumbnails' type and their mean size. */
export interface GalleryTiles {
  mime: string;
  meanKb: number;
}

async function seedPictures(): Promise<Buffer[]> {
  const pictures: Buffer[] = [];
  for (let i = 0; i < DISTINCT_PICTURES; i++) {
    const hue = (i * 47) % 360;
    const image = new Jimp({ width: PICTURE_SIDE, height: PICTURE_SIDE, color: 0xffffffff });
    // Two bands of colour per picture, so thumbnails differ and compress like pictures, not blanks.
    const [r, g, b] = hslToRgb(hue / 360, 0.55, 0.55);
    for (let y = 0; y < PICTURE_SIDE; y++)
      for (let x = 0; x < PICTURE_SIDE; x++) {
        const shade = ((x + y + i * 13) % 64) / 64;
        const color = y < PICTURE_SIDE / 2 ? [r, g, b] : [b, r, g];
        const [cr, cg, cb] = color.map((c) => Math.round(c * (0.6 + 0.4 * shade)));
        image.setPixelColor(((cr! << 24) | (cg! << 16) | (cb! << 8) | 0xff) >>> 0, x, y);
      }
    pictures.push(await image.getBuffer('image/png'));
  }
  return pictures;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** What core makes of each seed picture for the gallery's tiles. */
async function seedThumbnails(): Promise<{ bytes: Buffer; mime: string }[]> {
  const thumbnails = [];
  for (const picture of await seedPictures()) {
    const thumb = await makeThumbnail(picture, THUMB_SIDE);
    if (!thumb) throw new Error('core made no thumbnail of a seed picture');
    thumbnails.push({ bytes: Buffer.from(thumb.bytes), mime: thumb.mime });
  }
  return thumbnails;
}

/** Writes `count` pictures through core's own media library, as the app keeps them. */
export async function seedGallery(
  dataDir: string,
  count: number,
): Promise<{ seconds: number; tiles: GalleryTiles }> {
  const started = Date.now();
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const media = await createMediaLibrary(join(dataDir, 'media'));
  const pictures = await seedThumbnails();
  for (let i = 0; i < count; i++)
    await media.add({
      kind: 'image',
      bytes: pictures[i % pictures.length]!.bytes,
      mime: pictures[i % pictures.length]!.mime,
      title: `bench picture ${i + 1}: a landscape study in colour`,
      model: 'img-stable/stable-diffusion-xl-1024',
      cost: '0.004000',
      params: { mode: 'generate', prompt: `bench picture ${i + 1}`, size: '1024x1024' },
    });
  await media.flush();
  return {
    seconds: (Date.now() - started) / 1000,
    tiles: {
      mime: [...new Set(pictures.map(({ mime }) => mime))].join(', '),
      meanKb:
        pictures.reduce((sum, { bytes }) => sum + bytes.byteLength, 0) / pictures.length / 1024,
    },
  };
}
