// The simulator's images: sizes and ratios, edits from sources, routes that need a mapping.
import { describe, expect, it } from 'vitest';
import { PNG_1X1, sim, open, call, useSimulators } from './sim-harness';

useSimulators();

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('images', () => {
  const generate = (json: Record<string, unknown>, key = 'sim-fast') =>
    call('/images/generations', { json, key });

  it('makes PNGs of the asked size or aspect ratio', async () => {
    const sdxl = (await (
      await generate({
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: 'a fox',
        size: '320x200',
      })
    ).json()) as { data: Array<{ b64_json: string }> };
    expect(pngSize(Buffer.from(sdxl.data[0]?.b64_json ?? '', 'base64'))).toEqual({
      width: 320,
      height: 200,
    });
    const flux = (await (
      await generate({
        model: 'img-black-forest-labs/flux-1.1-pro',
        prompt: 'a fox',
        aspect_ratio: '16:9',
      })
    ).json()) as { data: Array<{ b64_json: string }> };
    expect(pngSize(Buffer.from(flux.data[0]?.b64_json ?? '', 'base64'))).toEqual({
      width: 1024,
      height: 576,
    });
    expect(
      (
        await generate({
          model: 'img-black-forest-labs/flux-1.1-pro',
          prompt: 'x',
          size: '512x512',
        })
      ).status,
    ).toBe(400);
    const byUrl = (await (
      await generate({ model: 'openai/dall-e-3', prompt: 'a fox', response_format: 'url' })
    ).json()) as { data: Array<{ url: string }> };
    const file = await fetch(byUrl.data[0]?.url ?? '');
    expect(pngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 1024, height: 1024 });
  });

  it('edits from source images within the model limit', async () => {
    const source = `data:image/png;base64,${PNG_1X1}`;
    const one = 'img2img-black-forest-labs/flux-kontext-pro';
    expect((await generate({ model: one, prompt: 'night', image_url: source })).status).toBe(200);
    const tooMany = await generate({
      model: one,
      prompt: 'x',
      image_url: source,
      image2_url: source,
    });
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(
      /at most 1 source image/,
    );
    expect(
      (
        await generate({
          model: 'img2img-google/gemini-2.5-flash-image',
          prompt: 'merge',
          image_url: source,
          image2_url: source,
          image3_url: source,
        })
      ).status,
    ).toBe(200);
    expect(
      (await generate({ model: one, prompt: 'x', image_url: 'data:text/plain;base64,eA==' }))
        .status,
    ).toBe(400);
  });

  it('routes /images/edits and sdapi only for accounts with a mapping', async () => {
    const form = () => {
      const body = new FormData();
      body.set('model', 'gpt-image-1');
      body.set('prompt', 'snow');
      body.set('image', new Blob([Buffer.from(PNG_1X1, 'base64')], { type: 'image/png' }), 'a.png');
      return body;
    };
    const unmapped = await call('/images/edits', { key: 'sim-plain', target: open, body: form() });
    expect(unmapped.status).toBe(400);
    expect(((await unmapped.json()) as { message: string }).message).toMatch(/gpt-image-1-imgedit/);
    expect((await call('/images/edits', { body: form() })).status).toBe(200);
    const sdapi = (key: string) =>
      call(`${sim.hostRoot}/sdapi/${key}/sdapi/v1/txt2img`, {
        key: null,
        json: { prompt: 'a fox', negative_prompt: 'blur', steps: 10, width: 128, height: 64 },
      });
    const mapped = (await (await sdapi('sim-mapped')).json()) as {
      images: string[];
      parameters: { steps: number };
      info: string;
    };
    expect(pngSize(Buffer.from(mapped.images[0] ?? '', 'base64'))).toEqual({
      width: 128,
      height: 64,
    });
    expect(mapped.parameters.steps).toBe(10);
    expect(JSON.parse(mapped.info)).toMatchObject({ width: 128, height: 64 });
    const refused = await sdapi('sim-unmapped');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/sdapi\/txt2img/);
  });
});
