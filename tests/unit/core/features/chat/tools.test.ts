// Tool turns through createCore against the simulator over HTTP, with a fake ToolProvider: asking,
// allow, deny, always, broken arguments, the round limit, stop while asking, history on the next turn.
import { describe, expect, it } from 'vitest';
import type { ChatEvent, Conversation } from '../../../../../shared/types';
import { DECLINED_RESULT } from '../../../../../shared/tool-rounds';
import type { ToolCallRecord } from '../../../../../shared/tools';
import { capToolParts } from '../../../../../electron/core/features/chat/tools';
import {
  ToolCallError,
  type OfferedTool,
  type ToolOutcome,
  type ToolProvider,
} from '../../../../../electron/core/features/chat/tool-provider';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

interface FakeProvider extends ToolProvider {
  calls: { tool: string; args: unknown }[];
  allowed: Set<string>;
  /** What the next calls do; default: echo the arguments back as text. */
  behave: (tool: OfferedTool, args: unknown, signal: AbortSignal) => Promise<ToolOutcome>;
}

function fakeProvider(): FakeProvider {
  const provider: FakeProvider = {
    calls: [],
    allowed: new Set(),
    behave: (_tool, args) =>
      Promise.resolve({
        isError: false,
        parts: [{ type: 'text', text: `Echo: ${(args as { message?: string }).message ?? ''}` }],
      }),
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
            alwaysAllowed: provider.allowed.has('echo'),
          },
        ],
        unavailable: [],
      }),
    call(tool, args, signal) {
      provider.calls.push({ tool: tool.tool, args });
      return provider.behave(tool, args, signal);
    },
    alwaysAllow(_serverId, tool) {
      provider.allowed.add(tool);
      return Promise.resolve();
    },
  };
  return provider;
}

const chatEvents = (opened: Opened, id: string) =>
  opened.emitted
    .filter((e) => e.event === 'chat.event')
    .map((e) => e.payload as ChatEvent)
    .filter((e) => e.conversationId === id);

async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** The nth (from 1) end of a turn in the conversation. */
function nthEnd(opened: Opened, id: string, nth: number): Promise<ChatEvent> {
  return until(
    () => chatEvents(opened, id).filter((e) => e.type === 'done' || e.type === 'error')[nth - 1],
    `turn ${nth} to end`,
  );
}

/** The call `callId`… waiting for the person, as the last 'tools' event shows it. */
function asked(opened: Opened, id: string) {
  return until(() => {
    const tools = chatEvents(opened, id).filter((e) => e.type === 'tools');
    const lastTools = tools[tools.length - 1];
    if (lastTools?.type !== 'tools') return undefined;
    const call = lastTools.rounds.flatMap((r) => r.calls).find((c) => c.state === 'asking');
    return call ? { messageId: lastTools.messageId, call } : undefined;
  }, 'a call to ask about');
}

type WireBody = {
  tools?: unknown[];
  tool_choice?: string;
  messages: Array<{
    role: string;
    content: unknown;
    tool_calls?: unknown[];
    tool_call_id?: string;
  }>;
};
const bodies = () => env.chatBodies as unknown as WireBody[];

async function setup(provider = fakeProvider()) {
  const opened = await openCore({ toolProvider: provider });
  await opened.call('settings.update', { autoTitle: false });
  // The catalog states the badges (the page asks for the list at start).
  await opened.call('models.list', {});
  const c = await opened.call<Conversation>('conversations.create', {
    model: 'openai/gpt-4o-mini',
  });
  // The simulator's list does not state badges: the person turns tools on.
  await opened.call('conversations.update', { id: c.id, tools: { enabled: true, servers: null } });
  return { opened, provider, c };
}

type Decision = 'allow' | 'deny' | 'always';

/**
 * Sends `text`, waits for its first call to ask, lets `whileAsking` look, answers with `decision`,
 * and waits for the end of the turn (the conversation's first).
 */
async function sendAndDecide(
  opened: Opened,
  conversationId: string,
  text: string,
  decision: Decision,
  { whileAsking }: { whileAsking?: (call: ToolCallRecord) => void } = {},
): Promise<{ call: ToolCallRecord; end: ChatEvent }> {
  await opened.call('chat.send', { conversationId, text });
  const { messageId, call } = await asked(opened, conversationId);
  whileAsking?.(call);
  await opened.call('chat.decideTool', { conversationId, messageId, callId: call.id, decision });
  return { call, end: await nthEnd(opened, conversationId, 1) };
}

