// SSE parser: any split of bytes, every line ending, comments, multi-line data, the last event at EOF.
import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../../../electron/core/service/sse';

function parseAll(chunks: Array<string | Uint8Array>): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
}

function datas(events: SseEvent[]): string[] {
  return events.map((e) => e.data);
}

const STREAM =
  'data: {"choices":[{"delta":{"content":"Привет"}}]}\n\n' +
  ': keep-alive\n\n' +
  'data: {"choices":[{"delta":{"content":" мир 🌍"}}]}\n\n' +
  'data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"cost":0.00012}}\n\n' +
  'data: [DONE]\n\n';

const EXPECTED = [
  '{"choices":[{"delta":{"content":"Привет"}}]}',
  '{"choices":[{"delta":{"content":" мир 🌍"}}]}',
  '{"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"cost":0.00012}}',
  '[DONE]',
];

describe('SseParser', () => {
  it('parses a whole stream in one chunk, skipping comments', () => {
    expect(datas(parseAll([STREAM]))).toEqual(EXPECTED);
  });

  it('gives the same events for every split of the bytes, including inside multi-byte characters', () => {
    const bytes = new TextEncoder().encode(STREAM);
    for (let cut = 1; cut < bytes.length; cut++) {
      const events = parseAll([bytes.slice(0, cut), bytes.slice(cut)]);
      expect(datas(events), `cut at byte ${cut}`).toEqual(EXPECTED);
    }
  });

  it('survives one byte per read', () => {
    const bytes = new TextEncoder().encode(STREAM);
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(datas(parseAll(chunks))).toEqual(EXPECTED);
  });

  it('splits a 4-byte emoji across three reads', () => {
    const bytes = new TextEncoder().encode('data: 🌍\n\n');
    const at = 'data: '.length;
    const events = parseAll([
      bytes.slice(0, at + 1),
      bytes.slice(at + 1, at + 3),
      bytes.slice(at + 3),
    ]);
    expect(datas(events)).toEqual(['🌍']);
  });

  it('accepts CRLF, LF and CR line ends, mixed', () => {
    const text = 'data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r\n\n';
    expect(datas(parseAll([text]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('treats a CRLF split between reads as one line end, not two', () => {
    const parser = new SseParser();
    expect(parser.push('data: one\r')).toEqual([]);
    expect(datas(parser.push('\ndata: two\r\n'))).toEqual([]);
    expect(datas(parser.push('\r\n'))).toEqual(['one\ntwo']);
  });

  it('joins multi-line data fields with newlines and strips only one leading space', () => {
    const text = 'data: line 1\ndata:line 2\ndata:   indented\ndata\n\n';
    expect(datas(parseAll([text]))).toEqual(['line 1\nline 2\n  indented\n']);
  });

  it('keeps event names and ids, ignores unknown fields and comments', () => {
    const events = parseAll([
      ': comment\nevent: error\nid: 7\nretry: 100\nfoo: bar\ndata: {"error":"x"}\n\n',
      'data: next\n\n',
    ]);
    expect(events).toEqual([
      { event: 'error', data: '{"error":"x"}', id: '7' },
      { event: 'message', data: 'next', id: '7' },
    ]);
  });

  it('assembles an event split across reads at every field boundary', () => {
    const parser = new SseParser();
    expect(parser.push('da')).toEqual([]);
    expect(parser.push('ta: {"a"')).toEqual([]);
    expect(parser.push(':1}\n')).toEqual([]);
    expect(datas(parser.push('\n'))).toEqual(['{"a":1}']);
  });

  it('delivers a final event that has no trailing blank line at end of stream', () => {
    expect(datas(parseAll(['data: x\n\ndata: [DONE]']))).toEqual(['x', '[DONE]']);
    expect(datas(parseAll(['data: x\n\ndata: [DONE]\n']))).toEqual(['x', '[DONE]']);
    expect(datas(parseAll(['data: x\n\ndata: [DONE]\r']))).toEqual(['x', '[DONE]']);
  });

  it('drops events without data and a leading byte-order mark', () => {
    expect(datas(parseAll(['\uFEFFevent: ping\n\ndata: ok\n\n']))).toEqual(['ok']);
  });

  it('keeps a usage-only final chunk as an ordinary event', () => {
    const usage = '{"id":"x","choices":[],"usage":{"total_tokens":9,"cost":"0.0012"}}';
    expect(datas(parseAll([`data: ${usage}\n\n`, 'data: [DONE]\n\n']))).toEqual([usage, '[DONE]']);
  });

  it('returns nothing for an empty stream', () => {
    expect(parseAll([])).toEqual([]);
    expect(parseAll(['', new Uint8Array()])).toEqual([]);
  });
});

describe('SseParser on long lines', () => {
  it('reads a 16 MB line that comes in 16 KiB pieces, each piece scanned once', () => {
    const parser = new SseParser({ maxLineChars: 32 * 1024 * 1024 });
    const piece = 'a'.repeat(16 * 1024);
    expect(parser.push('data: ')).toEqual([]);
    for (let i = 0; i < 1024; i++) expect(parser.push(piece)).toEqual([]);
    const [event] = parser.push('\n\n');
    expect(event?.data.length).toBe(16 * 1024 * 1024);
    expect(parser.lineTooLong).toBe(false);
  });

  it('stops at a line past its cap without throwing, giving the events completed before it', () => {
    const parser = new SseParser({ maxLineChars: 100 });
    expect(datas(parser.push('data: first\n\ndata: '))).toEqual(['first']);
    expect(parser.push('x'.repeat(90))).toEqual([]);
    expect(parser.lineTooLong).toBe(false);
    expect(parser.push('x'.repeat(10))).toEqual([]);
    expect(parser.lineTooLong).toBe(true);
    expect(parser.push('\n\ndata: later\n\n')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  it('stops at an overlong line that arrives whole, keeping what came before it in the same piece', () => {
    const parser = new SseParser({ maxLineChars: 50 });
    const events = parser.push(`data: a\n\ndata: ${'y'.repeat(60)}\n\n`);
    expect(datas(events)).toEqual(['a']);
    expect(parser.lineTooLong).toBe(true);
  });

  it('caps an event made of many short data lines as a line', () => {
    const parser = new SseParser({ maxLineChars: 50 });
    for (let i = 0; i < 5; i++) parser.push('data: 123456789\n');
    expect(parser.lineTooLong).toBe(false);
    parser.push('data: 123456789\n');
    expect(parser.lineTooLong).toBe(true);
    expect(parser.push('\n')).toEqual([]);
  });

  it('takes a line exactly at its cap', () => {
    const parser = new SseParser({ maxLineChars: 20 });
    const line = `data: ${'z'.repeat(14)}`;
    expect(line).toHaveLength(20);
    expect(datas([...parser.push(`${line}\n\n`), ...parser.end()])).toEqual(['z'.repeat(14)]);
    expect(parser.lineTooLong).toBe(false);
  });
});
