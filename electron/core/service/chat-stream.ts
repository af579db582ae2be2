// Reading a streamed chat completion: SSE chunks to deltas, usage from the last chunk, partial text kept on failure, answers capped.
import { CHAT_ANSWER_MAX_CHARS } from '../../../shared/service-limits';
import { collectCitations } from './citations';
import { errorTextInBody } from './error-body';
import { answerCapError, errorFromHttp, ServiceError, serviceError } from './errors';
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
  /** Characters of tool-call pieces taken, counted against the answer's cap with the text. */
  toolCallChars?: number;
  /** The most characters of text and tool-call pieces taken (default CHAT_ANSWER_MAX_CHARS). */
  maxChars?: number;
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

/** The characters of an answer so far, as its cap counts them. */
function charsOf(progress: StreamProgress): number {
  return progress.content.length + progress.reasoning.length + (progress.toolCallChars ?? 0);
}

/** The answer passed its cap: it ends with what fits, said in words. */
function cutAtCap(progress: StreamProgress, limit: number): ServiceError {
  return answerCapError('The answer', limit, 'characters', 200, partialOf(progress));
}

/**
 * Applies one SSE event; returns true at `[DONE]`. Throws the error an error chunk carries, and
 * the cap's refusal when the answer passes its cap (keeping the part of the delta that fits).
 */
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
  const limit = progress.maxChars ?? CHAT_ANSWER_MAX_CHARS;
  if (Array.isArray(delta.tool_calls)) {
    // The piece's own size stands for the arguments it adds (they are in it, quoted).
    progress.toolCallChars = (progress.toolCallChars ?? 0) + data.length;
    if (charsOf(progress) > limit) throw cutAtCap(progress, limit);
    progress.toolCalls ??= new ToolCallAssembler();
    progress.toolCalls.push(delta.tool_calls);
  }
  takeText(
    progress,
    contentText(delta.content),
    contentText(delta.reasoning ?? delta.reasoning_content),
    onDelta,
  );
  return false;
}

/**
 * Adds text to the answer and passes it on; past the answer's cap, adds what fits and throws
 * the cap's refusal (a whole answer, not streamed, goes through here too).
 */
export function takeText(
  progress: StreamProgress,
  newContent: string,
  newReasoning: string,
  onDelta: ((content: string, reasoning: string) => void) | undefined,
): void {
  const limit = progress.maxChars ?? CHAT_ANSWER_MAX_CHARS;
  let content = newContent;
  let reasoning = newReasoning;
  const room = limit - charsOf(progress);
  const over = content.length + reasoning.length > room;
  if (over) {
    reasoning = fitted(reasoning, room);
    content = fitted(content, room - reasoning.length);
  }
  if (content || reasoning) {
    progress.content += content;
    progress.reasoning += reasoning;
    onDelta?.(content, reasoning);
  }
  if (over) throw cutAtCap(progress, limit);
}

/** The start of a text within `room` characters, never ending inside a surrogate pair. */
function fitted(text: string, room: number): string {
  if (text.length <= room) return text;
  if (room <= 0) return '';
  const end = /[\uD800-\uDBFF]/.test(text.charAt(room - 1)) ? room - 1 : room;
  return text.slice(0, end);
}

/**
 * Reads an SSE body to `[DONE]`. A stream that ends after a `finish_reason` without `[DONE]` is a
 * whole answer (some services never send it). One that ends before any `finish_reason` was cut: it
 * rejects with malformed_response, and the ServiceError's `partial` holds the text that did arrive.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  ctx: AttemptContext,
  onDelta: ((content: string, reasoning: string) => void) | undefined,
  limits: { maxChars?: number; maxLineChars?: number } = {},
): Promise<ChatResult> {
  const progress = newStreamProgress();
  if (limits.maxChars !== undefined) progress.maxChars = limits.maxChars;
  const parser = new SseParser({ maxLineChars: limits.maxLineChars });
  // Deadlines and Stop are the body's own (http.ts guards every answer's body).
  const reader = body.getReader();
  try {
    while (!progress.done) {
      const { value, done } = await reader.read();
      const events = done ? parser.end() : parser.push(value);
      for (const event of events) {
        if (applyStreamEvent(progress, event, onDelta, ctx.apiKey)) {
          progress.done = true;
          break;
        }
      }
      if (parser.lineTooLong && !progress.done)
        throw answerCapError(
          'One line of the answer stream',
          parser.lineLimit,
          'characters',
          200,
          partialOf(progress),
        );
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