describe('tool turns', () => {
  it('asks, runs the allowed call, and answers with its result', async () => {
    const { opened, provider, c } = await setup();
    const { call, end } = await sendAndDecide(opened, c.id, 'Please use echo on hello', 'allow', {
      whileAsking: (asking) => {
        expect(asking).toMatchObject({
          wireName: 'echo',
          serverName: 'everything',
          state: 'asking',
        });
        expect(bodies()[0]!.tool_choice).toBe('auto');
        expect(bodies()[0]!.tools).toEqual([
          expect.objectContaining({
            type: 'function',
            function: expect.objectContaining({ name: 'echo' }),
          }),
        ]);
        // Nothing ran before the person said yes.
        expect(provider.calls).toHaveLength(0);
      },
    });
    expect(end.type).toBe('done');
    if (end.type !== 'done') return;
    expect(provider.calls).toHaveLength(1);
    const done = end.message.toolRounds![0]!.calls[0]!;
    expect(done.state).toBe('done');
    expect(done.result).toEqual([{ type: 'text', text: expect.stringMatching(/^Echo: /) }]);
    expect(end.message.content).toContain('Echo: ');
    // The second request carried the assistant's call and the tool's answer to it.
    const second = bodies()[1]!;
    const assistant = second.messages.find((m) => m.role === 'assistant');
    expect(assistant?.tool_calls).toEqual([
      { id: call.id, type: 'function', function: { name: 'echo', arguments: call.arguments } },
    ]);
    const tool = second.messages.find((m) => m.role === 'tool');
    expect(tool).toMatchObject({ tool_call_id: call.id });
    expect(String(tool?.content)).toMatch(/^Echo: /);
    // Saved as shown.
    const saved = await opened.call<Conversation>('conversations.get', { id: c.id });
    expect(saved.messages[1]!.toolRounds![0]!.calls[0]!.state).toBe('done');
  });

  it('a denied call tells the model so and never runs', async () => {
    const { opened, provider, c } = await setup();
    const { end } = await sendAndDecide(opened, c.id, 'Use echo please', 'deny');
    expect(end.type).toBe('done');
    expect(provider.calls).toHaveLength(0);
    if (end.type === 'done') expect(end.message.toolRounds![0]!.calls[0]!.state).toBe('denied');
    const tool = bodies()[1]!.messages.find((m) => m.role === 'tool');
    expect(tool?.content).toBe(DECLINED_RESULT);
    expect(end.type === 'done' && end.message.content).toContain(DECLINED_RESULT);
  });

  it('"always" remembers the tool: the next turn runs it without asking', async () => {
    const { opened, provider, c } = await setup();
    await sendAndDecide(opened, c.id, 'echo one', 'always');
    expect(provider.allowed.has('echo')).toBe(true);
    await opened.call('chat.send', { conversationId: c.id, text: 'echo two' });
    const end = await nthEnd(opened, c.id, 2);
    expect(end.type).toBe('done');
    expect(provider.calls).toHaveLength(2);
    const states = chatEvents(opened, c.id)
      .filter((e) => e.type === 'tools')
      .slice(-3)
      .flatMap((e) => (e.type === 'tools' ? e.rounds.flatMap((r) => r.calls) : []))
      .map((x) => x.state);
    expect(states).not.toContain('asking');
  });

  it('broken JSON arguments fail without asking, and the model is told why', async () => {
    const { opened, provider, c } = await setup();
    await opened.call('chat.send', { conversationId: c.id, text: 'echo [[tools:badjson]]' });
    const end = await nthEnd(opened, c.id, 1);
    expect(end.type).toBe('done');
    expect(provider.calls).toHaveLength(0);
    if (end.type !== 'done') return;
    const failed = end.message.toolRounds![0]!.calls[0]!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/not valid JSON/);
    expect(failed.failure).toEqual({ kind: 'bad_json' });
    const tool = bodies()[1]!.messages.find((m) => m.role === 'tool');
    expect(String(tool?.content)).toMatch(/not valid JSON/);
  });

  it('a call that fails on the server is kept with its sentence', async () => {
    const provider = fakeProvider();
    provider.allowed.add('echo');
    provider.behave = () =>
      Promise.reject(new ToolCallError('server_down', 'The server "everything" stopped.'));
    const { opened, c } = await setup(provider);
    await opened.call('chat.send', { conversationId: c.id, text: 'echo now' });
    const end = await nthEnd(opened, c.id, 1);
    expect(end.type).toBe('done');
    if (end.type !== 'done') return;
    expect(end.message.toolRounds![0]!.calls[0]).toMatchObject({
      state: 'failed',
      error: 'The server "everything" stopped.',
      failure: { kind: 'server_down' },
    });
    const tool = bodies()[1]!.messages.find((m) => m.role === 'tool');
    expect(String(tool?.content)).toContain('The server "everything" stopped.');
  });

  it('a picture a tool returns is kept in the media library and shown from there', async () => {
    const provider = fakeProvider();
    provider.allowed.add('echo');
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    provider.behave = () =>
      Promise.resolve({
        isError: false,
        parts: [
          { type: 'text', text: 'A dot.' },
          { type: 'image', mime: 'image/png', base64: png },
        ],
      });
    const { opened, c } = await setup(provider);
    await opened.call('chat.send', { conversationId: c.id, text: 'echo a picture' });
    const end = await nthEnd(opened, c.id, 1);
    expect(end.type).toBe('done');
    if (end.type !== 'done') return;
    const result = end.message.toolRounds![0]!.calls[0]!.result!;
    expect(result[0]).toEqual({ type: 'text', text: 'A dot.' });
    expect(result[1]).toMatchObject({ type: 'image', mime: 'image/png' });
    const uploadId = (result[1] as { uploadId: string }).uploadId;
    expect(await opened.core.resolveMedia(uploadId, 'full')).not.toBeNull();
    // The model is told a picture came, not sent its bytes.
    const tool = bodies()[1]!.messages.find((m) => m.role === 'tool');
    expect(String(tool?.content)).toContain('picture (image/png)');
  });

  it('at the round limit the last request may not call tools and the answer says so', async () => {
    const provider = fakeProvider();
    provider.allowed.add('echo');
    const { opened, c } = await setup(provider);
    await opened.call('settings.update', { toolRoundLimit: 2 });
    await opened.call('chat.send', { conversationId: c.id, text: 'echo [[tools:loop]]' });
    const end = await nthEnd(opened, c.id, 1);
    expect(end.type).toBe('done');
    expect(provider.calls).toHaveLength(2);
    expect(bodies().map((b) => b.tool_choice)).toEqual(['auto', 'auto', 'none']);
    if (end.type !== 'done') return;
    expect(end.message.toolRounds).toHaveLength(2);
    expect(end.message.toolRoundLimit).toBe(2);
    expect(end.message.content).not.toMatch(/limit/);
  });

  it('stop while asking ends the turn stopped and saves it readable', async () => {
    const { opened, provider, c } = await setup();
    await opened.call('chat.send', { conversationId: c.id, text: 'echo wait' });
    const { messageId, call } = await asked(opened, c.id);
    expect(await opened.call('chat.stop', { conversationId: c.id })).toEqual({ stopped: true });
    const saved = await opened.call<Conversation>('conversations.get', { id: c.id });
    const answer = saved.messages[1]!;
    expect(answer.status).toBe('stopped');
    expect(answer.toolRounds![0]!.calls[0]!.state).toBe('stopped');
    expect(provider.calls).toHaveLength(0);
    // A late decision finds nothing waiting.
    expect(
      await opened.call('chat.decideTool', {
        conversationId: c.id,
        messageId,
        callId: call.id,
        decision: 'allow',
      }),
    ).toEqual({ decided: false });
    expect(bodies()).toHaveLength(1);
  });

  it('stop while a call runs aborts it', async () => {
    const provider = fakeProvider();
    provider.allowed.add('echo');
    let started = false;
    provider.behave = (_t, _a, signal) =>
      new Promise((_resolve, reject) => {
        started = true;
        signal.addEventListener('abort', () => reject(new ToolCallError('stopped', 'Stopped.')));
      });
    const { opened, c } = await setup(provider);
    await opened.call('chat.send', { conversationId: c.id, text: 'echo slowly' });
    await until(() => (started ? true : undefined), 'the call to start');
    await opened.call('chat.stop', { conversationId: c.id });
    const saved = await opened.call<Conversation>('conversations.get', { id: c.id });
    expect(saved.messages[1]!.status).toBe('stopped');
    expect(saved.messages[1]!.toolRounds![0]!.calls[0]!.state).toBe('stopped');
  });

  it('keeps answering while a call runs, and keeps 1,000 of 200,000 parts with a note', async () => {
    const provider = fakeProvider();
    provider.allowed.add('echo');
    let release: (() => void) | null = null;
    provider.behave = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return {
        isError: false,
        parts: Array.from({ length: 200_000 }, (_, i) => ({ type: 'text', text: `part ${i}` })),
      };
    };
    const { opened, c } = await setup(provider);
    await opened.call('chat.send', { conversationId: c.id, text: 'echo a lot' });
    await until(() => release ?? undefined, 'the call to start');
    // Core answers while the call is under way.
    expect(await opened.call('conversations.get', { id: c.id })).toMatchObject({ id: c.id });
    release!();
    const end = await nthEnd(opened, c.id, 1);
    const saved = await opened.call<Conversation>('conversations.get', { id: c.id });
    const call = saved.messages[1]!.toolRounds![0]!.calls[0]!;
    expect(call.result).toHaveLength(1001);
    expect(call.result![999]).toEqual({ type: 'text', text: 'part 999' });
    expect(call.result![1000]).toEqual({
      type: 'other',
      note: 'The tool returned 200,000 parts; only the first 1,000 are kept and shown.',
    });
    expect(end.type === 'done' || end.type === 'error').toBe(true);
    const tool = bodies()[1]?.messages.find((m) => m.role === 'tool');
    expect(String(tool?.content)).toContain('only the first 1,000 are kept');
  });

  it('the next turn sends the earlier rounds as calls and tool messages', async () => {
    const provider = fakeProvider();
    provider.allowed.add('echo');
    const { opened, c } = await setup(provider);
    await opened.call('chat.send', { conversationId: c.id, text: 'echo first' });
    await nthEnd(opened, c.id, 1);
    const before = bodies().length;
    await opened.call('chat.send', { conversationId: c.id, text: 'Thanks, and now?' });
    await nthEnd(opened, c.id, 2);
    const next = bodies()[before]!;
    expect(next.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(next.messages[1]!.tool_calls).toHaveLength(1);
    expect(String(next.messages[2]!.content)).toMatch(/^Echo: /);
    expect(String(next.messages[3]!.content)).toContain('Echo: ');
  });

  it('a model without tools refuses them, and the error says to turn tools off', async () => {
    const { opened, c } = await setup();
    await opened.call('conversations.update', {
      id: c.id,
      model: 'deepseek/deepseek-r1',
      tools: { enabled: true, servers: null },
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'echo hi' });
    const end = await nthEnd(opened, c.id, 1);
    expect(end.type).toBe('error');
    if (end.type === 'error') {
      expect(end.error.message).toMatch(/does not support tools/);
      // The service's words stay its own; the page adds what to do from this mark.
      expect(end.error.details?.reason).toBe('tools_refused');
      expect(end.error.fromService).toBe(true);
    }
  });

  it('tools are off by default when the list states no tools badge, and when turned off', async () => {
    const provider = fakeProvider();
    const opened = await openCore({ toolProvider: provider });
    await opened.call('settings.update', { autoTitle: false });
    await opened.call('models.list', {});
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'echo hi' });
    expect((await nthEnd(opened, c.id, 1)).type).toBe('done');
    expect(bodies()[0]!.tools).toBeUndefined();
    await opened.call('conversations.update', {
      id: c.id,
      model: 'openai/gpt-4o-mini',
      tools: { enabled: false, servers: null },
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'echo hi' });
    expect((await nthEnd(opened, c.id, 2)).type).toBe('done');
    expect(bodies()[1]!.tools).toBeUndefined();
  });
});

describe('capToolParts', () => {
  it('keeps a result within the limits as it is', () => {
    const parts = [{ type: 'text' as const, text: 'one' }];
    expect(capToolParts(parts)).toEqual({ parts, dropped: null });
  });

  it('stops at the character total, counting a long text as what is kept of it', () => {
    const picture = { type: 'image' as const, mime: 'image/png', base64: 'A'.repeat(6_000_000) };
    const long = { type: 'text' as const, text: 'x'.repeat(50_000_000) };
    const { parts, dropped } = capToolParts([long, picture, picture, picture]);
    expect(parts).toEqual([long, picture, picture]);
    expect(dropped).toBe(
      'The tool returned 4 parts, over 16 MB together; only the first 3 are kept and shown.',
    );
  });
});
