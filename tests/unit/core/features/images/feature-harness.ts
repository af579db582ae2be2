// The Images feature opened against the simulator for each test, with the parts of the context it uses, a record of what it sent, and the helpers its tests share.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { EventChannel, EventPayloads } from '../../../../../shared/channels';
import { UPLOAD_CHUNK_BYTES } from '../../../../../shared/upload-limits';
import type { Feature, FeatureContext } from '../../../../../electron/core/features/context';
import type { SpendingLedger } from '../../../../../electron/core/features/spending/ledger';
import {
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

export interface Harness {
  handlers: Feature<ImageChannel>['handlers'];
  media: MediaLibrary;
  files: FileStore;
  events: Array<{ event: EventChannel; payload: unknown }>;
  /** JSON bodies the client sent, in order. */
  sent: Array<Record<string, unknown>>;
  refreshSoon: ReturnType<typeof vi.fn>;
}

export interface ImagesEnv {
  sim: Sim;
  dir: string;
  /** The feature on the 'sim-fast' key; a test may open another in its place. */
  harness: Harness;
}

/** A fresh simulator, data folder and feature for each test of the calling file. */
export const env = {} as ImagesEnv;

/** `serve` answers a request in place of the simulator when it returns a Response. */
export async function makeHarness(
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
    connection: () => ({ baseUrl: env.sim.baseUrl, apiKey: key }),
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
  const files = await createFileStore(join(env.dir, 'files'));
  const media = await createMediaLibrary(join(env.dir, 'media'));
  const events: Harness['events'] = [];
  const ctx: FeatureContext = {
    dataDir: env.dir,
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

export async function upload(files: FileStore, name: string, bytes: Buffer): Promise<string> {
  const { uploadId } = files.begin({ name, mime: 'image/png', size: bytes.length });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES)
    await files.chunk({
      uploadId,
      offset,
      bytes: bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES),
    });
  return (await files.finish(uploadId)).fileId;
}

export async function failure(answer: unknown): Promise<ServiceError> {
  const error = await Promise.resolve(answer).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

beforeEach(async () => {
  env.sim = await startSim({ port: 0 });
  env.dir = await mkdtemp(join(tmpdir(), 'atelier-images-'));
  env.harness = await makeHarness('sim-fast');
});

afterEach(async () => {
  await env.harness.files.dispose();
  await env.harness.media.flush();
  await env.sim.close();
  await rm(env.dir, { recursive: true, force: true });
});
