import { describe, expect, it } from 'vitest';
import { applyStreamEvent, newStreamProgress } from '../../../../electron/core/service/chat-stream';
import { ToolCallAssembler, readToolCalls } from '../../../../electron/core/service/tool-calls';
import { readChatCompletion } from '../../../../electron/core/service/wire';

const progress = newStreamProgress;

function chunk(toolCalls: unknown[], extra: Record<string, unknown> = {}) {
  return {
    event: 'message',
    data: JSON.stringify({ choices: [{ delta: { tool_calls: toolCalls, ...extra } }] }),
  };
}

describe('tool call assembly', () => {
  it('joins arguments split in the middle of an escape sequence', () => {
    const p = progress();
    const args = JSON.stringify({ message: 'say "hi"\n\\ done' });
    const cut = args.indexOf('\\') + 1; // right after a backslash
    applyStreamEvent(
      p,
      chunk([
        { index: 0, id: 'call_1', type: 'function', function: { name: 'echo', arguments: '' } },
      ]),
      undefined,
      null,
    );
    applyStreamEvent(
      p,
      chunk([{ index: 0, function: { arguments: args.slice(0, cut) } }]),
      undefined,
      null,
    );
    applyStreamEvent(
      p,
      chunk([{ index: 0, function: { arguments: args.slice(cut) } }]),
      undefined,
      null,
    );
    const calls = p.toolCalls!.result();
    expect(calls).toEqual([{ id: 'call_1', name: 'echo', arguments: args }]);
    expect(JSON.parse(calls[0]!.arguments)).toEqual({ message: 'say "hi"\n\\ done' });
  });

  it('keeps two interleaved calls apart by index, in index order', () => {
    const a = new ToolCallAssembler();
    a.push([{ index: 1, id: 'b', function: { name: 'add', arguments: '{"a":' } }]);
    a.push([{ index: 0, id: 'a', function: { name: 'echo', arguments: '{"mess' } }]);
    a.push([{ index: 1, function: { arguments: '1,"b":2}' } }]);
    a.push([{ index: 0, function: { arguments: 'age":"x"}' } }]);
    expect(a.result()).toEqual([
      { id: 'a', name: 'echo', arguments: '{"message":"x"}' },
      { id: 'b', name: 'add', arguments: '{"a":1,"b":2}' },
    ]);
  });

  it('makes an id for a call that came without one, different per call', () => {
    const a = new ToolCallAssembler();
    a.push([
      { index: 0, function: { name: 'echo', arguments: '{}' } },
      { index: 1, function: { name: 'add', arguments: '{}' } },
    ]);
    const [first, second] = a.result();
    expect(first!.id).toMatch(/^call_\w+$/);
    expect(second!.id).toMatch(/^call_\w+$/);
    expect(first!.id).not.toBe(second!.id);
  });

  it('does not double a name that every piece repeats', () => {
    const a = new ToolCallAssembler();
    a.push([{ index: 0, id: 'x', function: { name: 'echo', arguments: '{"m":' } }]);
    a.push([{ index: 0, function: { name: 'echo', arguments: '1}' } }]);
    expect(a.result()).toEqual([{ id: 'x', name: 'echo', arguments: '{"m":1}' }]);
  });

  it('reads the non-streamed message.tool_calls form (object arguments too)', () => {
    const result = readChatCompletion({
      choices: [
        {
          finish_reason: 'tool_calls',
          message: {
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"a":1}' } },
              { id: 'c2', type: 'function', function: { name: 'add', arguments: { a: 2 } } },
            ],
          },
        },
      ],
    });
    expect(result.content).toBe('');
    expect(result.toolCalls).toEqual([
      { id: 'c1', name: 'echo', arguments: '{"a":1}' },
      { id: 'c2', name: 'add', arguments: '{"a":2}' },
    ]);
    expect(readToolCalls({ content: 'hi' })).toEqual([]);
  });

  it('leaves a stream without tool calls without toolCalls', () => {
    const p = progress();
    applyStreamEvent(
      p,
      { event: 'message', data: JSON.stringify({ choices: [{ delta: { content: 'hi' } }] }) },
      undefined,
      null,
    );
    expect(p.toolCalls).toBeUndefined();
    expect(p.content).toBe('hi');
  });
});
