// Core against the simulator over HTTP for the video tests: quick polls on both sides, uploads, and waiting for a job's state.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createCore, type Core } from '../../../../../electron/core/app';
import { createJsonSettingsStore } from '../../../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../../../../electron/core/features/settings/vault';
import { openRecovery } from '../../../../../electron/core/library/recovery';
import { createWebHost } from '../../../../../dev/web-host';
import { CUSTOM_RATE } from '../../../../../shared/rate';
import type { Envelope, StoredFile, VideoJob } from '../../../../../shared/types';
import { UPLOAD_CHUNK_BYTES } from '../../../../../shared/upload-limits';
import { startSim, type RunningSim } from '../../../../../sim/server';

/** The app's poll interval here, just above the simulator's minimum (the service's is 10 s). */
export const POLL_MS = 150;

export interface VideoCoreEnv {
  dir: string;
  sim: RunningSim;
  core: Core;
  /** The JSON bodies of /video/generate core sent, in order. */
  generated: Array<Record<string, unknown>>;
}

export const env = {} as VideoCoreEnv;

beforeEach(async () => {
  env.dir = await mkdtemp(join(tmpdir(), 'atelier-video-core-'));
  env.sim = await startSim({ port: 0, debugPort: 0, rateLimit: false, minVideoPollMs: 100 });
  env.generated = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/video/generate') && typeof init?.body === 'string')
      env.generated.push(JSON.parse(init.body) as Record<string, unknown>);
    return fetch(input, init);
  };
  const recovery = openRecovery(env.dir);
  env.core = await createCore({
    dataDir: env.dir,
    recovery,
    host: createWebHost(() => undefined),
    vault: createFileVault(
      join(env.dir, 'key.bin'),
      createLocalKeyEncryptor(join(env.dir, 'local.key'), { recovery }),
      { recovery },
    ),
    settingsStore: createJsonSettingsStore(join(env.dir, 'settings.json'), { recovery }),
    emit: () => undefined,
    videoPollIntervalMs: POLL_MS,
    fetch: recordingFetch,
  });
  await call('settings.update', {
    baseUrl: env.sim.baseUrl,
    ratePlan: 'custom',
    customRequestsPerSecond: CUSTOM_RATE.max,
  });
  await call('key.set', { key: 'sim-fast' });
});

afterEach(async () => {
  await env.core.dispose();
  await env.sim.close();
  await rm(env.dir, { recursive: true, force: true });
});

export async function attempt<T>(channel: string, input: unknown = {}): Promise<Envelope<T>> {
  return (await env.core.invoke(channel, input)) as Envelope<T>;
}

export async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const answer = await attempt<T>(channel, input);
  if (!answer.ok)
    throw new Error(`${channel} failed: ${answer.error.code} ${answer.error.message}`);
  return answer.data;
}

export async function upload(name: string, mime: string, bytes: Buffer): Promise<StoredFile> {
  const { uploadId } = await call<{ uploadId: string }>('files.begin', {
    name,
    mime,
    size: bytes.length,
  });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES)
    await call('files.chunk', {
      uploadId,
      offset,
      bytes: bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES),
    });
  return call<StoredFile>('files.finish', { uploadId });
}

/** The job as core lists it once `done` says so (polled every 50 ms, for up to 10 s). */
export async function jobWhen(id: string, done: (job: VideoJob) => boolean): Promise<VideoJob> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const job = (await call<VideoJob[]>('video.jobs')).find((j) => j.id === id);
    if (job && done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is still ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
