// Incremental server-sent-events parser: bytes or text in pieces of any split, events out, in time linear in the input.
import { SSE_LINE_MAX_CHARS } from '../../../shared/service-limits';

export interface SseEvent {
  /** The event field; 'message' when the server sent none. */
  event: string;
  /** Data lines joined with '\n'. */
  data: string;
  id: string | null;
}

/**
 * Parses an SSE stream as it arrives. Unlike a browser EventSource, end() also delivers a last
 * event that lacks its closing blank line: some upstreams end the stream right after `data: [DONE]`.
 *
 * Each piece is scanned once: the unfinished line is kept as a list of pieces, joined only when
 * its end arrives, so a long line costs its length and not its length times its pieces. A line,
 * or an event's data, longer than `maxLineChars` stops the parser: `lineTooLong` turns true,
 * and nothing more is read (the caller ends the stream). It never throws on its input.
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly maxLineChars: number;
  private pending: string[] = [];
  private pendingChars = 0;
  /** The last piece ended in CR: an LF opening the next piece belongs to it. */
  private afterCR = false;
  private sawFirstText = false;
  private dataLines: string[] = [];
  private dataChars = 0;
  private eventName = '';
  private lastId: string | null = null;
  private tooLong = false;

  constructor(options: { maxLineChars?: number } = {}) {
    this.maxLineChars = options.maxLineChars ?? SSE_LINE_MAX_CHARS;
  }

  /** A line or an event passed the cap; the parser has stopped. */
  get lineTooLong(): boolean {
    return this.tooLong;
  }

  /** The cap this parser holds lines and events to, in characters. */
  get lineLimit(): number {
    return this.maxLineChars;
  }

  /** Feeds one piece of the stream; returns the events it completed. */
  push(chunk: Uint8Array | string): SseEvent[] {
    if (this.tooLong) return [];
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.consume(text, false);
  }

  /** Ends the stream: flushes a split character, the last line and the last event. */
  end(): SseEvent[] {
    if (this.tooLong) return [];
    const events = this.consume(this.decoder.decode(), true);
    if (this.tooLong) return events;
    const last = this.dispatch();
    if (last) events.push(last);
    return events;
  }

  private consume(input: string, final: boolean): SseEvent[] {
    let text = input;
    if (!this.sawFirstText && text.length > 0) {
      this.sawFirstText = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const events: SseEvent[] = [];
    let start = 0;
    if (this.afterCR && text.length > 0) {
      this.afterCR = false;
      if (text.charCodeAt(0) === 0x0a) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      if (!this.fits(i - start)) return this.stop(events);
      const line =
        this.pendingChars === 0 ? text.slice(start, i) : this.takePending(text, start, i);
      const event = this.takeLine(line);
      if (this.tooLong) return this.stop(events);
      if (event) events.push(event);
      if (c === 0x0d) {
        if (i + 1 === text.length) this.afterCR = true;
        else if (text.charCodeAt(i + 1) === 0x0a) i++;
      }
      start = i + 1;
    }
    if (start < text.length) {
      if (!this.fits(text.length - start)) return this.stop(events);
      this.pending.push(text.slice(start));
      this.pendingChars += text.length - start;
    }
    if (final && this.pendingChars > 0) {
      const event = this.takeLine(this.takePending('', 0, 0));
      if (this.tooLong) return this.stop(events);
      if (event) events.push(event);
    }
    return events;
  }

  /** Whether the unfinished line with `more` characters added stays within the cap. */
  private fits(more: number): boolean {
    return this.pendingChars + more <= this.maxLineChars;
  }

  private takePending(text: string, from: number, to: number): string {
    const line = this.pending.join('') + text.slice(from, to);
    this.pending = [];
    this.pendingChars = 0;
    return line;
  }

  /** Stops for good: what was held is dropped, the events completed before are still given. */
  private stop(events: SseEvent[]): SseEvent[] {
    this.tooLong = true;
    this.pending = [];
    this.pendingChars = 0;
    this.dataLines = [];
    this.dataChars = 0;
    return events;
  }

  private takeLine(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.charCodeAt(0) === 0x3a) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    switch (field) {
      case 'data':
        // An event's data is held until its blank line, so it is capped as a line is.
        this.dataChars += value.length + 1;
        if (this.dataChars > this.maxLineChars + 1) {
          this.tooLong = true;
          return null;
        }
        this.dataLines.push(value);
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        break;
    }
    return null;
  }

  /** Per the SSE rules, an event without data lines is dropped (its name is reset). */
  private dispatch(): SseEvent | null {
    const event: SseEvent | null =
      this.dataLines.length > 0
        ? { event: this.eventName || 'message', data: this.dataLines.join('\n'), id: this.lastId }
        : null;
    this.dataLines = [];
    this.dataChars = 0;
    this.eventName = '';
    return event;
  }
}
