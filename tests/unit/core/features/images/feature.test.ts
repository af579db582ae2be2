// The Images feature in core against the simulator: what is sent, what is kept, what is refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventChannel, EventPayloads } from '../../../../../shared/channels';
import {
  IMAGE_SOURCE_MAX_BYTES,
  imageShapeOf,
  maxSourceImagesOf,
} from '../../../../../shared/images';
import { ANSWER_MAX_BYTES } from '../../../../../shared/service-limits';
import type { ModelInfo } from '../../../../../shared/types';
import { UPLOAD_CHUNK_BYTES } from '../../../../../shared/upload-limits';
import type { Feature, FeatureContext } from '../../../../../electron/core/features/context';
import type { SpendingLedger } from '../../../../../electron/core/features/spending/ledger';
import {
  checkImageBytes,
  decodeImageBase64,
  type ImageChannel,
  openImagesFeature,
} from '../../../../../electron/core/features/images/feature';
import { createFileStore, type FileStore } from '../../../../../electron/core/library/files';
import { createMediaLibrary, type MediaLibrary } from '../../../../../electron/core/library/media';
import type { ModelCatalog } from '../../../../../electron/core/features/account/models';
import type { BalanceMonitor } from '../../../../../electron/core/features/account/balance';
import { createScheduler } from '../../../../../electron/core/service/scheduler';
import { createServiceClient } from '../../../../../electron/core/service/client';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { picturePng } from '../../../../../sim/media/png';
import { startSim } from '../../../../../sim/server';

type Sim = Awaited<ReturnType<typeof startSim>>;

/** A part of the context this feature never touches: any use of it fails the test. */
function notUsed<T>(): T {
  return new Proxy(
    {},
    {
      get: () => {
        throw new Error('not used');
      },
    },
  ) as T;
}

interface Harness {
  handlers: Feature<ImageChannel>['handlers'];
  media: MediaLibrary;
  files: FileStore;
  events: Array<{ event: EventChannel; payload: unknown }>;
  /** JSON bodies the client sent, in order. */
  sent: Array<Record<string, unknown>>;
  refreshSoon: ReturnType<typeof vi.fn>;
}

let sim: Sim;
let dir: string;
let harness: Harness;

/** `serve` answers a request in place of the simulator when it returns a Response. */
async function makeHarness(
  key: string,
  serve: (url: string) => Response | null = () => null,
): Promise<Harness> {
  const sent: Array<Record<string, unknown>> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') sent.push(JSON.parse(init.body) as Record<string, unknown>);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return serve(url) ?? fetch(input, init);
  };
  const client = createServiceClient({
    connection: () => ({ baseUrl: sim.baseUrl, apiKey: key }),
    scheduler: createScheduler({ plan: 'custom', customPerSecond: 9 }),
    fetch: recordingFetch,
  });
  const list = await client.listModels();
  const models = {
    list: async () => list,
    modelOf: (id: string) => list.find((m) => m.id === id) ?? null,
  } as unknown as ModelCatalog;
  const refreshSoon = vi.fn();
  const balance = { refreshSoon } as unknown as BalanceMonitor;
  const files = await createFileStore(join(dir, 'files'));
  const media = await createMediaLibrary(join(dir, 'media'));
  const events: Harness['events'] = [];
  const ctx: FeatureContext = {
    dataDir: dir,
    client,
    emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => {
      events.push({ event, payload });
    },
    models,
    balance,
    scheduler: notUsed(),
    host: notUsed(),
    state: { current: () => ({ priceBasis: 'auto' }) } as unknown as FeatureContext['state'],
    conversations: notUsed(),
    files,
    media,
    recovery: notUsed(),
    spending: { record: vi.fn(), refunded: vi.fn() } as unknown as SpendingLedger,
  };
  return {
    handlers: (await openImagesFeature(ctx)).handlers,
    media,
    files,
    events,
    sent,
    refreshSoon,
  };
}

async function upload(files: FileStore, name: string, bytes: Buffer): Promise<string> {
  const { uploadId } = files.begin({ name, mime: 'image/png', size: bytes.length });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES)
    await files.chunk({
      uploadId,
      offset,
      bytes: bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES),
    });
  return (await files.finish(uploadId)).fileId;
}

