// Sizes and aspect ratios typed freely reach the service as typed, through core's router; another form is refused before any request.
import { describe, expect, it } from 'vitest';
import type { ImageRunResult } from '../../../../../shared/images';
import { env, openCore } from '../../simulated-core';

const imageBodies = async (): Promise<Array<Record<string, unknown>>> =>
  (
    (await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Array<{
      path: string;
      body: string;
    }>
  )
    .filter((r) => r.path === '/v1/images/generations')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('typed image shapes', () => {
  it('sends a size and an aspect ratio outside the suggestions as typed', async () => {
    const core = await openCore();
    const model = 'img-stable/stable-diffusion-xl-1024';
    const sized = await core.call<ImageRunResult>('images.generate', {
      requestId: 'typed-size',
      model,
      prompt: 'a lighthouse',
      size: '1280x720',
    });
    const wide = await core.call<ImageRunResult>('images.generate', {
      requestId: 'typed-ratio',
      model,
      prompt: 'a wide sea',
      aspectRatio: '2.39:1',
    });
    expect(sized.items[0]).toMatchObject({ width: 1280, height: 720 });
    expect(wide.items[0]!.params.aspectRatio).toBe('2.39:1');
    expect((await imageBodies()).map((b) => [b.size, b.aspect_ratio])).toEqual([
      ['1280x720', undefined],
      [undefined, '2.39:1'],
    ]);
  });

  it('refuses a shape in another form before the service hears of it', async () => {
    const core = await openCore();
    // No side of 0 pixels: '00x10' has the digits but not a size.
    for (const shape of [{ size: '1280×720' }, { size: '00x10' }, { aspectRatio: 'wide' }]) {
      const refused = await core.attempt('images.generate', {
        requestId: 'bad-shape',
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: 'a lighthouse',
        ...shape,
      });
      expect(!refused.ok && refused.error.code).toBe('invalid_input');
    }
    expect(await imageBodies()).toEqual([]);
  });
});
