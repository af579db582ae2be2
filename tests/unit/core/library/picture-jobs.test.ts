// The picture worker's limits: a picture past its heap or its deadline ends in words, core goes on, and so does the next picture.
import { Jimp } from 'jimp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  setPictureWorkerLimits,
  stopPictureWorker,
} from '../../../../electron/core/library/picture-jobs';
import { downscaleImage, imageSize } from '../../../../electron/core/library/pictures';
import type { ServiceError } from '../../../../electron/core/service/errors';
import { jpegClaiming, peakRss } from './fixtures/hostile-pictures';

const IN_WORDS = /^The picture is damaged or too complex to read\. Try another picture/;

async function jpeg(width: number, height: number): Promise<Buffer> {
  return new Jimp({ width, height, color: 0xcc8844ff }).getBuffer('image/jpeg');
}

afterAll(() => stopPictureWorker());

describe('the picture worker', () => {
  // First in its own file: the process's resident size is measured from a clean start.
  it('stops a picture at its heap limit, in words, with core answering, and goes on', async () => {
    // Within the pixel limit and well formed to its header: only the decoder finds out.
    const bomb = await jpegClaiming(7000, 6000);
    expect(bomb.length).toBeLessThan(700);
    expect(imageSize(bomb)).toEqual({ width: 7000, height: 6000 });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const heapBefore = process.memoryUsage().heapUsed;
    const { result, growthMb } = await peakRss(() =>
      downscaleImage(bomb, 2048, 'bomb.jpg').catch((e: unknown) => e),
    );
    clearInterval(ticker);
    expect((result as ServiceError).error.code).toBe('invalid_input');
    expect((result as ServiceError).error.message).toMatch(IN_WORDS);
    expect(ticks).toBeGreaterThan(5);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50e6);
    // Without a heap limit the decoder took 1,340 MB here before it gave up; with it, 770 MB.
    expect(growthMb).toBeLessThan(1000);
    // The next picture gets a new worker.
    expect(await downscaleImage(await jpeg(400, 200), 100)).toMatchObject({
      width: 100,
      height: 50,
    });
  }, 120_000);

  it('stops a picture at its deadline, in words, and the pictures after it are scaled', async () => {
    const big = await jpeg(3000, 2000);
    try {
      await setPictureWorkerLimits({ deadlineMs: 1 });
      const late = await Promise.allSettled([downscaleImage(big, 300), downscaleImage(big, 300)]);
      for (const answer of late) {
        expect(answer.status).toBe('rejected');
        expect(((answer as PromiseRejectedResult).reason as ServiceError).error.message).toMatch(
          IN_WORDS,
        );
      }
    } finally {
      await setPictureWorkerLimits({});
    }
    const [first, second] = await Promise.all([
      downscaleImage(big, 300),
      downscaleImage(await jpeg(400, 200), 100),
    ]);
    expect(first).toMatchObject({ width: 300, height: 200 });
    expect(second).toMatchObject({ width: 100, height: 50 });
  });
});
