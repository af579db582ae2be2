// Over the simulator: the Answer format reaches the request, the JSON check and the sources are
// stored with the answer, and a schema that is not a JSON Schema is refused before it is saved.
import { describe, expect, it } from 'vitest';
import type { ChatEvent, ChatMessage, Conversation } from '../../../../../shared/types';
import { SCHEMA_TEMPLATES } from '../../../../../shared/answer-format';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

async function answer(opened: Opened, conversationId: string, text: string): Promise<ChatMessage> {
  const before = opened.emitted.length;
  await opened.call('chat.send', { conversationId, text });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const end = opened.emitted
      .slice(before)
      .filter((e) => e.event === 'chat.event')
      .map((e) => e.payload as ChatEvent)
      .find((e) => e.type === 'done' || e.type === 'error');
    if (end) {
      if (end.type !== 'done') throw new Error(`the turn failed: ${JSON.stringify(end)}`);
      return end.message;
    }
    if (Date.now() > deadline) throw new Error('the turn did not end');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function setup(model: string): Promise<{ opened: Opened; id: string }> {
  const opened = await openCore();
  await opened.call('settings.update', { autoTitle: false });
  // The catalog (badges) is known before the turn, as in the app.
  await opened.call('models.list', { refresh: true });
  const c = await opened.call<Conversation>('conversations.create', { model });
  return { opened, id: c.id };
}

async function richProfile(): Promise<void> {
  await fetch(`${env.sim.hostRoot}/__sim/settings`, {
    method: 'POST',
    body: JSON.stringify({ modelsProfile: 'rich' }),
  });
}

const person = SCHEMA_TEMPLATES.find((t) => t.id === 'person')!;
const lastBody = () => env.chatBodies.at(-1) as Record<string, unknown>;

describe('Answer format over the simulator', () => {
  it('sends the response_format of each choice and stores what the answer is', async () => {
    // The rich list states the structured-outputs badge, so the check knows the model keeps to it.
    await richProfile();
    const { opened, id } = await setup('openai/gpt-4o-mini');

    const free = await answer(opened, id, 'Tell me about Ann');
    expect('response_format' in lastBody()).toBe(false);
    expect(free.jsonCheck).toBeUndefined();

    await opened.call('conversations.update', { id, answerFormat: { type: 'json' } });
    const json = await answer(opened, id, 'Tell me about Ann');
    expect(lastBody().response_format).toEqual({ type: 'json_output' });
    expect(json.jsonCheck).toEqual({ parsed: true, valid: null, problems: [] });

    await opened.call('conversations.update', {
      id,
      answerFormat: { type: 'json_schema', name: person.name, schema: person.schema },
    });
    const strict = await answer(opened, id, 'Tell me about Ann');
    expect(lastBody().response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'person', schema: person.schema, strict: true },
    });
    expect(strict.jsonCheck).toEqual({ parsed: true, valid: true, problems: [] });
    const saved = await opened.call<Conversation>('conversations.get', { id });
    expect(saved.answerFormat).toMatchObject({ type: 'json_schema', name: 'person' });
    expect(saved.messages.at(-1)!.jsonCheck).toEqual(strict.jsonCheck);

    await opened.call('conversations.update', { id, answerFormat: { type: 'text' } });
    await answer(opened, id, 'Tell me about Ann');
    expect('response_format' in lastBody()).toBe(false);
  });

  it('a model without the structured-outputs badge fences its JSON: parsed all the same, and said', async () => {
    const { opened, id } = await setup('anthropic/claude-3.5-sonnet');
    await opened.call('conversations.update', {
      id,
      answerFormat: { type: 'json_schema', name: person.name, schema: person.schema },
    });
    const fenced = await answer(opened, id, 'Tell me about Ann');
    expect(fenced.content.startsWith('```json')).toBe(true);
    expect(fenced.jsonCheck).toEqual({
      parsed: true,
      valid: true,
      problems: [],
      fenced: true,
      withoutBadge: true,
    });
    // The minimal list states no badges: even a model that keeps to the schema is "not known to".
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('conversations.update', { id: c.id, answerFormat: { type: 'json' } });
    const plain = await answer(opened, c.id, 'Tell me about Ann');
    expect(plain.jsonCheck).toEqual({
      parsed: true,
      valid: null,
      problems: [],
      withoutBadge: true,
    });
  });

  it('refuses a schema that is not a JSON Schema, a bad name or a schema that is not an object', async () => {
    const { opened, id } = await setup('openai/gpt-4o-mini');
    const bad = await opened.attempt('conversations.update', {
      id,
      answerFormat: { type: 'json_schema', name: 'x', schema: { type: 'strin' } },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/not a valid JSON Schema/);
    for (const answerFormat of [
      { type: 'json_schema', name: 'has space', schema: {} },
      { type: 'json_schema', name: 'x', schema: [] },
      { type: 'json_schema', name: 'x', schema: { description: 'x'.repeat(60_000) } },
      { type: 'xml' },
    ])
      expect((await opened.attempt('conversations.update', { id, answerFormat })).ok).toBe(false);
    const kept = await opened.call<Conversation>('conversations.get', { id });
    expect(kept.answerFormat).toBeUndefined();
  });
});

describe('Sources over the simulator', () => {
  it('stores the sources of a web-search answer (minimal profile: the links the service lists)', async () => {
    const { opened, id } = await setup('perplexity/sonar');
    const done = await answer(opened, id, 'Latest tea harvest news');
    expect(done.sources).toHaveLength(2);
    expect(done.sources![0]).toMatchObject({ site: 'example.org' });
    expect(done.sources![0]!.url).toMatch(/^https:\/\/example\.org\/search\?q=/);
    const saved = await opened.call<Conversation>('conversations.get', { id });
    expect(saved.messages.at(-1)!.sources).toEqual(done.sources);
  });

  it('takes titles from the annotations the rich profile sends', async () => {
    await richProfile();
    const { opened, id } = await setup('perplexity/sonar');
    const done = await answer(opened, id, 'Latest tea harvest news');
    expect(done.sources!.map((s) => s.title)).toEqual(['Search results', 'Article 1']);
  });

  it('gives no sources to an ordinary answer', async () => {
    const { opened, id } = await setup('openai/gpt-4o-mini');
    const done = await answer(opened, id, 'See https://example.com/x please');
    expect(done.sources).toBeUndefined();
  });
});
