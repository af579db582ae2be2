// Tool calls in a chat answer: streamed pieces (by `index`) put together, or read from a whole message.
import { randomUUID } from 'node:crypto';
import type { AssembledToolCall } from './types';

type Json = Record<string, unknown>;
function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects `tool_calls` deltas: id and name come in a call's first piece, arguments in pieces. */
export class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  /** Adds the `tool_calls` array of one delta (or of a whole message). */
  push(toolCalls: unknown): void {
    if (!Array.isArray(toolCalls)) return;
    toolCalls.forEach((piece: unknown, position) => {
      if (!isObject(piece)) return;
      // Without an index (some services send whole calls), a call's place in the array is its index.
      const index = typeof piece.index === 'number' ? piece.index : position;
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (typeof piece.id === 'string' && piece.id !== '') call.id = piece.id;
      const fn = isObject(piece.function) ? piece.function : null;
      if (fn) {
        if (typeof fn.name === 'string' && fn.name !== '') {
          // A name repeated in later pieces is the same name; a different piece continues it.
          if (call.name !== fn.name) call.name += fn.name;
        }
        if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
        else if (isObject(fn.arguments)) call.arguments += JSON.stringify(fn.arguments);
      }
      this.calls.set(index, call);
    });
  }

  get size(): number {
    return this.calls.size;
  }

  /** The calls in index order; a call without an id gets one (the tool message must name it). */
  result(): AssembledToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, c]) => c.name !== '')
      .map(([, c]) => ({
        id: c.id !== '' ? c.id : `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
        name: c.name,
        arguments: c.arguments,
      }));
  }
}

/** The calls of a whole (non-streamed) `message.tool_calls`. */
export function readToolCalls(message: unknown): AssembledToolCall[] {
  const assembler = new ToolCallAssembler();
  if (isObject(message)) assembler.push(message.tool_calls);
  return assembler.result();
}
