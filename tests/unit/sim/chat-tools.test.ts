// The simulator's tool-calling models: several calls a round, streamed pieces by index, results answered, a model that keeps calling.
import { describe, expect, it } from 'vitest';
import { call, chunksOf, parseSse, useSimulators } from './sim-harness';

useSimulators();

const MODEL = 'meta-llama/llama-3.1-8b-instruct';
const tool = (name: string, properties: Record<string, unknown>) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties } },
});
const TOOLS = [
  tool('echo', { message: { type: 'string' } }),
  tool('get-sum', { a: { type: 'number' }, b: { type: 'number' } }),
];

interface ToolDelta {
  index: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}
interface ToolChunk {
  choices: Array<{ delta: { tool_calls?: ToolDelta[] }; finish_reason: string | null }>;
}

async function ask(messages: unknown[], extra: Record<string, unknown> = {}) {
  return call('/chat/completions', { json: { model: MODEL, messages, tools: TOOLS, ...extra } });
}

async function streamedCalls(messages: unknown[]) {
  const res = await ask(messages, { stream: true });
  expect(res.status).toBe(200);
  const chunks = chunksOf(parseSse(await res.text())) as unknown as ToolChunk[];
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  let pieces = 0;
  for (const chunk of chunks)
    for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
      pieces++;
      const at = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
      at.id += delta.id ?? '';
      at.name += delta.function?.name ?? '';
      at.arguments += delta.function?.arguments ?? '';
    }
  const finish = chunks.map((c) => c.choices[0]?.finish_reason).find((f) => f);
  return { calls, pieces, finish };
}

describe('tool-calling models', () => {
  it('asks for every tool the question names, in order, each call by its index', async () => {
    const { calls, pieces, finish } = await streamedCalls([
      { role: 'user', content: 'First get-sum of 2 and 3, then echo the words hello there' },
    ]);
    expect(finish).toBe('tool_calls');
    expect(calls.map((c) => c.name)).toEqual(['get-sum', 'echo']);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    // Arguments arrive in several pieces and assemble into the schema's keys.
    expect(pieces).toBeGreaterThan(4);
    expect(Object.keys(JSON.parse(calls[0]!.arguments) as object)).toEqual(['a', 'b']);
    expect(Object.keys(JSON.parse(calls[1]!.arguments) as object)).toEqual(['message']);
  });

  it('answers with every result of the round once the tool messages come back', async () => {
    const res = await ask([
      { role: 'user', content: 'get-sum and echo please' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'get-sum', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'echo', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'The sum is 5.' },
      { role: 'tool', tool_call_id: 'c2', content: 'Echo: hi' },
    ]);
    const body = (await res.json()) as {
      choices: Array<{ message: { content: string }; finish_reason: string }>;
    };
    expect(body.choices[0]?.finish_reason).toBe('stop');
    expect(body.choices[0]?.message.content).toContain('The sum is 5.');
    expect(body.choices[0]?.message.content).toContain('Echo: hi');
  });

  it('refuses a history whose tool calls are not all answered, or a result for no call', async () => {
    const unanswered = await ask([
      { role: 'user', content: 'echo' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{}' } }],
      },
      { role: 'user', content: 'and now?' },
    ]);
    expect(unanswered.status).toBe(400);
    expect(await unanswered.text()).toMatch(/missing: c1/);
    const stray = await ask([
      { role: 'user', content: 'echo' },
      { role: 'tool', tool_call_id: 'nope', content: 'x' },
    ]);
    expect(stray.status).toBe(400);
  });

  it('[[tools:loop]] keeps calling while tools are offered, and answers once they are not', async () => {
    const history: unknown[] = [{ role: 'user', content: 'echo forever [[tools:loop]]' }];
    for (let round = 1; round <= 3; round++) {
      const { calls, finish } = await streamedCalls(history);
      expect(finish).toBe('tool_calls');
      history.push(
        {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments },
          })),
        },
        ...calls.map((c) => ({ role: 'tool', tool_call_id: c.id, content: `round ${round}` })),
      );
    }
    const last = await call('/chat/completions', { json: { model: MODEL, messages: history } });
    const body = (await last.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toContain('round 3');
  });

  it('writes broken or mistyped arguments when asked to', async () => {
    const broken = await streamedCalls([{ role: 'user', content: 'echo [[tools:badjson]]' }]);
    expect(() => JSON.parse(broken.calls[0]!.arguments) as unknown).toThrow();
    const mistyped = await streamedCalls([{ role: 'user', content: 'echo [[tools:badargs]]' }]);
    expect(JSON.parse(mistyped.calls[0]!.arguments)).toEqual({ message: 42 });
  });
});
