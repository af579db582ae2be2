// Random valid and invalid payloads for every call, through core's router on the simulator: every call answered with an Envelope, nothing thrown unhandled, the data folder opens again as it was.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invokeChannels, invokeSchemas, type InvokeChannel } from '../../../shared/channels';
import type { Envelope } from '../../../shared/types';
import { type Core, createCore } from '../../../electron/core/app';
import type { Host } from '../../../electron/core/features/context';
import { createJsonSettingsStore } from '../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../../electron/core/features/settings/vault';
import { RECOVERED_FOLDER } from '../../../electron/core/library/recovery';
import { makePng } from '../../e2e/files';
import { CUSTOM_RATE } from '../../../shared/rate';
import { type RunningSim, startSim } from '../../../sim/server';
import { snapshotFolder } from '../../soak/data-folder';
import { anyValue, inputOf, withKnownIds } from './schema-arbitrary';

const SEED = Number(process.env.FC_SEED ?? 3737);
const RUNS = Number(process.env.FC_RUNS ?? 200);
/** Service calls retry and wait their turn: a long run needs longer than the default. */
const TEST_TIMEOUT_MS = Math.max(120_000, RUNS * 250);
/** A call unanswered this long counts as never answered. */
const CALL_DEADLINE_MS = 20_000;

/**
 * What only a host can do, refused: a fuzzed MCP command line must never run, and no file is
 * saved or picked on the machine running the test.
 */
const refusingHost: Host = {
  openExternal: async () => false,
  saveMedia: async () => ({ saved: false }),
  confirmMcpCommand: async () => false,
  pickFile: async () => ({ path: null, canPick: false }),
};

/** The network is the simulator and the loopback (the demo service); any other address fails at once. */
function loopbackOnly(real: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')
      throw new TypeError(`fetch failed: ${url.hostname} is off limits in this test`);
    return real(input, init);
  };
}

/** The test's folder, simulator and cores (disposed after each test). */
const env = { dir: '', sim: null as unknown as RunningSim, cores: [] as Core[] };

let unhandled: unknown[] = [];
const onUnhandled = (error: unknown): void => {
  unhandled.push(error);
};
beforeEach(async () => {
  env.dir = await mkdtemp(join(tmpdir(), 'atelier-fuzz-'));
  // No rate limit on the simulator's side and the fastest plan on core's: the runs test inputs, not waiting.
  env.sim = await startSim({
    port: 0,
    debugPort: 0,
    chunkDelayMs: 0,
    minDebugPollMs: 0,
    rateLimit: false,
    // A fuzzed request the service refuses answers 400, not now and then 429 (a wait core honours).
    validationStatus: 400,
  });
  env.cores = [];
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  vi.stubGlobal('fetch', loopbackOnly(globalThis.fetch));
});
afterEach(async () => {
  for (const core of env.cores) await core.dispose();
  await env.sim.close();
  await rm(env.dir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  vi.unstubAllGlobals();
});

async function open(unexpected: string[]): Promise<Core> {
  const core = await createCore({
    dataDir: env.dir,
    host: refusingHost,
    vault: createFileVault(
      join(env.dir, 'key.bin'),
      createLocalKeyEncryptor(join(env.dir, 'local.key')),
    ),
    settingsStore: createJsonSettingsStore(join(env.dir, 'settings.json')),
    emit: () => undefined,
    fetch: loopbackOnly(fetch),
  });
  env.cores.push(core);
  // The router logs a failure that is not a UserError (a bug) with console.error; collect those.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args.map(String).join(' ').slice(0, 500));
  });
  return core;
}

/** Whether a value is an Envelope a host can carry: ok with data, or a UserError in words. */
function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as { ok?: unknown; data?: unknown; error?: unknown };
  if (envelope.ok === true) return 'data' in envelope;
  if (envelope.ok !== false) return false;
  const error = envelope.error as { code?: unknown; message?: unknown } | undefined;
  return (
    typeof error?.code === 'string' && typeof error.message === 'string' && error.message.length > 0
  );
}

/** Every id the answers gave out (conversations, folders, files, media, uploads…), for later calls. */
function collectIds(value: unknown, into: string[], key = ''): void {
  if (typeof value === 'string') {
    if ((key === 'id' || /Id$/.test(key)) && !into.includes(value) && into.length < 300)
      into.push(value);
    return;
  }
  if (Array.isArray(value)) for (const v of value) collectIds(v, into, key);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) collectIds(v, into, k);
}

