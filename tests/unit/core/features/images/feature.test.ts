// The Images feature in core against the simulator: what is sent, what is kept, what is refused.
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_SOURCE_MAX_BYTES,
  imageShapeOf,
  maxSourceImagesOf,
} from '../../../../../shared/images';
import { ANSWER_MAX_BYTES } from '../../../../../shared/service-limits';
import type { ModelInfo } from '../../../../../shared/types';
import { checkImageBytes } from '../../../../../electron/core/features/images/answers';
import { createMediaLibrary } from '../../../../../electron/core/library/media';
import { createScheduler } from '../../../../../electron/core/service/scheduler';
import { createServiceClient } from '../../../../../electron/core/service/client';
import { picturePng } from '../../../../../sim/media/png';
import { env, failure, makeHarness, upload } from './feature-harness';

describe('images.generate', () => {
  it('asks for one b64_json picture and keeps it with its prompt, model, cost and settings', async () => {
    const answer = await env.harness.handlers['images.generate']({
      requestId: 'r1',
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'a red fox',
      size: '320x200',
    });
    expect(env.harness.sent.at(-1)).toMatchObject({
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'a red fox',
      size: '320x200',
      n: 1,
      response_format: 'b64_json',
    });
    const [item] = answer.items;
    expect(item).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      title: 'a red fox',
      model: 'img-stable/stable-diffusion-xl-1024',
      width: 320,
      height: 200,
      params: { mode: 'generate', prompt: 'a red fox', size: '320x200' },
    });
    expect(answer.cost).toMatch(/^0\.004/);
    expect(item?.cost).toBe(answer.cost);
    const stored = await env.harness.media.read(item!.id);
    expect(checkImageBytes(stored)).toBe('image/png');
    expect(env.harness.media.list('image').total).toBe(1);
    expect(env.harness.events).toContainEqual({
      event: 'media.changed',
      payload: { kind: 'image' },
    });
    expect(env.harness.refreshSoon).toHaveBeenCalled();

    // A restart opens the library again from disk: the picture and how it was made are there.
    await env.harness.media.flush();
    const reopened = await createMediaLibrary(join(env.dir, 'media'));
    expect(reopened.get(item!.id)).toEqual(item);
  });

  it('downloads a picture the service answers as a link under the picture cap, not the film one', async () => {
    const link = 'https://cdn.example.com/fox.png';
    const big = ANSWER_MAX_BYTES.image + 1;
    await env.harness.files.dispose();
    env.harness = await makeHarness('sim-fast', (url) => {
      if (url.endsWith('/images/generations'))
        return Response.json({ created: 1, data: [{ url: link }] });
      if (url === link)
        return new Response(new ReadableStream({ pull: () => undefined }), {
          headers: { 'content-type': 'image/png', 'content-length': String(big) },
        });
      return null;
    });
    const error = await failure(
      env.harness.handlers['images.generate']({
        requestId: 'r1',
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: 'a red fox',
      }),
    );
    expect(error.error.code).toBe('too_large');
    expect(env.harness.media.list('image').total).toBe(0);
  });

  it('sends aspect_ratio to a model that needs it', async () => {
    const answer = await env.harness.handlers['images.generate']({
      requestId: 'r2',
      model: 'img-black-forest-labs/flux-1.1-pro',
      prompt: 'a wide sea',
      aspectRatio: '16:9',
    });
    expect(env.harness.sent.at(-1)).toMatchObject({ aspect_ratio: '16:9' });
    expect(env.harness.sent.at(-1)).not.toHaveProperty('size');
    expect(answer.items[0]).toMatchObject({ width: 1024, height: 576 });
  });

  it('refuses an answer that is not a picture and keeps nothing', async () => {
    const error = await failure(
      env.harness.handlers['images.generate']({
        requestId: 'r3',
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: '[[notimage]] a cat',
      }),
    );
    expect(error.error.code).toBe('malformed_response');
    expect(error.error.message).toMatch(/not an image/);
    expect(env.harness.media.list('image').total).toBe(0);
    expect(env.harness.events.some((e) => e.event === 'media.changed')).toBe(false);
  });

  it('says "retrying" while the service answers 504, and clears it at the end', async () => {
    await fetch(`${env.sim.hostRoot}/__sim/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 504, count: 1, path: '/images/generations' }),
    });
    await env.harness.handlers['images.generate']({
      requestId: 'r4',
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'patience',
    });
    const progress = env.harness.events.filter((e) => e.event === 'images.progress');
    expect(progress[0]?.payload).toMatchObject({ requestId: 'r4', retrying: { attempt: 1 } });
    expect(progress.at(-1)?.payload).toEqual({ requestId: 'r4', retrying: null });
  });
});

describe('images.edit', () => {
  it('sends sources as image_url, image2_url in order, and keeps uploads in the library once', async () => {
    const first = picturePng('one', 80, 60);
    const second = picturePng('two', 64, 64);
    const a = await upload(env.harness.files, 'one.png', first);
    const b = await upload(env.harness.files, 'two.png', second);
    const answer = await env.harness.handlers['images.edit']({
      requestId: 'e1',
      model: 'img2img-google/gemini-2.5-flash-image',
      prompt: 'together',
      sources: [{ fileId: b }, { fileId: a }],
    });
    const body = env.harness.sent.at(-1)!;
    expect(body.image_url).toBe(`data:image/png;base64,${second.toString('base64')}`);
    expect(body.image2_url).toBe(`data:image/png;base64,${first.toString('base64')}`);
    expect(answer.sourceIds).toHaveLength(2);
    expect(answer.items[0]?.sources).toEqual(answer.sourceIds);
    expect(env.harness.media.get(answer.sourceIds[0]!).title).toBe('two.png');
    expect(env.harness.media.list('image').total).toBe(3);

    // The same upload again is not copied again; a library picture can be a source too.
    const again = await env.harness.handlers['images.edit']({
      requestId: 'e2',
      model: 'img2img-google/gemini-2.5-flash-image',
      prompt: 'again',
      sources: [{ fileId: a }, { mediaId: answer.items[0]!.id }],
    });
    expect(again.sourceIds).toEqual([answer.sourceIds[1], answer.items[0]!.id]);
    expect(env.harness.media.list('image').total).toBe(4);
  });

  it('edits through /images/edits with the mapped id when asked, as a multipart form', async () => {
    const fileId = await upload(env.harness.files, 'src.png', picturePng('src', 32, 32));
    const before = env.harness.sent.length;
    const answer = await env.harness.handlers['images.edit']({
      requestId: 'e-edits',
      model: 'gpt-image-1',
      prompt: 'make it blue',
      sources: [{ fileId }],
      endpoint: 'edits',
    });
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]!.params).toMatchObject({ mode: 'edit', endpoint: 'edits' });
    // A form, not a JSON body: nothing JSON was sent for this edit.
    expect(env.harness.sent.length).toBe(before);
    const log = (await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Array<{
      path: string;
    }>;
    expect(log.filter((r) => r.path.startsWith('/v1/images/')).at(-1)?.path).toBe(
      '/v1/images/edits',
    );
  });

  it('scales a source that is only too large in pixels', async () => {
    const wide = await new Jimp({ width: 2400, height: 300, color: 0x3366ccff }).getBuffer(
      'image/png',
    );
    const fileId = await upload(env.harness.files, 'wide.png', wide);
    await env.harness.handlers['images.edit']({
      requestId: 'e3',
      model: 'img2img-black-forest-labs/flux-kontext-pro',
      prompt: 'sharpen',
      sources: [{ fileId }],
    });
    const uri = String(env.harness.sent.at(-1)!.image_url);
    const sent = await Jimp.read(Buffer.from(uri.split(',')[1]!, 'base64'));
    expect([sent.width, sent.height]).toEqual([2048, 256]);
  });

  it('refuses a source over the byte limit with its size and the limit, before any request', async () => {
    const big = Buffer.concat([picturePng('big', 64, 64), Buffer.alloc(IMAGE_SOURCE_MAX_BYTES)]);
    const fileId = await upload(env.harness.files, 'big.png', big);
    const error = await failure(
      env.harness.handlers['images.edit']({
        requestId: 'e4',
        model: 'img2img-black-forest-labs/flux-kontext-pro',
        prompt: 'x',
        sources: [{ fileId }],
      }),
    );
    expect(error.error).toMatchObject({
      code: 'invalid_input',
      details: { size: big.length, limit: IMAGE_SOURCE_MAX_BYTES },
    });
    expect(error.error.message).toContain('big.png');
    expect(error.error.message).toContain('the limit is 10 MB');
    expect(env.harness.sent).toHaveLength(0);
  });

  it('refuses a file that is not a picture; more sources than the model takes is the service’s to refuse', async () => {
    const { uploadId } = env.harness.files.begin({ name: 'fake.png', mime: 'image/png', size: 5 });
    await env.harness.files.chunk({
      uploadId,
      offset: 0,
      bytes: Buffer.from('hello'),
    });
    const text = (await env.harness.files.finish(uploadId)).fileId;
    const notPicture = await failure(
      env.harness.handlers['images.edit']({
        requestId: 'e5',
        model: 'img2img-google/gemini-2.5-flash-image',
        prompt: 'x',
        sources: [{ fileId: text }],
      }),
    );
    expect(notPicture.error.message).toMatch(/fake\.png.*not a PNG/);

    const one = await upload(env.harness.files, 'one.png', picturePng('one', 64, 64));
    const tooMany = await failure(
      env.harness.handlers['images.edit']({
        requestId: 'e6',
        model: 'img2img-black-forest-labs/flux-kontext-pro',
        prompt: 'x',
        sources: [{ fileId: one }, { fileId: one }],
      }),
    );
    // The list does not state this model's limit, so the request goes and the service's words show.
    expect(tooMany.error.message).toMatch(/accepts at most 1 source image; got 2/);
    expect(env.harness.sent.at(-1)).toHaveProperty('image2_url');
    // A limit the list states is kept before sending.
    const stated: ModelInfo = {
      id: 'img2img-black-forest-labs/flux-kontext-pro',
      name: 'Kontext',
      kind: 'image-edit',
      promptPrice: null,
      completionPrice: null,
      contextLength: null,
      badges: [],
      description: null,
      limits: { maxSourceImages: 1 },
    };
    expect(maxSourceImagesOf(stated)).toBe(1);
  });
});

describe('images.sdTxt2img', () => {
  it('keeps the returned picture with the cost from info', async () => {
    const answer = await env.harness.handlers['images.sdTxt2img']({
      requestId: 's1',
      prompt: 'a castle',
      negativePrompt: 'fog',
      steps: 10,
      width: 256,
      height: 192,
    });
    expect(env.harness.sent.at(-1)).toEqual({
      prompt: 'a castle',
      negative_prompt: 'fog',
      steps: 10,
      width: 256,
      height: 192,
    });
    expect(answer.items[0]).toMatchObject({
      width: 256,
      height: 192,
      params: { mode: 'sdapi', negativePrompt: 'fog', steps: 10, size: '256x192' },
    });
    expect(answer.cost).toMatch(/^0\.00/);
  });

  it('marks the missing sdapi/txt2img mapping so the app can say how to make it', async () => {
    const other = await makeHarness('sim-nomapping');
    const error = await failure(
      other.handlers['images.sdTxt2img']({
        requestId: 's2',
        prompt: 'a castle',
        negativePrompt: '',
        steps: 10,
        width: 256,
        height: 256,
      }),
    );
    expect(error.error.details).toMatchObject({ mapping: 'sdapi/txt2img' });
    await other.files.dispose();
  });
});

describe('shape and limit rules', () => {
  const model = (id: string, limits?: ModelInfo['limits']): ModelInfo => ({
    id,
    name: id,
    kind: 'image',
    promptPrice: null,
    completionPrice: null,
    contextLength: null,
    badges: [],
    description: null,
    ...(limits ? { limits } : {}),
  });

  it('follows the list fields first, then known rules', () => {
    expect(imageShapeOf(model('x', { requiresAspectRatio: true }), 'x').kind).toBe('aspect');
    expect(imageShapeOf(model('x', { sizes: ['256x256'] }), 'x')).toEqual({
      kind: 'size',
      sizes: ['256x256'],
      fixed: true,
    });
    expect(imageShapeOf(undefined, 'openai/dall-e-3')).toMatchObject({ kind: 'size', fixed: true });
    expect(imageShapeOf(undefined, 'img-black-forest-labs/flux-1.1-pro').kind).toBe('aspect');
    expect(imageShapeOf(undefined, 'img-stable/any')).toMatchObject({ kind: 'size', fixed: false });
    expect(maxSourceImagesOf(model('y', { maxSourceImages: 4 }))).toBe(4);
    expect(maxSourceImagesOf(undefined)).toBeNull();
  });

  it('reads the limits the simulator lists in its rich profile', async () => {
    await fetch(`${env.sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'rich' }),
    });
    const client = createServiceClient({
      connection: () => ({ baseUrl: env.sim.baseUrl, apiKey: 'sim-fast' }),
      scheduler: createScheduler({ plan: 'custom', customPerSecond: 9 }),
    });
    const list = await client.listModels();
    const byId = (id: string) => list.find((m) => m.id === id);
    expect(byId('img2img-google/gemini-2.5-flash-image')?.limits).toEqual({ maxSourceImages: 10 });
    expect(byId('img-black-forest-labs/flux-1.1-pro')?.limits).toEqual({
      requiresAspectRatio: true,
    });
    expect(byId('openai/dall-e-3')?.limits?.sizes).toContain('1792x1024');
    await fetch(`${env.sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'minimal' }),
    });
  });
});
