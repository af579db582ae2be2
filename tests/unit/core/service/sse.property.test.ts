// Properties of the SSE parser and the stream reader's chunks: any split, any line end, comments and unknown fields, broken JSON, arbitrary bytes.
import fc, { type Parameters } from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStreamEvent, newStreamProgress } from '../../../../electron/core/service/chat-stream';
import { ServiceError } from '../../../../electron/core/service/errors';
import { SseParser, type SseEvent } from '../../../../electron/core/service/sse';

/** A fixed seed unless FC_SEED asks for another; FC_RUNS asks for more runs. */
function params(runs: number): Parameters<unknown> {
  return {
    seed: Number(process.env.FC_SEED ?? 37),
    numRuns: Number(process.env.FC_RUNS ?? runs),
  };
}

function parseAll(chunks: Array<string | Uint8Array>, parser = new SseParser()): SseEvent[] {
  const events: SseEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
}

/** The bytes cut at the given points (sorted, deduplicated, inside the bytes). */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const p of at) {
    pieces.push(bytes.slice(from, p));
    from = p;
  }
  pieces.push(bytes.slice(from));
  return pieces;
}

/** Text of one data line: anything but a line end (a leading space would be taken as the separator). */
const lineText = fc
  .string({ unit: 'grapheme', maxLength: 30 })
  .map((s) => s.replace(/[\r\n]/g, ' ').replace(/^ /, '_'));
const fieldName = fc.constantFrom('retry', 'foo', 'x-extra', 'Data', 'ids');
const lineEnd = fc.constantFrom('\n', '\r', '\r\n');

interface Model {
  /** The events as they should come out. */
  events: Array<{ event: string; data: string; id: string | null }>;
  /** The stream's lines, each without its end. */
  lines: string[];
}

/** A valid stream as a list of lines, with comments and unknown fields, and the events it holds. */
const stream: fc.Arbitrary<Model> = fc
  .array(
    fc.record({
      name: fc.option(fc.constantFrom('message', 'delta', 'error'), { nil: null }),
      id: fc.option(fc.stringMatching(/^[a-z0-9]{1,6}$/), { nil: null }),
      data: fc.array(lineText, { minLength: 1, maxLength: 3 }),
      comment: fc.option(lineText, { nil: null }),
      unknown: fc.option(fc.tuple(fieldName, lineText), { nil: null }),
    }),
    { maxLength: 8 },
  )
  .map((records) => {
    const lines: string[] = [];
    const events: Model['events'] = [];
    let lastId: string | null = null;
    for (const r of records) {
      if (r.comment !== null) lines.push(`:${r.comment}`);
      if (r.name !== null) lines.push(`event: ${r.name}`);
      if (r.id !== null) {
        lines.push(`id: ${r.id}`);
        lastId = r.id;
      }
      if (r.unknown !== null) lines.push(`${r.unknown[0]}: ${r.unknown[1]}`);
      for (const d of r.data) lines.push(`data: ${d}`);
      lines.push('');
      events.push({ event: r.name ?? 'message', data: r.data.join('\n'), id: lastId });
    }
    return { lines, events };
  });

/** The lines joined with line ends chosen per line. */
const written = stream.chain((model) =>
  fc
    .array(lineEnd, { minLength: model.lines.length, maxLength: model.lines.length })
    .map((ends) => ({
      model,
      text: model.lines
        .map((line, i) => {
          const end = ends[i] ?? '\n';
          // A CR ending a line followed by an empty line ending in LF would read as one CRLF.
          const next = ends[i + 1];
          return end === '\r' && model.lines[i + 1] === '' && next !== '\r'
            ? `${line}\r\n`
            : `${line}${end}`;
        })
        .join(''),
    })),
);

describe('SseParser properties', () => {
  it('gives the same events for any split of the bytes as for the whole', () => {
    fc.assert(
      fc.property(written, fc.array(fc.nat(), { maxLength: 12 }), ({ model, text }, points) => {
        const bytes = new TextEncoder().encode(text);
        expect(parseAll([bytes])).toEqual(model.events);
        expect(parseAll(cut(bytes, points))).toEqual(model.events);
      }),
      params(300),
    );
  });

  it('reads LF, CR and CRLF line ends alike, comments and unknown fields ignored', () => {
    fc.assert(
      fc.property(stream, lineEnd, (model, end) => {
        const text = model.lines.map((line) => `${line}${end}`).join('');
        expect(parseAll([text])).toEqual(model.events);
      }),
      params(300),
    );
  });

  it('never throws on arbitrary bytes, in any split', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (bytes, points) => {
          const events = parseAll(cut(bytes, points));
          for (const e of events) {
            expect(typeof e.data).toBe('string');
            expect(typeof e.event).toBe('string');
          }
        },
      ),
      params(500),
    );
  });

  /** Text made of the pieces of SSE and arbitrary characters, so lines of every length occur. */
  const sseLike = fc
    .array(
      fc.oneof(
        fc.constantFrom('data: ', 'data:', 'event: e', 'id: 1', ': c', '\n', '\r', '\r\n', '\n\n'),
        fc.string({ maxLength: 12 }),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('never throws on arbitrary text with a small line cap, and stops for good past it', () => {
    fc.assert(
      fc.property(
        sseLike,
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer({ min: 1, max: 40 }),
        (text, points, cap) => {
          const parser = new SseParser({ maxLineChars: cap });
          const bytes = new TextEncoder().encode(text);
          const pieces = cut(bytes, points);
          let stoppedAt = -1;
          pieces.forEach((piece, i) => {
            const events = parser.push(piece);
            if (stoppedAt >= 0) expect(events).toEqual([]);
            if (parser.lineTooLong && stoppedAt < 0) stoppedAt = i;
          });
          const last = parser.end();
          if (stoppedAt >= 0) expect(last).toEqual([]);
          for (const e of parseAll(pieces, new SseParser({ maxLineChars: cap })))
            expect(e.data.length).toBeLessThanOrEqual(cap);
        },
      ),
      params(500),
    );
  });
});

describe('stream chunks through the reader', () => {
  const valid = fc.record({ content: lineText, reasoning: lineText });
  const chunkLine = fc.oneof(
    valid.map((delta) => ({
      ok: true as const,
      delta,
      data: JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }] }),
    })),
    fc
      .string({ maxLength: 40 })
      .map((s) => s.replace(/[\r\n]/g, ' '))
      .filter((s) => {
        try {
          JSON.parse(s.trim());
          return false;
        } catch {
          return s.trim() !== '' && s.trim() !== '[DONE]';
        }
      })
      .map((data) => ({ ok: false as const, delta: null, data })),
  );

  it('counts broken JSON lines, keeps the text of the rest, and never throws for them', () => {
    fc.assert(
      fc.property(fc.array(chunkLine, { maxLength: 20 }), (lines) => {
        const text = lines.map((l) => `data: ${l.data}\n\n`).join('');
        const progress = newStreamProgress();
        let streamed = '';
        for (const event of parseAll([text])) {
          try {
            applyStreamEvent(progress, event, (c) => (streamed += c), null);
          } catch (e) {
            // Only an error chunk (a JSON object naming an error) may end a stream.
            expect(e).toBeInstanceOf(ServiceError);
            return;
          }
        }
        const good = lines.flatMap((l) => (l.ok ? [l.delta] : []));
        expect(progress.skippedChunks).toBe(lines.filter((l) => !l.ok).length);
        expect(progress.content).toBe(good.map((d) => d.content).join(''));
        expect(progress.reasoning).toBe(good.map((d) => d.reasoning).join(''));
        expect(streamed).toBe(progress.content);
      }),
      params(300),
    );
  });
});
