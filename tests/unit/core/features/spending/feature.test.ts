// Each feature's paid call against the simulator over HTTP makes exactly one ledger entry, priced as the simulator charged it, with the estimate shown before it.
import { describe, expect, it } from 'vitest';
import { chatTurnEstimate } from '../../../../../shared/estimates';
import type { SpendEntry, SpendSummary } from '../../../../../shared/spending';
import type {
  ChatEvent,
  ChatMessage,
  Conversation,
  MediaItem,
  ModelInfo,
  VideoJob,
} from '../../../../../shared/types';
import { compareCredits, creditsBetween } from '../../../../../shared/prices';
import type { SemanticStatus } from '../../../../../shared/semantic';
import { titleCost } from '../../../../../shared/titles';
import { estimatePromptTokens } from '../../../../../shared/tokens';
import { CONTINUE_INSTRUCTION } from '../../../../../electron/core/features/chat/engine';
import type { ToolProvider } from '../../../../../electron/core/features/chat/tool-provider';
import { makeDocx, makeWav } from '../../../../e2e/files';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

/** The ledger entries emitted so far (spending.changed, the last version of each). */
function entriesOf(opened: Opened): SpendEntry[] {
  const byId = new Map<number, SpendEntry>();
  for (const e of opened.emitted)
    if (e.event === 'spending.changed') {
      const entry = e.payload as SpendEntry;
      byId.set(entry.id, entry);
    }
  return [...byId.values()];
}

