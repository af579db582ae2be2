// The video.* channels against the simulator over HTTP: only the service refuses what its document does not limit (size, prompt length, frames by model), ratios in any <w>:<h>, and "not found" polled on.
import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../../../../shared/types';
import { PNG_1X1 } from '../../../sim/sim-harness';
import { attempt, call, env, jobWhen, upload } from './feature-harness';

const KLING = 'txt2vid-kling/kling-v2.1';
const MOTION = 'txt2vid-sim/motion';
const HAILUO = 'img2vid-minimax/hailuo-02';

const generate = (input: Record<string, unknown>) =>
  attempt<VideoJob>('video.generate', {
    model: KLING,
    prompt: 'waves',
    aspectRatio: '16:9',
    duration: 0,
    ...input,
  });

/** A WEBP header naming a 640 x 360 canvas, then `size` bytes in all: passed through unscaled. */
function bigWebp(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x55);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(639, 24, 3);
  bytes.writeUIntLE(359, 27, 3);
  return bytes;
}

const png = () => Buffer.from(PNG_1X1, 'base64');

describe('video.generate sends what the document does not limit', () => {
  it('sends a frame of over 10 MB encoded: the document states no size for a video request', async () => {
    const frame = await upload('large.webp', 'image/webp', bigWebp(8_000_000));
    const answer = await generate({ model: MOTION, firstFrameFileId: frame.fileId });
    expect(answer.ok).toBe(true);
    expect(String(env.generated[0]?.image_url).length).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('sends a prompt of over 4,000 characters as it is', async () => {
    const prompt = `A slow pan over the sea. ${'Gulls cry above the waves. '.repeat(180)}`.trim();
    expect(prompt.length).toBeGreaterThan(4000);
    const answer = await generate({ prompt });
    expect(answer.ok).toBe(true);
    expect(env.generated[0]?.prompt).toBe(prompt);
  });

  it('sends a first and a last frame with a model whose id has no img2vid- prefix', async () => {
    const first = await upload('first.png', 'image/png', png());
    const last = await upload('last.png', 'image/png', png());
    const answer = await generate({
      model: MOTION,
      firstFrameFileId: first.fileId,
      lastFrameFileId: last.fileId,
    });
    expect(answer.ok).toBe(true);
    expect(env.generated[0]).toMatchObject({
      model: MOTION,
      image_url: expect.stringMatching(/^data:image\/png;base64,/),
      end_image_url: expect.stringMatching(/^data:image\/png;base64,/),
    });
  });

  it("leaves a frame's refusal to the service, and shows it in the service's words", async () => {
    const first = await upload('first.png', 'image/png', png());
    const answer = await generate({ firstFrameFileId: first.fileId });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error).toMatchObject({
      fromService: true,
      message: `${KLING} makes video from text only and does not take image_url`,
    });
    expect(env.generated).toHaveLength(1);
  });

  it('sends an image-to-video model without a first frame: the service says what it needs', async () => {
    const answer = await generate({ model: HAILUO, duration: 6 });
    expect(env.generated).toHaveLength(1);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.fromService).toBe(true);
    expect(answer.error.message).toMatch(/image_url \(a data URI of the first frame\) is required/);
  });

  it('sends any ratio in the form <w>:<h>, and refuses another form before sending', async () => {
    expect((await generate({ aspectRatio: '2:1' })).ok).toBe(true);
    expect(env.generated[0]?.aspect_ratio).toBe('2:1');
    for (const wrong of ['wide', '16/9', '0:1', '16:', ':9']) {
      const refused = await generate({ aspectRatio: wrong });
      expect(refused.ok ? null : refused.error.code).toBe('invalid_input');
    }
    expect(env.generated).toHaveLength(1);
  });
});

describe('a job the service does not find', () => {
  it('is polled on through HTTP 404s, saying what the service answered, until it is found', async () => {
    const { id } = await call<VideoJob>('video.generate', {
      model: KLING,
      prompt: 'late [[poll404:2]] [[polls:1]]',
      aspectRatio: '16:9',
      duration: 0,
    });
    const missing = await jobWhen(id, (job) => job.error !== null);
    expect(missing).toMatchObject({
      phase: 'running',
      error: { code: 'not_found', fromService: true },
    });
    expect(missing.error?.message).toMatch(/not found/);
    const done = await jobWhen(id, (job) => !['running', 'downloading'].includes(job.phase));
    expect(done).toMatchObject({ phase: 'completed', polls: 3, error: null });
  });

  it('is polled on through the status NOT_FOUND, which it shows, until it is found', async () => {
    const { id } = await call<VideoJob>('video.generate', {
      model: KLING,
      prompt: 'unknown [[notfound:2]] [[polls:1]]',
      aspectRatio: '16:9',
      duration: 0,
    });
    expect((await jobWhen(id, (job) => job.status === 'NOT_FOUND')).phase).toBe('running');
    const done = await jobWhen(id, (job) => !['running', 'downloading'].includes(job.phase));
    expect(done).toMatchObject({ phase: 'completed', polls: 3 });
  });
});
