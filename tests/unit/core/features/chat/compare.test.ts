// Over the simulator: one question to several models, the answers stored as versions of one answer, each column stopped or retried alone, and the chosen answer alone sent on.
import { describe, expect, it } from 'vitest';
import type { CompareEvent } from '../../../../../shared/compare';
import type { ChatEvent, ChatMessage, Conversation } from '../../../../../shared/types';
import type { SpendEntry } from '../../../../../shared/spending';
import { versionInfo } from '../../../../../shared/versions';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

const MODELS = [
  'openai/gpt-4o-mini',
  'anthropic/claude-3.5-sonnet',
  'meta-llama/llama-3.1-8b-instruct',
];

async function setup(): Promise<{ opened: Opened; id: string }> {
  const opened = await openCore();
  await opened.call('settings.update', { autoTitle: false });
  await opened.call('models.list', { refresh: true });
  const c = await opened.call<Conversation>('conversations.create', { model: MODELS[0] });
  return { opened, id: c.id };
}

const compareEvents = (opened: Opened) =>
  opened.emitted.filter((e) => e.event === 'compare.event').map((e) => e.payload as CompareEvent);

async function until<T>(
  read: () => T | undefined,
  what: string,
  poll?: () => Promise<void>,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await poll?.();
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The end (done or error) of each of these answers, once all have ended, after `from` events. */
function endsOf(opened: Opened, ids: string[], from = 0) {
  return until(() => {
    const ends = compareEvents(opened)
      .slice(from)
      .filter((e) => e.type === 'done' || e.type === 'error');
    const found = ids.map((id) => ends.find((e) => 'message' in e && e.message.id === id));
    return found.every((e) => e !== undefined)
      ? (found as Array<Extract<CompareEvent, { type: 'done' | 'error' }>>)
      : undefined;
  }, 'every answer ending');
}

async function compare(opened: Opened, id: string, text: string, models = MODELS) {
  const started = await opened.call<{ answers: Array<{ messageId: string; model: string }> }>(
    'chat.compare',
    { conversationId: id, text, models },
  );
  return started.answers.map((a) => a.messageId);
}

/** Every answer at the path's last position, in version order. */
function versionsAtEnd(c: Conversation): ChatMessage[] {
  const head = c.messages.at(-1)!;
  const { index } = versionInfo(head);
  const others = (head.alternatives ?? []).map((tail) => tail[0]!);
  return [...others.slice(0, index), head, ...others.slice(index)];
}

const turnBodies = () => env.chatBodies.filter((b) => b.purpose !== 'title');

describe('Compare models over the simulator', () => {
  it('stores every model’s answer as a version of one answer, each timed, priced and recorded', async () => {
    const { opened, id } = await setup();
    const ids = await compare(opened, id, 'Which sea is saltiest?');
    const ends = await endsOf(opened, ids);
    expect(ends.map((e) => e.type)).toEqual(['done', 'done', 'done']);

    const c = await opened.call<Conversation>('conversations.get', { id });
    expect(c.messages).toHaveLength(2);
    expect(c.messages[0]!.comparing).toBe(true);
    const answers = versionsAtEnd(c);
    expect(answers.map((a) => a.id)).toEqual(ids);
    expect(answers.map((a) => a.model)).toEqual(MODELS);
    expect(new Set(answers.map((a) => a.content)).size).toBe(3);
    for (const a of answers) {
      expect(a.status).toBe('done');
      expect(a.usage?.completionTokens).toBeGreaterThan(0);
      expect(a.timing?.firstTokenMs).not.toBeNull();
    }
    // One request per model, the same question to each.
    expect(
      turnBodies()
        .map((b) => b.model)
        .sort(),
    ).toEqual([...MODELS].sort());
    expect(new Set(turnBodies().map((b) => JSON.stringify(b.messages))).size).toBe(1);
    // The ledger has one line per answer, through the one record rule.
    let entries: SpendEntry[] = [];
    await until(
      () => (entries.length === 3 ? true : undefined),
      'three ledger lines',
      async () => {
        entries = await opened.call<SpendEntry[]>('spending.entries', { conversationId: id });
      },
    );
    expect(entries.map((e) => e.model).sort()).toEqual([...MODELS].sort());
  });

  it('sends only the chosen answer with the next question', async () => {
    const { opened, id } = await setup();
    const ids = await compare(opened, id, 'Name a river.');
    await endsOf(opened, ids);
    const chosen = await opened.call<Conversation>('chat.compareChoose', {
      conversationId: id,
      messageId: ids[1],
    });
    expect(chosen.messages.at(-1)!.id).toBe(ids[1]);
    expect(versionInfo(chosen.messages.at(-1)!)).toEqual({ index: 1, count: 3 });
    expect(chosen.messages[0]!.comparing).toBeUndefined();
    const answers = versionsAtEnd(chosen);

    await opened.call('chat.send', { conversationId: id, text: 'And a longer one?' });
    await opened.turnEnd(id);
    const sent = turnBodies().at(-1)!;
    const assistants = sent.messages.filter((m) => m.role === 'assistant');
    expect(assistants.map((m) => m.content)).toEqual([answers[1]!.content]);
    expect(sent.model).toBe(MODELS[0]);
  });

  it('stops one column while the others go on streaming to their end', async () => {
    const { opened, id } = await setup();
    const ids = await compare(opened, id, 'Describe a forest. [[slow]]');
    await until(() => {
      const first = compareEvents(opened).filter((e) => e.type === 'firstToken');
      return first.length === 3 ? first : undefined;
    }, 'every first token');
    expect(
      await opened.call('chat.compareStop', { conversationId: id, messageId: ids[0] }),
    ).toEqual({ stopped: true });
    const after = compareEvents(opened).length;
    const ends = await endsOf(opened, ids);
    expect(ends.map((e) => e.message.status)).toEqual(['stopped', 'done', 'done']);
    // The others still brought text after the Stop.
    const laterDeltas = compareEvents(opened)
      .slice(after)
      .filter((e): e is Extract<ChatEvent, { type: 'delta' }> => e.type === 'delta');
    expect(new Set(laterDeltas.map((e) => e.messageId))).toEqual(new Set([ids[1], ids[2]]));
  });

  it('retries a failed column alone, and the others stay as they were', async () => {
    const { opened, id } = await setup();
    const ids = await compare(opened, id, `Count to three. [[failonce:${MODELS[1]}]]`);
    const ends = await endsOf(opened, ids);
    expect(ends.map((e) => e.type)).toEqual(['done', 'error', 'done']);
    const failed = ends[1]!;
    expect(failed.type === 'error' && failed.error.message).toContain(MODELS[1]);
    const before = turnBodies().length;
    const from = compareEvents(opened).length;

    await opened.call('chat.compareRetry', { conversationId: id, messageId: ids[1] });
    const [retried] = await endsOf(opened, [ids[1]!], from);
    expect(retried!.type).toBe('done');
    expect(
      turnBodies()
        .slice(before)
        .map((b) => b.model),
    ).toEqual([MODELS[1]]);
    const c = await opened.call<Conversation>('conversations.get', { id });
    const answers = versionsAtEnd(c);
    expect(answers.map((a) => a.status)).toEqual(['done', 'done', 'done']);
    expect(answers[1]!.error).toBeUndefined();
  });

  it('refuses a single turn while a compare is written, and a compare of one model', async () => {
    const { opened, id } = await setup();
    const one = await opened.attempt('chat.compare', {
      conversationId: id,
      text: 'Hi',
      models: [MODELS[0], ` ${MODELS[0]} `],
    });
    expect(one.ok).toBe(false);
    const ids = await compare(opened, id, 'Describe a hill. [[slow]]');
    const refused = await opened.attempt('chat.send', { conversationId: id, text: 'More' });
    expect(refused.ok).toBe(false);
    const choose = await opened.attempt('chat.compareChoose', {
      conversationId: id,
      messageId: ids[0],
    });
    expect(choose.ok).toBe(false);
    for (const messageId of ids)
      await opened.call('chat.compareStop', { conversationId: id, messageId });
  });
});
