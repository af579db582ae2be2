// Reading a streamed chat completion: SSE chunks to deltas, usage from the last chunk, partial text kept on failure.
import { collectCitations } from './citations';
import { errorFromHttp, errorTextInBody, ServiceError, serviceError } from './errors';
import type { AttemptContext } from './http';
import { SseParser } from './sse';
import { ToolCallAssembler } from './tool-calls';
import type { ChatResult, WireCitation } from './types';
import { contentText, isObject, readUsage } from './wire';

export interface StreamProgress {
  content: string;
  reasoning: string;
  finishReason: string | null;
  usage: ChatResult['usage'];
  skippedChunks: number;
  done: boolean;
  /** Links cited by annotations or a `citations` array, gathered over the chunks. */
  citations?: WireCitation[];
  /** Tool-call pieces seen so far (absent: none collected yet). */
  toolCalls?: ToolCallAssembler;
}

/** A stream's progress before its first chunk. */
export function newStreamProgress(): StreamProgress {
  return {
    content: '',
    reasoning: '',
    finishReason: null,
    usage: null,
    skippedChunks: 0,
    done: false,
  };
}

function partialOf(progress: StreamProgress): { content: string; reasoning: string } | null {
  return progress.content || progress.reasoning
    ? { content: progress.content, reasoning: progress.reasoning }
    : null;
}

/** Applies one SSE event; returns true at `[DONE]`. Throws the error an error chunk carries. */
export function applyStreamEvent(
  progress: StreamProgress,
  event: { event: string; data: string },
  onDelta: ((content: string, reasoning: string) => void) | undefined,
  apiKey: string | null,
): boolean {
  const data = event.data.trim();
  if (data === '[DONE]') return true;
  if (!data) return false;
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    // One broken chunk should not cost the whole answer; the count tells the caller.
    progress.skippedChunks++;
    return false;
  }
  if (event.event === 'error' || errorTextInBody(chunk) !== null) {
    const error = errorFromHttp({
      status: 200,
      bodyText: data,
      contentType: 'application/json',
      apiKey,
    });
    throw new ServiceError(error, partialOf(progress));
  }
  if (!isObject(chunk)) return false;
  const usage = readUsage(chunk, data);
  if (usage) progress.usage = usage;
  collectCitations((progress.citations ??= []), chunk);
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (!isObject(choice)) return false;
  if (typeof choice.finish_reason === 'string') progress.finishReason = choice.finish_reason;
  const delta = isObject(choice.delta)
    ? choice.delta
    : isObject(choice.message)
      ? choice.message
      : null;
  if (!delta) return false;
  if (Array.isArray(delta.tool_calls)) {
    progress.toolCalls ??= new ToolCallAssembler();
    progress.toolCalls.push(delta.tool_calls);
  }
  const content = contentText(delta.content);
  const reasoning = contentText(delta.reasoning ?? delta.reasoning_content);
  if (content || reasoning) {
    progress.content += content;
    progress.reasoning += reasoning;
    onDelta?.(content, reasoning);
  }
  return false;
}

/**
 * Reads an SSE body to `[DONE]`. A stream that ends after a `finish_reason` without `[DONE]` is a
 * whole answer (some services never send it). One that ends before any `finish_reason` was cut: it
 * rejects with malformed_response, and the ServiceError's `partial` holds the text that did arrive.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  ctx: AttemptContext,
  idleTimeoutMs: number,
  onDelta: ((content: string, reasoning: string) => void) | undefined,
): Promise<ChatResult> {
  const progress = newStreamProgress();
  const parser = new SseParser();
  const reader = body.getReader();
  try {
    while (!progress.done) {
      const { value, done } = await reader.read();
      ctx.extendTimeout(idleTimeoutMs);
      const events = done ? parser.end() : parser.push(value);
      for (const event of events) {
        if (applyStreamEvent(progress, event, onDelta, ctx.apiKey)) {
          progress.done = true;
          break;
        }
      }
      if (done) break;
    }
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    throw new ServiceError(ctx.explain(e).error, partialOf(progress));
  } finally {
    // Frees the connection whether the stream ended, broke or still has bytes after [DONE].
    reader.cancel().catch(() => undefined);
  }
  if (!progress.done && progress.finishReason === null)
    throw new ServiceError(
      serviceError(
        'malformed_response',
        'The answer stopped before it was complete (the stream ended without [DONE]).',
        200,
      ).error,
      partialOf(progress),
    );
  return {
    content: progress.content,
    reasoning: progress.reasoning,
    finishReason: progress.finishReason,
    usage: progress.usage,
    skippedChunks: progress.skippedChunks,
    ...(progress.citations?.length ? { citations: progress.citations } : {}),
    ...(progress.toolCalls ? { toolCalls: progress.toolCalls.result() } : {}),
  };
}
