// createCore end to end against the simulator: settings, key, models, chat turns, stop, balance, demo, restart.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel, EventPayloads } from '../../../shared/channels';
import type { ServiceHold } from '../../../shared/rate';
import type { RecoveredFiles } from '../../../shared/storage';
import type {
  Balance,
  ChatEvent,
  Conversation,
  ConversationList,
  Envelope,
  ModelInfo,
  SearchHit,
  SettingsView,
} from '../../../shared/types';
import { type Core, createCore } from '../../../electron/core/app';
import { createWebHost } from '../../../dev/web-host';
import { createJsonSettingsStore } from '../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../../electron/core/features/settings/vault';
import { type RunningSim, startSim } from '../../../sim/server';

interface Emitted {
  event: EventChannel;
  payload: unknown;
}

let dir: string;
let sim: RunningSim | null;
let cores: Core[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-core-'));
  sim = null;
  cores = [];
});

afterEach(async () => {
  for (const core of cores) await core.dispose();
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

async function openCore() {
  const emitted: Emitted[] = [];
  const core = await createCore({
    dataDir: dir,
    host: createWebHost(() => undefined),
    vault: createFileVault(join(dir, 'key.bin'), createLocalKeyEncryptor(join(dir, 'local.key'))),
    settingsStore: createJsonSettingsStore(join(dir, 'settings.json')),
    emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => {
      emitted.push({ event, payload: structuredClone(payload) });
    },
  });
  cores.push(core);

  async function call<T>(channel: string, input: unknown = {}): Promise<T> {
    const answer = (await core.invoke(channel, input)) as Envelope<T>;
    if (!answer.ok)
      throw new Error(`${channel} failed: ${answer.error.code} ${answer.error.message}`);
    return answer.data;
  }

  const chatEvents = () =>
    emitted.filter((e) => e.event === 'chat.event').map((e) => e.payload as ChatEvent);

  /** Waits for the turn's closing event (done or error). */
  async function turnEnd(conversationId: string, seen = 0): Promise<ChatEvent> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const end = chatEvents()
        .filter(
          (e) => e.conversationId === conversationId && (e.type === 'done' || e.type === 'error'),
        )
        .at(seen);
      if (end) return end;
      if (Date.now() > deadline) throw new Error('the turn did not end');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return { core, emitted, call, chatEvents, turnEnd };
}

describe('core with the simulator', () => {
  it('sets up a connection, chats with history, and keeps everything across a restart', async () => {
    sim = await startSim({ port: 0, chunkDelayMs: 2 });
    const first = await openCore();
    const { call, turnEnd, emitted } = first;

    expect(await call<SettingsView>('settings.get')).toMatchObject({
      baseUrl: '',
      keySet: false,
      demo: false,
    });
    const updated = await call<SettingsView>('settings.update', {
      baseUrl: sim.hostRoot,
      ratePlan: 'custom',
      customRequestsPerSecond: 9,
    });
    expect(updated.baseUrl).toBe(sim.baseUrl);
    const keyed = await call<SettingsView>('key.set', { key: 'sim-fast' });
    expect(keyed).toMatchObject({ keySet: true, keyLast4: 'fast' });
    expect(keyed).not.toHaveProperty('key');

    const models = await call<ModelInfo[]>('models.list', {});
    expect(models.length).toBeGreaterThan(0);
    expect(models.some((m) => m.id === 'openai/gpt-4o-mini')).toBe(true);

    const conversation = await call<Conversation>('conversations.create', {});
    expect(conversation.model).toBe('openai/gpt-4o-mini');

    await call('chat.send', { conversationId: conversation.id, text: 'Hello there, simulator' });
    const firstEnd = await turnEnd(conversation.id);
    expect(firstEnd.type).toBe('done');
    if (firstEnd.type !== 'done') return;
    expect(firstEnd.message.content).toContain('I received 1 message');
    expect(firstEnd.message.status).toBe('done');
    const deltas = first
      .chatEvents()
      .filter((e): e is Extract<ChatEvent, { type: 'delta' }> => e.type === 'delta');
    expect(deltas.map((d) => d.content).join('')).toBe(firstEnd.message.content);

    await call('chat.send', { conversationId: conversation.id, text: 'And a second question' });
    const secondEnd = await turnEnd(conversation.id, 1);
    expect(secondEnd.type === 'done' && secondEnd.message.content).toContain(
      'I received 3 messages',
    );

    const list = await call<ConversationList>('conversations.list');
    expect(list.items[0]).toMatchObject({
      id: conversation.id,
      title: 'Hello there, simulator',
      messageCount: 4,
    });
    const hits = await call<SearchHit[]>('semantic.search', { query: 'SECOND question' });
    expect(hits[0]).toMatchObject({ conversationId: conversation.id });

    const balance = await call<Balance>('balance.get', { refresh: true });
    expect(balance.state).toBe('ok');
    expect(typeof balance.credits).toBe('string');

    // The key stays in core: not in settings, conversations, events or answers.
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain('sim-fast');
    expect(await readFile(join(dir, 'key.bin'), 'latin1')).not.toContain('sim-fast');
    for (const name of await readdir(join(dir, 'conversations'))) {
      expect(await readFile(join(dir, 'conversations', name), 'utf8')).not.toContain('sim-fast');
    }
    expect(JSON.stringify(emitted)).not.toContain('sim-fast');

    await first.core.dispose();
    // The service is gone at the next start: the model picker still fills from the disk cache.
    await sim.close();
    const baseUrl = sim.baseUrl;
    sim = null;
    const second = await openCore();
    expect((await second.call<ModelInfo[]>('models.list')).map((m) => m.id)).toEqual(
      models.map((m) => m.id),
    );
    expect(await second.call<SettingsView>('settings.get')).toMatchObject({
      baseUrl,
      ratePlan: 'custom',
      customRequestsPerSecond: 9,
      keySet: true,
    });
    const reloaded = await second.call<Conversation>('conversations.get', { id: conversation.id });
    expect(reloaded.messages.map((m) => m.status)).toEqual(['done', 'done', 'done', 'done']);
  }, 30_000);

  it('stops a slow answer and keeps what arrived; service refusals become error events', async () => {
    sim = await startSim({ port: 0 });
    const { call, core, chatEvents, turnEnd } = await openCore();
    await call('settings.update', {
      baseUrl: sim.baseUrl,
      ratePlan: 'custom',
      customRequestsPerSecond: 9,
    });
    await call('key.set', { key: 'sim-fast' });
    const conversation = await call<Conversation>('conversations.create', {});

    await call('chat.send', { conversationId: conversation.id, text: '[[slow]] tell me slowly' });
    const deadline = Date.now() + 10_000;
    while (!chatEvents().some((e) => e.type === 'delta') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const busy = await core.invoke('chat.send', {
      conversationId: conversation.id,
      text: 'too soon',
    });
    expect(busy).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('chat.stop', { conversationId: conversation.id })).toEqual({ stopped: true });
    const stopped = await turnEnd(conversation.id);
    expect(stopped).toMatchObject({ type: 'done', message: { status: 'stopped' } });
    expect(stopped.type === 'done' && stopped.message.content.length).toBeGreaterThan(0);

    await call('chat.send', { conversationId: conversation.id, text: '[[moderation]] please' });
    const refused = await turnEnd(conversation.id, 1);
    expect(refused).toMatchObject({ type: 'error', error: { code: 'moderation', status: 403 } });

    const bad = await core.invoke('chat.send', { conversationId: conversation.id });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const external = await core.invoke('shell.openExternal', { url: 'file:///etc/passwd' });
    expect(external).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('shell.openExternal', { url: 'https://example.com/docs' })).toEqual({
      opened: false,
    });
  }, 30_000);

  it('tells the renderer of a long hold the service asked for, and lifts it on rate.retryNow', async () => {
    sim = await startSim({ port: 0 });
    const { call, emitted } = await openCore();
    await call('settings.update', { baseUrl: sim.baseUrl, ratePlan: 'fast' });
    await call('key.set', { key: 'sim-fast' });
    expect(await call('rate.hold')).toBeNull();
    await fetch(`${sim.hostRoot}/__sim/fail`, {
      method: 'POST',
      body: JSON.stringify({ status: 429, count: 1, path: '/balance', retryAfter: 300 }),
    });
    const before = Date.now();
    // The call that meets a wait this long fails at once; the hold stays for every other call.
    await call('balance.get', { refresh: true }).catch(() => undefined);
    const holds = () => emitted.filter((e) => e.event === 'rate.hold.changed');
    expect(holds()).toHaveLength(1);
    const hold = holds()[0]?.payload as ServiceHold;
    expect(hold.untilMs - before).toBeGreaterThanOrEqual(299_000);
    expect(await call<ServiceHold | null>('rate.hold')).toEqual(hold);

    let answered = false;
    const waiting = call<Balance>('balance.get', { refresh: true }).then((b) => {
      answered = true;
      return b;
    });
    await new Promise((r) => setTimeout(r, 2500));
    expect(answered).toBe(false);
    expect(await call('rate.retryNow')).toEqual({ lifted: true });
    expect(holds().at(-1)?.payload).toBeNull();
    expect(await call('rate.hold')).toBeNull();
    expect((await waiting).state).toBe('ok');
  }, 20_000);

  it('refuses a turn without a base URL or key, before saving anything', async () => {
    const { call, core } = await openCore();
    const conversation = await call<Conversation>('conversations.create', {});
    const noUrl = await core.invoke('chat.send', { conversationId: conversation.id, text: 'hi' });
    expect(noUrl).toMatchObject({ ok: false, error: { code: 'bad_base_url' } });
    await call('settings.update', { baseUrl: 'http://127.0.0.1:9/v1' });
    const noKey = await core.invoke('chat.send', { conversationId: conversation.id, text: 'hi' });
    expect(noKey).toMatchObject({ ok: false, error: { code: 'no_key' } });
    expect(
      (await call<Conversation>('conversations.get', { id: conversation.id })).messages,
    ).toEqual([]);
  });

  it('the demo profile starts the simulator in-process, resumes it after a restart, stops it when left', async () => {
    const before = await openCore();
    const demo = await before.call<SettingsView>('demo.use');
    expect(demo).toMatchObject({
      demo: true,
      keySet: true,
      keyLast4: 'demo',
      ratePlan: 'standard',
    });
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    await before.core.dispose();

    const { call, core } = await openCore();
    expect(await call<SettingsView>('settings.get')).toMatchObject({
      demo: true,
      baseUrl: demo.baseUrl,
    });
    expect((await call<ModelInfo[]>('models.list')).length).toBeGreaterThan(0);

    const left = await call<SettingsView>('settings.update', {
      baseUrl: 'https://api.example.com/v1',
    });
    expect(left.demo).toBe(false);
    await expect(fetch(`${demo.baseUrl}/models`)).rejects.toThrow();
    await core.dispose();
  }, 30_000);
});

describe('the data folder at start', () => {
  it('removes the temp files a killed write left, and nothing else', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    await mkdir(join(dir, 'conversations'), { recursive: true });
    await writeFile(join(dir, `.models.json.${ended}.0a1b2c3d.tmp`), '{"version":1');
    await writeFile(join(dir, 'conversations', `.x.json.${ended}.0a1b2c3d.tmp`), '{');
    await writeFile(join(dir, 'notes.tmp'), 'not ours');
    await openCore();
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual(['notes.tmp']);
    expect((await readdir(join(dir, 'conversations'))).filter((n) => n.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('sets aside a damaged model list and diagnostics file, and storage.recovered names them', async () => {
    const damaged: Record<string, string> = {
      'models.json': '{"version":1,"baseUrl":"x","fetched',
      'diagnostics.json': '[1, 2]',
    };
    for (const [name, text] of Object.entries(damaged)) await writeFile(join(dir, name), text);
    const { call } = await openCore();
    const recovered = await call<RecoveredFiles>('storage.recovered');
    expect(recovered.folder).toBe(join(dir, 'recovered'));
    expect(recovered.items.map((i) => i.file).sort()).toEqual(['diagnostics.json', 'models.json']);
    for (const item of recovered.items) {
      expect(await readFile(join(dir, item.movedTo!), 'utf8')).toBe(damaged[item.file]);
      expect(await readFile(join(dir, `${item.movedTo!}.why.txt`), 'utf8')).toContain(item.reason);
    }
  });
});
