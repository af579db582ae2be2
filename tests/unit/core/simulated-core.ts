// One core against the simulator per test, as the renderer drives it: calls, uploads, the end of a chat turn.
import { requestPurpose, type RequestPurpose } from '../../../sim/request-purpose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { EventChannel, EventPayloads } from '../../../shared/channels';
import type { ChatEvent, Envelope, StoredFile } from '../../../shared/types';
import { CUSTOM_RATE } from '../../../shared/rate';
import { UPLOAD_CHUNK_BYTES } from '../../../shared/upload-limits';
import { type Core, createCore } from '../../../electron/core/app';
import { createWebHost } from '../../../dev/web-host';
import { createJsonSettingsStore } from '../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../../electron/core/features/settings/vault';
import { openRecovery } from '../../../electron/core/library/recovery';
import { type RunningSim, startSim } from '../../../sim/server';
import type { ToolProvider } from '../../../electron/core/features/chat/tool-provider';

export interface SimulatedCoreEnv {
  dir: string;
  sim: RunningSim;
  /** Disposed after each test; a test that disposes one itself empties the list. */
  cores: Core[];
  /**
   * Bodies of every chat request core sent, parsed, each with what the simulator's request log
   * says it was for (a turn or the background title request).
   */
  chatBodies: Array<{
    model: string;
    messages: Array<{ role: string; content: unknown }>;
    purpose: RequestPurpose | undefined;
  }>;
}

/** A fresh data folder and simulator for each test of the calling file. */
export const env = {} as SimulatedCoreEnv;

beforeEach(async () => {
  env.dir = await mkdtemp(join(tmpdir(), 'atelier-intake-'));
  // The simulator's own rate off: no test of these files is about it, and core's keeps its order.
  env.sim = await startSim({
    port: 0,
    debugPort: 0,
    chunkDelayMs: 0,
    minDebugPollMs: 0,
    rateLimit: false,
  });
  env.cores = [];
  env.chatBodies = [];
});

afterEach(async () => {
  for (const core of env.cores) await core.dispose();
  await env.sim.close();
  await rm(env.dir, { recursive: true, force: true });
});

export async function openCore(
  opts: {
    debugLatestIntervalMs?: number;
    dataDir?: string;
    toolProvider?: ToolProvider;
    /** Stands between core and the simulator (chat bodies are then not recorded). */
    fetch?: typeof fetch;
  } = {},
) {
  const emitted: Array<{ event: EventChannel; payload: unknown }> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/chat/completions') && typeof init?.body === 'string')
      env.chatBodies.push({
        ...(JSON.parse(init.body) as Omit<(typeof env.chatBodies)[number], 'purpose'>),
        purpose: requestPurpose('POST', url, Buffer.from(init.body)),
      });
    return fetch(input, init);
  };
  const dataDir = opts.dataDir ?? env.dir;
  const recovery = openRecovery(dataDir);
  const core = await createCore({
    dataDir,
    recovery,
    host: createWebHost(() => undefined),
    vault: createFileVault(
      join(dataDir, 'key.bin'),
      createLocalKeyEncryptor(join(dataDir, 'local.key'), { recovery }),
      { recovery },
    ),
    settingsStore: createJsonSettingsStore(join(dataDir, 'settings.json'), { recovery }),
    emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => {
      emitted.push({ event, payload: structuredClone(payload) });
    },
    fetch: recordingFetch,
    ...opts,
  });
  env.cores.push(core);

  async function attempt<T>(channel: string, input: unknown = {}): Promise<Envelope<T>> {
    return (await core.invoke(channel, input)) as Envelope<T>;
  }
  async function call<T>(channel: string, input: unknown = {}): Promise<T> {
    const answer = await attempt<T>(channel, input);
    if (!answer.ok)
      throw new Error(`${channel} failed: ${answer.error.code} ${answer.error.message}`);
    return answer.data;
  }
  async function upload(name: string, mime: string, bytes: Buffer): Promise<StoredFile> {
    const { uploadId } = await call<{ uploadId: string }>('files.begin', {
      name,
      mime,
      size: bytes.length,
    });
    for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
      const part = bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
      await call('files.chunk', { uploadId, offset, bytes: part });
    }
    return call<StoredFile>('files.finish', { uploadId });
  }
  async function turnEnd(conversationId: string): Promise<ChatEvent> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const end = emitted
        .filter((e) => e.event === 'chat.event')
        .map((e) => e.payload as ChatEvent)
        .find(
          (e) => e.conversationId === conversationId && (e.type === 'done' || e.type === 'error'),
        );
      if (end) return end;
      if (Date.now() > deadline) throw new Error('the turn did not end');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  // The quickest rate a person may set: the FAST plan itself starts at 1 per 2 s and learns.
  await call('settings.update', {
    baseUrl: env.sim.baseUrl,
    ratePlan: 'custom',
    customRequestsPerSecond: CUSTOM_RATE.max,
  });
  await call('key.set', { key: 'sim-fast' });
  return { core, call, attempt, upload, turnEnd, emitted };
}
