// Incremental server-sent-events parser: bytes or text in pieces of any split, events out.

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
 */
export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private pending = '';
  private sawFirstText = false;
  private dataLines: string[] = [];
  private eventName = '';
  private lastId: string | null = null;

  /** Feeds one piece of the stream; returns the events it completed. */
  push(chunk: Uint8Array | string): SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.consume(text, false);
  }

  /** Ends the stream: flushes a split character, the last line and the last event. */
  end(): SseEvent[] {
    const events = this.consume(this.decoder.decode(), true);
    const last = this.dispatch();
    if (last) events.push(last);
    return events;
  }

  private consume(text: string, final: boolean): SseEvent[] {
    let input = this.pending + text;
    if (!this.sawFirstText && input.length > 0) {
      this.sawFirstText = true;
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
    }
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      // A CR at the very end may be the first half of a CRLF split across reads.
      if (c === 0x0d && i === input.length - 1 && !final) break;
      const event = this.takeLine(input.slice(start, i));
      if (event) events.push(event);
      if (c === 0x0d && input.charCodeAt(i + 1) === 0x0a) i++;
      start = i + 1;
    }
    this.pending = input.slice(start);
    if (final && this.pending.length > 0) {
      const event = this.takeLine(this.pending);
      if (event) events.push(event);
      this.pending = '';
    }
    return events;
  }

  private takeLine(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
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
    this.eventName = '';
    return event;
  }
}
