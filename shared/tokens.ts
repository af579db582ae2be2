// Token estimates: a real BPE tokenizer once loaded (its own chunk), a cheap generous guess until then.
import { tokensAreEstimated } from './attachments';
import { toolResultText } from './tool-rounds';
import type { ChatMessage, Conversation } from './types';

/** Framing the service adds around each message (role, separators). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * The service counts with each provider's own tokenizer, which we do not have. cl100k_base is
 * the closest common one and, unlike chars/3.5, does not under-count Cyrillic (about 1.7
 * characters a token in Russian, not 3.5); it is also half the size of o200k_base, which splits
 * Russian more coarsely than most other providers do. The margin covers tokenizers that split
 * the same text somewhat finer.
 */
const TOKENIZER_MARGIN = 1.05;

/**
 * BPE merging inside one pre-token grows faster than linearly (50,000 Cyrillic letters in a row
 * take seconds), so text is counted in pieces of at most this many characters. A cut costs at
 * most a token or two, which only makes the estimate a little more generous.
 */
const PIECE_CHARS = 2000;
/** How far back from a piece's end a cut looks for whitespace, so words are rarely split. */
const CUT_LOOKBACK = 200;

/** Counts already made, keyed by the text itself; bounded by the characters they hold. */
const CACHE_CHARS = 4_000_000;
const CACHE_MAX_TEXT = 200_000;

type CountTokens = (text: string) => number;

let exactCount: CountTokens | null = null;
let loading: Promise<boolean> | null = null;
const cache = new Map<string, number>();
let cachedChars = 0;

/**
 * Loads the tokenizer once; estimates use it from then on. Resolves false (and may be asked
 * again) when loading failed, in which case the guess stays in use.
 */
export function loadTokenizer(): Promise<boolean> {
  loading ??= import('gpt-tokenizer/encoding/cl100k_base').then(
    (tokenizer) => {
      // Text that looks like a special token (<|endoftext|>) is counted as ordinary text.
      const options = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
      exactCount = (text) => tokenizer.countTokens(text, options);
      cache.clear();
      cachedChars = 0;
      return true;
    },
    () => {
      loading = null;
      return false;
    },
  );
  return loading;
}

export function tokenizerLoaded(): boolean {
  return exactCount !== null;
}

/**
 * The guess before the tokenizer is there, generous per script: ASCII about 3.5 characters a
 * token, two-byte UTF-8 letters (Cyrillic, Greek, accented Latin) 1.5, anything wider (CJK,
 * emoji halves) one token each.
 */
export function guessTokens(text: string): number {
  let ascii = 0;
  let twoByte = 0;
  let wide = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) ascii++;
    else if (code < 0x800) twoByte++;
    else wide++;
  }
  return Math.ceil(ascii / 3.5 + twoByte / 1.5 + wide);
}

/**
 * Where to end a piece that starts at `start`: before whitespace near the limit (the tokenizer
 * joins a space to the word after it, so the cut changes nothing there), never inside a
 * surrogate pair.
 */
function pieceEnd(text: string, start: number): number {
  const limit = start + PIECE_CHARS;
  if (limit >= text.length) return text.length;
  for (let i = limit; i > limit - CUT_LOOKBACK; i--) {
    if (/\s/.test(text[i]!)) return i;
  }
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

function countInPieces(count: CountTokens, text: string): number {
  let total = 0;
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    total += count(text.slice(start, end));
    start = end;
  }
  return total;
}

function remember(text: string, tokens: number): void {
  if (text.length > CACHE_MAX_TEXT) return;
  cache.set(text, tokens);
  cachedChars += text.length;
  for (const old of cache.keys()) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(old);
    cachedChars -= old.length;
  }
}

/** Prompt tokens the text is likely to take, a little on the generous side. */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  const count = exactCount;
  if (!count) return guessTokens(text);
  const known = cache.get(text);
  if (known !== undefined) return known;
  const tokens = Math.ceil(countInPieces(count, text) * TOKENIZER_MARGIN);
  remember(text, tokens);
  return tokens;
}

/** Messages the service sees: failed answers and empty ones stay on screen but are not sent. */
export function isSentMessage(m: ChatMessage): boolean {
  return m.status !== 'error' && !(m.role === 'assistant' && m.content === '');
}

/** One message's share of the prompt: its text, its attachments and the framing. */
export function messageTokens(m: ChatMessage): number {
  // An answer that is only tool rounds so far (stopped while asking) still sends its rounds.
  if (!isSentMessage(m)) return m.status !== 'error' ? toolRoundTokens(m) : 0;
  const attached = (m.attachments ?? []).reduce((sum, a) => sum + a.tokens, 0);
  return estimateTokens(m.content) + attached + MESSAGE_OVERHEAD_TOKENS + toolRoundTokens(m);
}

/**
 * The part of a message's tokens that is Atelier's own estimate (pictures and audio: the
 * document states no count for them). Figures shown before sending include it; the context
 * check leaves it out, so no request is refused or trimmed on a guess.
 */
export function estimatedAttachmentTokens(m: ChatMessage): number {
  if (!isSentMessage(m)) return 0;
  return (m.attachments ?? []).reduce((sum, a) => sum + (tokensAreEstimated(a) ? a.tokens : 0), 0);
}

/** An answer's tool rounds as sent: each round's text and calls, and one tool message per call. */
export function toolRoundTokens(m: ChatMessage): number {
  let total = 0;
  for (const round of m.toolRounds ?? []) {
    total += estimateTokens(round.content) + MESSAGE_OVERHEAD_TOKENS;
    for (const call of round.calls) {
      total += estimateTokens(call.wireName + call.arguments) + MESSAGE_OVERHEAD_TOKENS;
      total += estimateTokens(toolResultText(call));
    }
  }
  return total;
}

export function systemPromptTokens(systemPrompt: string): number {
  return systemPrompt.trim() !== '' ? estimateTokens(systemPrompt) + MESSAGE_OVERHEAD_TOKENS : 0;
}

/** The prompt the next request would carry: the system prompt and the history still sent. */
export function estimatePromptTokens(
  conversation: Pick<Conversation, 'systemPrompt' | 'contextStart' | 'messages'>,
): number {
  let total = systemPromptTokens(conversation.systemPrompt);
  const messages = conversation.messages;
  for (let i = Math.max(0, conversation.contextStart); i < messages.length; i++) {
    total += messageTokens(messages[i]!);
  }
  return total;
}
