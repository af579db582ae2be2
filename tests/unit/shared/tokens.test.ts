// Token estimates: the guess before the tokenizer loads, the tokenizer's counts after, and the prompt of a conversation.
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_OVERHEAD_TOKENS,
  estimatePromptTokens,
  estimateTokens,
  guessTokens,
  loadTokenizer,
  tokenizerLoaded,
} from '../../../shared/tokens';
import type { ChatMessage } from '../../../shared/types';

const ENGLISH =
  'The quick brown fox jumps over the lazy dog. It was a bright cold day in April, and the ' +
  'clocks were striking thirteen. Winston Smith slipped quickly through the glass doors.';
const RUSSIAN =
  'Съешь же ещё этих мягких французских булок, да выпей чаю. Был ясный холодный апрельский ' +
  'день, и часы пробили тринадцать. Уинстон Смит быстро скользнул в стеклянную дверь.';

/** What the estimate replaced: a flat 3.5 characters a token. */
const charsOver35 = (text: string): number => Math.ceil(text.length / 3.5);

function message(content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: Math.random().toString(36).slice(2),
    role: 'user',
    content,
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'done',
    ...extra,
  };
}

// The tests run in order: first without the tokenizer, then with it loaded.
describe('before the tokenizer loads', () => {
  it('guesses generously per script, and Russian no longer at 3.5 characters a token', () => {
    expect(tokenizerLoaded()).toBe(false);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens(ENGLISH)).toBe(charsOver35(ENGLISH));
    expect(estimateTokens(RUSSIAN)).toBe(guessTokens(RUSSIAN));
    expect(guessTokens(RUSSIAN)).toBeGreaterThanOrEqual(countTokens(RUSSIAN) * 0.9);
    expect(guessTokens(RUSSIAN)).toBeGreaterThan(charsOver35(RUSSIAN) * 1.5);
    expect(guessTokens('漢字')).toBe(2);
  });
});

describe('with the tokenizer', () => {
  it('loads once', async () => {
    const first = loadTokenizer();
    expect(loadTokenizer()).toBe(first);
    expect(await first).toBe(true);
    expect(tokenizerLoaded()).toBe(true);
  });

  it("counts English and Russian close to the tokenizer's own count, never under it", () => {
    for (const text of [ENGLISH, RUSSIAN, `${ENGLISH}\n\n${RUSSIAN}`]) {
      const exact = countTokens(text);
      const estimate = estimateTokens(text);
      expect(estimate).toBeGreaterThanOrEqual(exact);
      expect(estimate).toBeLessThanOrEqual(Math.ceil(exact * 1.1));
    }
  });

  it('no longer under-counts Russian as chars/3.5 did', () => {
    expect(charsOver35(RUSSIAN)).toBeLessThan(countTokens(RUSSIAN) * 0.7);
    expect(estimateTokens(RUSSIAN)).toBeGreaterThan(charsOver35(RUSSIAN) * 1.5);
  });

  it('gives 0 for empty text and counts whitespace', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens(' ')).toBeGreaterThan(0);
  });

  it('counts text that looks like a special token as ordinary text', () => {
    expect(() => estimateTokens('before <|endoftext|> after <|im_start|>')).not.toThrow();
    expect(estimateTokens('before <|endoftext|> after')).toBeGreaterThan(3);
  });

  it('counts a long text in pieces about as the tokenizer counts it whole', () => {
    const text = Array.from({ length: 60 }, (_, i) => (i % 2 ? ENGLISH : RUSSIAN)).join(' ');
    expect(text.length).toBeGreaterThan(5000);
    const exact = countTokens(text);
    const estimate = estimateTokens(text);
    expect(estimate).toBeGreaterThanOrEqual(exact);
    expect(estimate).toBeLessThanOrEqual(Math.ceil(exact * 1.06));
  });

  it('stays fast on a megabyte of text and on one endless word', () => {
    const book = `${ENGLISH} ${RUSSIAN} `.repeat(3500);
    expect(book.length).toBeGreaterThan(1_000_000);
    let started = performance.now();
    const tokens = estimateTokens(book);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(tokens).toBeGreaterThan(charsOver35(book));

    // BPE inside one pre-token grows faster than linearly; counting in pieces bounds it.
    const word = 'я'.repeat(100_000);
    started = performance.now();
    expect(estimateTokens(word)).toBeGreaterThan(word.length / 4);
    expect(performance.now() - started).toBeLessThan(3000);

    // The same text gives the same count, whether it was remembered or counted again.
    expect(estimateTokens(book)).toBe(tokens);
    expect(estimateTokens(RUSSIAN.repeat(100))).toBe(estimateTokens(RUSSIAN.repeat(100)));
  });

  it('never cuts a surrogate pair', () => {
    const emoji = '😀'.repeat(5000);
    expect(estimateTokens(emoji)).toBeGreaterThanOrEqual(countTokens(emoji));
  });
});

describe('estimatePromptTokens', () => {
  it('adds the system prompt and the history still sent, each with its framing', () => {
    const messages = [
      message('an old question that was trimmed away'),
      message(ENGLISH),
      message(RUSSIAN, { role: 'assistant' }),
      message('failed', { role: 'assistant', status: 'error' }),
      message('', { role: 'assistant' }),
      message('look', {
        attachments: [{ kind: 'image', name: 'a.png', mime: 'image/png', size: 10, tokens: 85 }],
      }),
    ];
    const expected =
      estimateTokens('Be brief.') +
      estimateTokens(ENGLISH) +
      estimateTokens(RUSSIAN) +
      estimateTokens('look') +
      85 +
      4 * MESSAGE_OVERHEAD_TOKENS;
    expect(estimatePromptTokens({ systemPrompt: 'Be brief.', contextStart: 1, messages })).toBe(
      expected,
    );
    expect(estimatePromptTokens({ systemPrompt: '  ', contextStart: 0, messages: [] })).toBe(0);
  });
});
