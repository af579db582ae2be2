// A turn's tokens and cost when the stream brings no usage: Atelier's own count, marked as an estimate; the service's usage when it comes.
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../../../shared/tokens';
import type { SpendEntry } from '../../../../../shared/spending';
import type { ChatEvent, Conversation } from '../../../../../shared/types';
import { requestUsage } from '../../../../../electron/core/features/chat/turn-usage';
import { sentTokens } from '../../../../../electron/core/features/chat/turn-request';
import { calls, engine, last, library, replaceEngine, useChatEngine } from './engine-harness';
import { env, openCore } from '../../simulated-core';

useChatEngine();

const REQUEST = { model: 'm/a', messages: [{ role: 'user' as const, content: 'Hello there' }] };

describe('the usage of a request', () => {
  it('is the service’s when the answer brought it', () => {
    const usage = { promptTokens: 4, completionTokens: 2, totalTokens: 6, cost: '0.01' };
    const result = { usage, content: 'Hi', reasoning: '' };
    expect(requestUsage(REQUEST, result, () => '9')).toBe(usage);
  });

  it('is counted by Atelier, priced by the list and marked, when the answer brought none', () => {
    const result = { usage: null, content: 'Hi, how can I help?', reasoning: 'Greet back.' };
    const priced: unknown[] = [];
    const usage = requestUsage(REQUEST, result, (model, units) => {
      priced.push([model, units]);
      return '0.000123';
    });
    const completion = estimateTokens('Hi, how can I help?Greet back.');
    expect(usage).toEqual({
      promptTokens: sentTokens(REQUEST),
      completionTokens: completion,
      totalTokens: sentTokens(REQUEST) + completion,
      cost: '0.000123',
      estimated: true,
    });
    expect(priced).toEqual([
      ['m/a', { promptTokens: sentTokens(REQUEST), completionTokens: completion }],
    ]);
  });
});

/** One turn of a new conversation with `model`, asked in core over the simulator. */
async function oneTurn(model: string, text: string) {
  const opened = await openCore();
  await opened.call('settings.update', { autoTitle: false });
  await opened.call('models.list', {});
  const c = await opened.call<Conversation>('conversations.create', { model });
  await opened.call('chat.send', { conversationId: c.id, text });
  return { opened, end: await opened.turnEnd(c.id) };
}

/** The first ledger line core announced with a charge, once it has (recorded after the turn). */
async function chargedEntry(opened: Awaited<ReturnType<typeof openCore>>): Promise<SpendEntry> {
  const charged = () =>
    opened.emitted
      .filter((e) => e.event === 'spending.changed')
      .map((e) => e.payload as SpendEntry)
      .find((e) => e.charge !== null);
  await expect.poll(charged, { timeout: 10_000 }).toBeDefined();
  return charged()!;
}

describe('a turn whose stream brings no usage', () => {
  it('keeps tokens and cost on the answer as an estimate', async () => {
    await replaceEngine({ priceOf: () => '0.0042' });
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'Say something' });
    last(calls).push('Something.');
    last(calls).finish({ usage: null });
    await engine.settled(c.id);
    const answer = last((await library.get(c.id)).messages);
    expect(answer.usage).toMatchObject({ cost: '0.0042', estimated: true });
    expect(answer.usage!.completionTokens).toBe(estimateTokens('Something.'));
    expect(answer.usage!.promptTokens).toBeGreaterThan(0);
  });

  it('over the simulator: no stream_options goes out, and the answer and the ledger agree', async () => {
    const { opened, end } = await oneTurn('openai/gpt-4o-mini', 'How tall is a lighthouse?');
    expect(end.type).toBe('done');
    const log = (await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Array<{
      path: string;
      body: string;
    }>;
    const sent = log.filter((r) => r.path === '/v1/chat/completions');
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]!.body) as Record<string, unknown>;
    expect(body.stream).toBe(true);
    expect(body).not.toHaveProperty('stream_options');

    const usage = (end as Extract<ChatEvent, { type: 'done' }>).message.usage!;
    expect(usage.estimated).toBe(true);
    expect(usage.promptTokens).toBeGreaterThan(0);
    expect(usage.completionTokens).toBeGreaterThan(0);
    expect(usage.cost).toMatch(/^\d+(\.\d+)?$/);
    const entry = await chargedEntry(opened);
    expect(entry.reported).toBeNull();
    expect(entry.units).toMatchObject({
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
    });
    expect(entry.charge).toBe(usage.cost);
  });

  it('a model with a per-call fee: the ledger line charges the fee, as the service does', async () => {
    // The rich list states the web-search model's fee per call, and its streams bring usage.
    await fetch(`${env.sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'rich' }),
    });
    const { opened, end } = await oneTurn('perplexity/sonar', 'Who built the lighthouse?');
    expect(end.type).toBe('done');
    const entry = await chargedEntry(opened);
    expect(entry.units.calls).toBe(1);
    expect(entry.reported).not.toBeNull();
    expect(entry.charge).toBe(entry.reported);
  });
});