async function newEntries(opened: Opened, before: number, count: number): Promise<SpendEntry[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = entriesOf(opened).slice(before);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The simulator's rounding: each part of a charge up to a whole micro-credit. */
const ROUNDING = '0.000002';

/** a and b are within the simulator's rounding of each other. */
function expectClose(a: string, b: string): void {
  const gap = compareCredits(a, b) >= 0 ? creditsBetween(a, b) : creditsBetween(b, a);
  expect(compareCredits(gap, ROUNDING), `${a} and ${b}`).toBeLessThanOrEqual(0);
}

/** The computed charge is the simulator's, within its rounding (each part up to a whole micro-credit). */
function expectSimCharge(entry: SpendEntry): void {
  expect(entry.reported).not.toBeNull();
  expect(entry.charge).not.toBeNull();
  expectClose(entry.charge!, entry.reported!);
}

/** The figure the form showed before the call is the charge (the units were known before). */
function expectEstimateIsCharge(entry: SpendEntry): void {
  expect(entry.estimate).not.toBeNull();
  expectClose(entry.estimate!, entry.charge!);
}

/**
 * The range beside Send for a turn asking `question` (as chatTurnEstimate gives it) over the
 * conversation as it was before the turn: its `before` first messages.
 */
function turnRange(conversation: Conversation, before: number, model: ModelInfo) {
  const messages: ChatMessage[] = conversation.messages.slice(0, before);
  const promptTokens = estimatePromptTokens({ ...conversation, messages });
  return chatTurnEstimate(model, { promptTokens, maxTokens: conversation.maxTokens })!;
}

/** The charge lies in the range shown before the turn, within the simulator's rounding. */
function expectWithin(entry: SpendEntry, range: { low: string; high: string }): void {
  expect(entry.estimate).toBe(range.high);
  expect(compareCredits(entry.charge!, entry.estimate!)).toBeLessThanOrEqual(0);
  const short = creditsBetween(range.low, entry.charge!);
  expect(compareCredits(short, ROUNDING), `${entry.charge} below ${range.low}`).toBeLessThanOrEqual(
    0,
  );
}

/** Waits for the conversation's `count`th turn to end (done or error). */
async function turnEnds(opened: Opened, conversationId: string, count: number): Promise<void> {
  await expect
    .poll(
      () =>
        opened.emitted.filter((e) => {
          const event = e.payload as ChatEvent;
          return (
            e.event === 'chat.event' &&
            event.conversationId === conversationId &&
            (event.type === 'done' || event.type === 'error')
          );
        }).length,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
}

async function modelInfo(opened: Opened, id: string): Promise<ModelInfo> {
  const models = await opened.call<ModelInfo[]>('models.list', {});
  return models.find((m) => m.id === id)!;
}

describe('the spending ledger over the simulator', () => {
  it('records a chat turn once, with its usage, charge and the service’s cost', async () => {
    // The rich simulator ends every stream with its usage, as some gateways do (the plain one
    // only when asked, which Atelier does not: the document names no stream_options).
    await fetch(`${env.sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'rich' }),
    });
    const opened = await openCore();
    await opened.call('settings.update', { autoTitle: false });
    // The page asks for the list at start: the figure beside Send comes from it.
    const model = await modelInfo(opened, 'openai/gpt-4o-mini');
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'How do I boil an egg?' });
    expect((await opened.turnEnd(c.id)).type).toBe('done');
    const [entry, ...more] = await newEntries(opened, 0, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      feature: 'chat',
      model: 'openai/gpt-4o-mini',
      conversationId: c.id,
    });
    expect(entry!.units.promptTokens).toBeGreaterThan(0);
    expect(entry!.units.completionTokens).toBeGreaterThan(0);
    expectSimCharge(entry!);
    const answered = await opened.call<Conversation>('conversations.get', { id: c.id });
    expectWithin(entry!, turnRange(answered, 1, model));
    expect(await opened.call('spending.conversation', { id: c.id })).toEqual({
      total: entry!.charge,
      count: 1,
    });
    const summary = await opened.call<SpendSummary>('spending.summary', {});
    expect(summary.today).toBe(entry!.charge);
    expect(summary.byConversation[0]).toMatchObject({ key: c.id, label: c.title, count: 1 });
    // The web host leaves saving to the page: the CSV comes in the answer.
    const exported = await opened.call<{ saved: boolean; entries: number; csv?: string }>(
      'spending.export',
      {},
    );
    expect(exported).toMatchObject({ saved: false, entries: 1 });
    const lines = exported.csv!.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,time,feature,model,conversation,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,chat,openai/gpt-4o-mini,${c.id},`);
    expect(lines[1]).toContain(`,${entry!.charge},${entry!.reported},`);
  });

  it('keeps the estimate of a cut, a continued and a regenerated answer, each made before its request', async () => {
    const opened = await openCore();
    await opened.call('settings.update', { autoTitle: false });
    const model = await modelInfo(opened, 'openai/gpt-4o-mini');
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'Write at length [[cut]]' });
    await turnEnds(opened, c.id, 1);
    const [cut] = await newEntries(opened, 0, 1);
    const afterCut = await opened.call<Conversation>('conversations.get', { id: c.id });
    // A cut stream has no usage: its line is counted from what was sent and received.
    expect(cut!.reported).toBeNull();
    expect(cut!.estimate).toBe(turnRange(afterCut, 1, model).high);

    const partial = afterCut.messages[1]!;
    await opened.call('chat.continue', { conversationId: c.id, messageId: partial.id });
    await turnEnds(opened, c.id, 2);
    const [, continued] = await newEntries(opened, 0, 2);
    // The cut answer and the instruction to go on are sent after the question.
    const sent: Conversation = {
      ...afterCut,
      messages: [
        afterCut.messages[0]!,
        { ...partial, status: 'stopped' },
        {
          id: 'continue',
          role: 'user',
          content: CONTINUE_INSTRUCTION,
          createdAt: partial.createdAt,
          status: 'done',
        },
      ],
    };
    expect(continued!.estimate).toBe(turnRange(sent, 3, model).high);
    expect(compareCredits(continued!.charge!, continued!.estimate!)).toBeLessThanOrEqual(0);

    await opened.call('chat.regenerate', { conversationId: c.id });
    await turnEnds(opened, c.id, 3);
    const [, , again] = await newEntries(opened, 0, 3);
    expect(again).toMatchObject({ feature: 'chat', conversationId: c.id });
    // The new answer is asked for over the question alone: the earlier answer is not sent.
    expectWithin(again!, turnRange(afterCut, 1, model));
  });

  it('records each request of a tool turn with the estimate of what it sent', async () => {
    const provider: ToolProvider = {
      hasEnabledServers: () => true,
      toolsFor: () =>
        Promise.resolve({
          tools: [
            {
              wireName: 'echo',
              serverId: 's1',
              serverName: 'everything',
              tool: 'echo',
              description: 'Echoes the message back',
              inputSchema: {
                type: 'object',
                properties: { message: { type: 'string' } },
                required: ['message'],
              },
              alwaysAllowed: true,
            },
          ],
          unavailable: [],
        }),
      call: (_tool, args) =>
        Promise.resolve({
          isError: false,
          parts: [{ type: 'text', text: `Echo: ${(args as { message?: string }).message}` }],
        }),
      alwaysAllow: () => Promise.resolve(),
    };
    const opened = await openCore({ toolProvider: provider });
    await opened.call('settings.update', { autoTitle: false });
    const model = await modelInfo(opened, 'openai/gpt-4o-mini');
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('conversations.update', {
      id: c.id,
      tools: { enabled: true, servers: null },
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'Please use echo on hello' });
    expect((await opened.turnEnd(c.id)).type).toBe('done');
    const [asked, answered, ...more] = await newEntries(opened, 0, 2);
    expect(more).toEqual([]);
    const saved = await opened.call<Conversation>('conversations.get', { id: c.id });
    expect(saved.messages[1]!.toolRounds).toHaveLength(1);
    expect(asked!.estimate).toBe(turnRange(saved, 1, model).high);
    // The second request carries the call and its result too: it was estimated with them.
    expect(answered!.estimate).not.toBeNull();
    expect(compareCredits(answered!.estimate!, asked!.estimate!)).toBe(1);
    for (const entry of [asked!, answered!])
      expect(compareCredits(entry.charge!, entry.estimate!)).toBeLessThanOrEqual(0);
  });

  it('records an automatic title on a line of its own', async () => {
    const opened = await openCore();
    await opened.call('settings.update', { autoTitle: true });
    await opened.call('models.list', {});
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'Plan a weekend trip to Lisbon' });
    await opened.turnEnd(c.id);
    const found = await newEntries(opened, 0, 2);
    expect(found.map((e) => e.feature).sort()).toEqual(['chat', 'titles']);
    const title = found.find((e) => e.feature === 'titles')!;
    expect(title.conversationId).toBe(c.id);
    expectSimCharge(title);
    // What Settings and the welcome screen say a title costs with that model.
    expect(title.estimate).toBe(titleCost(await modelInfo(opened, title.model)));
  });

  it('records a picture, speech, music, a transcript, a video, an extraction and a decision once each', async () => {
    // The rich list states unit prices (per picture, second, minute, page), as a gateway may.
    await fetch(`${env.sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'rich' }),
    });
    const opened = await openCore();
    await opened.call('models.list', {});
    const image = await opened.call<{ items: MediaItem[] }>('images.generate', {
      requestId: 'r1',
      model: 'openai/dall-e-3',
      prompt: 'a red apple',
    });
    let [entry, ...more] = await newEntries(opened, 0, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      feature: 'images',
      model: 'openai/dall-e-3',
      itemId: image.items[0]!.id,
      units: { images: 1 },
    });
    expectSimCharge(entry!);
    expectEstimateIsCharge(entry!);

    const spoken = await opened.call<MediaItem>('audio.speak', {
      model: 'tts-openai/tts-1',
      text: 'Hello there, how are you?',
      voice: 'alloy',
      format: 'mp3',
    });
    [entry, ...more] = await newEntries(opened, 1, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      feature: 'speech',
      itemId: spoken.id,
      units: { characters: 'Hello there, how are you?'.length },
    });
    expectSimCharge(entry!);
    expectEstimateIsCharge(entry!);

    const music = await opened.call<MediaItem>('audio.music', {
      model: 'tta-stable/stable-audio',
      text: 'calm piano',
      seconds: 5,
    });
    [entry, ...more] = await newEntries(opened, 2, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'music', itemId: music.id, units: { seconds: 5 } });
    expectSimCharge(entry!);
    expectEstimateIsCharge(entry!);

    const file = await opened.upload('speech.wav', 'audio/wav', makeWav(3));
    await opened.call('audio.transcribe', {
      fileId: file.fileId,
      model: 'stt-openai/whisper-1',
      timestamps: false,
    });
    [entry, ...more] = await newEntries(opened, 3, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'transcription', model: 'stt-openai/whisper-1' });
    expect(entry!.units.seconds).toBeCloseTo(3);
    expectSimCharge(entry!);
    expectEstimateIsCharge(entry!);

    const job = await opened.call<VideoJob>('video.generate', {
      model: 'txt2vid-kling/kling-v2.1',
      prompt: 'a cat on a roof',
      aspectRatio: '16:9',
      duration: 5,
    });
    [entry, ...more] = await newEntries(opened, 4, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'video', itemId: job.id, units: { seconds: 5 } });
    expectSimCharge(entry!);
    expectEstimateIsCharge(entry!);

    const doc = await opened.upload(
      'letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      makeDocx(['Dear reader, this is a letter.']),
    );
    const extracted = await opened.call<{ id: string }>('documents.extract', {
      fileId: doc.fileId,
      mode: 'extract',
    });
    [entry, ...more] = await newEntries(opened, 5, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'documents', itemId: extracted.id });
    expectSimCharge(entry!);
    // Priced per page, and the pages are counted by the service: the form showed no figure.
    expect(entry!.estimate).toBeNull();

    await opened.call('documents.decide', {
      documentId: extracted.id,
      model: 'decisions/judge-1.0',
      questions: [
        {
          type: 'choice',
          instructions: 'Is it a letter?',
          options: [
            { label: 'yes', description: 'It is a letter.' },
            { label: 'no', description: 'It is not.' },
          ],
        },
      ],
    });
    [entry, ...more] = await newEntries(opened, 6, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'decisions', model: 'decisions/judge-1.0' });
    expectSimCharge(entry!);
    // The text and the questions at the prompt price; the judge's answer is not charged.
    expectEstimateIsCharge(entry!);
  });

  it('records semantic indexing and a search by meaning, each with its estimate', async () => {
    const opened = await openCore();
    await opened.call('settings.update', { autoTitle: false });
    await opened.call('models.list', {});
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'Tell me about red foxes.' });
    await opened.turnEnd(c.id);
    await newEntries(opened, 0, 1);
    await opened.call('semantic.configure', {
      enabled: true,
      model: 'emb-openai/text-embedding-3-small',
    });
    // The pass is over when every passage is indexed and none is left.
    await expect
      .poll(
        async () => {
          const status = await opened.call<SemanticStatus>('semantic.status', {});
          return status.indexed > 0 && status.pending === 0 && !status.running;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await opened.call('semantic.search', { query: 'sleepy fox' });
    // The pass's last entries may be written after its status says it is over: the next new entry
    // is not always the query's, so wait for the query's own.
    await expect
      .poll(() => entriesOf(opened).some((e) => e.feature === 'embeddings' && e.itemId === null), {
        timeout: 10_000,
      })
      .toBe(true);
    const all = entriesOf(opened);
    const indexed = all.filter((e) => e.feature === 'embeddings' && e.itemId !== null);
    const searched = all.filter((e) => e.feature === 'embeddings' && e.itemId === null);
    expect(indexed.length).toBeGreaterThan(0);
    expect(searched).toHaveLength(1);
    for (const entry of [...indexed, ...searched]) {
      expect(entry.model).toBe('emb-openai/text-embedding-3-small');
      expectSimCharge(entry);
      expectEstimateIsCharge(entry);
    }
  });
});