async function answered(core: Core, channel: string, input: unknown): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve('unanswered'), CALL_DEADLINE_MS);
  });
  try {
    return await Promise.race([core.invoke(channel, input), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The service, the key, and a little of everything for valid ids to point at. */
async function seed(core: Core, ids: string[]): Promise<void> {
  const must = async (channel: string, input: unknown) => {
    const answer = await core.invoke(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    collectIds(answer.data, ids);
    return answer.data;
  };
  await must('settings.update', {
    baseUrl: env.sim.baseUrl,
    ratePlan: 'custom',
    customRequestsPerSecond: CUSTOM_RATE.max,
  });
  await must('key.set', { key: 'sim-fast' });
  const conversation = (await must('conversations.create', { model: 'openai/gpt-4o-mini' })) as {
    id: string;
  };
  await must('chat.send', { conversationId: conversation.id, text: 'Hello there' });
  await must('folders.create', { name: 'Seeds' });
  const png = makePng(24, 16);
  const { uploadId } = (await must('files.begin', {
    name: 'dot.png',
    mime: 'image/png',
    size: png.length,
  })) as {
    uploadId: string;
  };
  await must('files.chunk', { uploadId, offset: 0, bytes: png });
  const file = (await must('files.finish', { uploadId })) as { fileId: string };
  await must('attachments.prepare', { fileId: file.fileId });
}

/**
 * The service, its rate and the key back after a fuzzed call may have changed them (or the service
 * asked for a long wait), so later calls reach the simulator at once.
 */
async function reconnect(core: Core): Promise<void> {
  await core.invoke('demo.leave', {});
  await core.invoke('rate.retryNow', {});
  await core.invoke('settings.update', {
    baseUrl: env.sim.baseUrl,
    ratePlan: 'custom',
    customRequestsPerSecond: CUSTOM_RATE.max,
  });
  await core.invoke('key.set', { key: 'sim-fast' });
}

/** One call: a channel of the map (or now and then a name that is none) with its input. */
const callArbitrary = fc.oneof(
  {
    weight: 20,
    arbitrary: fc
      .constantFrom(...invokeChannels)
      .chain((channel: InvokeChannel) =>
        inputOf(invokeSchemas[channel]).map((input) => ({ channel: channel as string, input })),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      channel: fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('__proto__', 'constructor', 'toString'),
      ),
      input: anyValue,
    }),
  },
);

describe('core behind its router, fuzzed', () => {
  it(
    `answers every call with an Envelope and throws nothing unhandled (${RUNS} runs, seed ${SEED})`,
    async () => {
      const unexpected: string[] = [];
      const core = await open(unexpected);
      const ids: string[] = [];
      await seed(core, ids);
      const problems: string[] = [];
      let handled = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(callArbitrary, { minLength: 1, maxLength: 4 }), async (calls) => {
          for (const { channel, input } of calls) {
            const given = withKnownIds(input, ids);
            const answer = await answered(core, channel, given);
            if (!isEnvelope(answer)) {
              problems.push(`${channel} answered ${String(answer)} to ${fc.stringify(given)}`);
              continue;
            }
            try {
              JSON.stringify(answer);
            } catch (e) {
              problems.push(`${channel}'s answer cannot travel as JSON: ${String(e)}`);
            }
            if (answer.ok) {
              handled += 1;
              collectIds(answer.data, ids);
            }
          }
          await reconnect(core);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(problems).toEqual([]);
      expect(unexpected).toEqual([]);
      expect(unhandled.map(String)).toEqual([]);
      // The draws reach the handlers, not only the schemas' refusals.
      expect(handled).toBeGreaterThan(RUNS / 4);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'leaves a data folder that opens again with nothing set aside and every conversation there',
    async () => {
      const unexpected: string[] = [];
      const core = await open(unexpected);
      const ids: string[] = [];
      await seed(core, ids);
      await fc.assert(
        fc.asyncProperty(fc.array(callArbitrary, { minLength: 1, maxLength: 4 }), async (calls) => {
          for (const { channel, input } of calls)
            await answered(core, channel, withKnownIds(input, ids));
          await reconnect(core);
        }),
        { seed: SEED + 1, numRuns: RUNS },
      );
      const before = await core.invoke('conversations.list', {});
      await core.dispose();
      env.cores.splice(env.cores.indexOf(core), 1);
      const setAside = async () =>
        [...(await snapshotFolder(env.dir)).keys()].filter((p) =>
          p.startsWith(`${RECOVERED_FOLDER}/`),
        );
      const asideBefore = await setAside();

      const again = await open(unexpected);
      const after = await again.invoke('conversations.list', {});
      expect(after.ok).toBe(true);
      expect(before.ok).toBe(true);
      if (!after.ok || !before.ok) return;
      const listed = (envelope: typeof after) =>
        (envelope.data as { items: Array<{ id: string }> }).items.map((i) => i.id).sort();
      expect(listed(after)).toEqual(listed(before));
      expect((after.data as { problems: unknown[] }).problems).toEqual([]);
      expect(await setAside()).toEqual(asideBefore);
      expect(unhandled.map(String)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