async function failure(answer: unknown): Promise<ServiceError> {
  const error = await Promise.resolve(answer).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

beforeEach(async () => {
  sim = await startSim({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'atelier-images-'));
  harness = await makeHarness('sim-fast');
});

afterEach(async () => {
  await harness.files.dispose();
  await harness.media.flush();
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

describe('images.generate', () => {
  it('asks for one b64_json picture and keeps it with its prompt, model, cost and settings', async () => {
    const answer = await harness.handlers['images.generate']({
      requestId: 'r1',
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'a red fox',
      size: '320x200',
    });
    expect(harness.sent.at(-1)).toMatchObject({
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
    const stored = await harness.media.read(item!.id);
    expect(checkImageBytes(stored)).toBe('image/png');
    expect(harness.media.list('image').total).toBe(1);
    expect(harness.events).toContainEqual({ event: 'media.changed', payload: { kind: 'image' } });
    expect(harness.refreshSoon).toHaveBeenCalled();

    // A restart opens the library again from disk: the picture and how it was made are there.
    await harness.media.flush();
    const reopened = await createMediaLibrary(join(dir, 'media'));
    expect(reopened.get(item!.id)).toEqual(item);
  });

  it('downloads a picture the service answers as a link under the picture cap, not the film one', async () => {
    const link = 'https://cdn.example.com/fox.png';
    const big = ANSWER_MAX_BYTES.image + 1;
    await harness.files.dispose();
    harness = await makeHarness('sim-fast', (url) => {
      if (url.endsWith('/images/generations'))
        return Response.json({ created: 1, data: [{ url: link }] });
      if (url === link)
        return new Response(new ReadableStream({ pull: () => undefined }), {
          headers: { 'content-type': 'image/png', 'content-length': String(big) },
        });
      return null;
    });
    const error = await failure(
      harness.handlers['images.generate']({
        requestId: 'r1',
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: 'a red fox',
      }),
    );
    expect(error.error.code).toBe('too_large');
    expect(harness.media.list('image').total).toBe(0);
  });

  it('sends aspect_ratio to a model that needs it', async () => {
    const answer = await harness.handlers['images.generate']({
      requestId: 'r2',
      model: 'img-black-forest-labs/flux-1.1-pro',
      prompt: 'a wide sea',
      aspectRatio: '16:9',
    });
    expect(harness.sent.at(-1)).toMatchObject({ aspect_ratio: '16:9' });
    expect(harness.sent.at(-1)).not.toHaveProperty('size');
    expect(answer.items[0]).toMatchObject({ width: 1024, height: 576 });
  });

  it('refuses an answer that is not a picture and keeps nothing', async () => {
    const error = await failure(
      harness.handlers['images.generate']({
        requestId: 'r3',
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: '[[notimage]] a cat',
      }),
    );
    expect(error.error.code).toBe('malformed_response');
    expect(error.error.message).toMatch(/not an image/);
    expect(harness.media.list('image').total).toBe(0);
    expect(harness.events.some((e) => e.event === 'media.changed')).toBe(false);
  });

  it('says "retrying" while the service answers 504, and clears it at the end', async () => {
    await fetch(`${sim.hostRoot}/__sim/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 504, count: 1, path: '/images/generations' }),
    });
    await harness.handlers['images.generate']({
      requestId: 'r4',
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'patience',
    });
    const progress = harness.events.filter((e) => e.event === 'images.progress');
    expect(progress[0]?.payload).toMatchObject({ requestId: 'r4', retrying: { attempt: 1 } });
    expect(progress.at(-1)?.payload).toEqual({ requestId: 'r4', retrying: null });
  });
});

describe('images.edit', () => {
  it('sends sources as image_url, image2_url in order, and keeps uploads in the library once', async () => {
    const first = picturePng('one', 80, 60);
    const second = picturePng('two', 64, 64);
    const a = await upload(harness.files, 'one.png', first);
    const b = await upload(harness.files, 'two.png', second);
    const answer = await harness.handlers['images.edit']({
      requestId: 'e1',
      model: 'img2img-google/gemini-2.5-flash-image',
      prompt: 'together',
      sources: [{ fileId: b }, { fileId: a }],
    });
    const body = harness.sent.at(-1)!;
    expect(body.image_url).toBe(`data:image/png;base64,${second.toString('base64')}`);
    expect(body.image2_url).toBe(`data:image/png;base64,${first.toString('base64')}`);
    expect(answer.sourceIds).toHaveLength(2);
    expect(answer.items[0]?.sources).toEqual(answer.sourceIds);
    expect(harness.media.get(answer.sourceIds[0]!).title).toBe('two.png');
    expect(harness.media.list('image').total).toBe(3);

    // The same upload again is not copied again; a library picture can be a source too.
    const again = await harness.handlers['images.edit']({
      requestId: 'e2',
      model: 'img2img-google/gemini-2.5-flash-image',
      prompt: 'again',
      sources: [{ fileId: a }, { mediaId: answer.items[0]!.id }],
    });
    expect(again.sourceIds).toEqual([answer.sourceIds[1], answer.items[0]!.id]);
    expect(harness.media.list('image').total).toBe(4);
  });

  it('edits through /images/edits with the mapped id when asked, as a multipart form', async () => {
    const fileId = await upload(harness.files, 'src.png', picturePng('src', 32, 32));
    const before = harness.sent.length;
    const answer = await harness.handlers['images.edit']({
      requestId: 'e-edits',
      model: 'gpt-image-1',
      prompt: 'make it blue',
      sources: [{ fileId }],
      endpoint: 'edits',
    });
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]!.params).toMatchObject({ mode: 'edit', endpoint: 'edits' });
    // A form, not a JSON body: nothing JSON was sent for this edit.
    expect(harness.sent.length).toBe(before);
    const log = (await (await fetch(`${sim.hostRoot}/__sim/requests`)).json()) as Array<{
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
    const fileId = await upload(harness.files, 'wide.png', wide);
    await harness.handlers['images.edit']({
      requestId: 'e3',
      model: 'img2img-black-forest-labs/flux-kontext-pro',
      prompt: 'sharpen',
      sources: [{ fileId }],
    });
    const uri = String(harness.sent.at(-1)!.image_url);
    const sent = await Jimp.read(Buffer.from(uri.split(',')[1]!, 'base64'));
    expect([sent.width, sent.height]).toEqual([2048, 256]);
  });

  it('refuses a source over the byte limit with its size and the limit, before any request', async () => {
    const big = Buffer.concat([picturePng('big', 64, 64), Buffer.alloc(IMAGE_SOURCE_MAX_BYTES)]);
    const fileId = await upload(harness.files, 'big.png', big);
    const error = await failure(
      harness.handlers['images.edit']({
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
    expect(harness.sent).toHaveLength(0);
  });

  it('refuses a file that is not a picture; more sources than the model takes is the service’s to refuse', async () => {
    const { uploadId } = harness.files.begin({ name: 'fake.png', mime: 'image/png', size: 5 });
    await harness.files.chunk({
      uploadId,
      offset: 0,
      bytes: Buffer.from('hello'),
    });
    const text = (await harness.files.finish(uploadId)).fileId;
    const notPicture = await failure(
      harness.handlers['images.edit']({
        requestId: 'e5',
        model: 'img2img-google/gemini-2.5-flash-image',
        prompt: 'x',
        sources: [{ fileId: text }],
      }),
    );
    expect(notPicture.error.message).toMatch(/fake\.png.*not a PNG/);

    const one = await upload(harness.files, 'one.png', picturePng('one', 64, 64));
    const tooMany = await failure(
      harness.handlers['images.edit']({
        requestId: 'e6',
        model: 'img2img-black-forest-labs/flux-kontext-pro',
        prompt: 'x',
        sources: [{ fileId: one }, { fileId: one }],
      }),
    );
    // The list does not state this model's limit, so the request goes and the service's words show.
    expect(tooMany.error.message).toMatch(/accepts at most 1 source image; got 2/);
    expect(harness.sent.at(-1)).toHaveProperty('image2_url');
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
    const answer = await harness.handlers['images.sdTxt2img']({
      requestId: 's1',
      prompt: 'a castle',
      negativePrompt: 'fog',
      steps: 10,
      width: 256,
      height: 192,
    });
    expect(harness.sent.at(-1)).toEqual({
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

describe('answer checks', () => {
  it('reads only strict base64 and only PNG, JPEG or WEBP bytes', () => {
    const png = picturePng('x', 8, 8);
    expect(decodeImageBase64(png.toString('base64')).equals(png)).toBe(true);
    expect(decodeImageBase64(`data:image/png;base64,${png.toString('base64')}`).equals(png)).toBe(
      true,
    );
    expect(() => decodeImageBase64('not base64!')).toThrow(ServiceError);
    expect(() => decodeImageBase64('')).toThrow(/not base64/);
    expect(() => checkImageBytes(Buffer.from('GIF89a......'))).toThrow(/not an image/);
    expect(checkImageBytes(png)).toBe('image/png');
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
    await fetch(`${sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'rich' }),
    });
    const client = createServiceClient({
      connection: () => ({ baseUrl: sim.baseUrl, apiKey: 'sim-fast' }),
      scheduler: createScheduler({ plan: 'custom', customPerSecond: 9 }),
    });
    const list = await client.listModels();
    const byId = (id: string) => list.find((m) => m.id === id);
    expect(byId('img2img-google/gemini-2.5-flash-image')?.limits).toEqual({ maxSourceImages: 10 });
    expect(byId('img-black-forest-labs/flux-1.1-pro')?.limits).toEqual({
      requiresAspectRatio: true,
    });
    expect(byId('openai/dall-e-3')?.limits?.sizes).toContain('1792x1024');
    await fetch(`${sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'minimal' }),
    });
  });
});
