// The last lines a stdio server wrote to stderr: a ring of whole lines, a partial line held until it ends.
import { MCP_STDERR_LINES } from '../../../../shared/tools';

/** One line longer than this is cut (a server printing a huge blob must not fill memory). */
const MAX_LINE_CHARS = 2000;

export class StderrLines {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly limit = MCP_STDERR_LINES) {}

  /** Adds a chunk as it arrived; lines may span chunks. */
  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = (parts.pop() ?? '').slice(0, MAX_LINE_CHARS);
    for (const line of parts) this.add(line);
  }

  /** Oldest first, with the unfinished last line when there is one. */
  snapshot(): string[] {
    return this.partial ? [...this.lines, this.partial].slice(-this.limit) : [...this.lines];
  }

  /** The last non-empty line, for a reason in words. */
  last(): string | null {
    const all = this.snapshot();
    for (let i = all.length - 1; i >= 0; i--) if (all[i]!.trim()) return all[i]!.trim();
    return null;
  }

  private add(line: string): void {
    this.lines.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line);
    if (this.lines.length > this.limit) this.lines.splice(0, this.lines.length - this.limit);
  }
}
