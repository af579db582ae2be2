// What core asks of the web host: links and MCP command lines go to the terminal that started it (the page can reach neither the person's browser nor a trusted dialog); saving and picking files are the page's.
import { createInterface } from 'node:readline';
import type { Host, McpCommandConfirm } from '../electron/core/features/context';
import { linkAddressOf } from '../shared/links';
import { visibleText } from '../shared/visible-text';

/** The command-line flag, and the environment variable, that let MCP commands run unasked. */
export const ALLOW_MCP_FLAG = '--allow-mcp-commands';
export const ALLOW_MCP_ENV = 'ATELIER_ALLOW_MCP_COMMANDS';

/** An unanswered question at the terminal counts as no after this long. */
export const MCP_ANSWER_TIMEOUT_MS = 120_000;

/** Who may let a new or changed MCP command line run (docs/TOOLS.md). */
export interface McpCommandPolicy {
  /** Run every command line without asking: the host was started with ALLOW_MCP_FLAG. */
  allow: boolean;
  /**
   * Prints the question at the terminal that started the host and resolves with the line typed
   * (null when the terminal closed or `signal` aborted); null when there is no terminal to ask.
   */
  ask: ((question: string, signal: AbortSignal) => Promise<string | null>) | null;
}

/**
 * Questions at the terminal that started the host, each answered by the first line typed after it
 * is printed. One reader for the host's whole life, made at its start: a line typed while nothing
 * is asked (a stray y, a late answer to a question that timed out) is dropped there and then,
 * never left waiting to answer the next question, which the person may not even have seen.
 */
export function createTerminalAsk(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): NonNullable<McpCommandPolicy['ask']> {
  // Not a terminal-mode interface: Ctrl+C stays the terminal's signal that stops the host.
  const lines = createInterface({ input, terminal: false });
  let answer: ((line: string | null) => void) | null = null;
  let closed = false;
  lines.on('line', (line) => {
    const settle = answer;
    answer = null;
    if (settle) settle(line);
    else output.write('Nothing is being asked here now; that line was ignored.\n');
  });
  lines.on('close', () => {
    closed = true;
    answer?.(null);
    answer = null;
  });
  return (question, signal) =>
    new Promise((resolve) => {
      if (closed || signal.aborted) {
        resolve(null);
        return;
      }
      const settle = (line: string | null): void => {
        signal.removeEventListener('abort', gone);
        resolve(line);
      };
      const gone = (): void => {
        if (answer === settle) answer = null;
        output.write('\n');
        resolve(null);
      };
      answer = settle;
      signal.addEventListener('abort', gone, { once: true });
      output.write(question);
    });
}

/** Tests, CI and services: no terminal, no flag, no commands. */
export const NO_MCP_COMMANDS: McpCommandPolicy = { allow: false, ask: null };

/** The question, with every part of the command line on its own line and nothing hidden. */
export function mcpCommandQuestion(request: McpCommandConfirm): string {
  const envNames = Object.keys(request.env);
  return [
    request.changed
      ? `The command line of the MCP server "${visibleText(request.serverName)}" changed. It would run:`
      : `The MCP server "${visibleText(request.serverName)}" would run:`,
    `  program:     ${visibleText(request.command)}`,
    ...request.args.map((arg, i) => `  argument ${i + 1}: "${visibleText(arg)}"`),
    `  folder:      ${visibleText(request.cwd)}`,
    `  environment: ${envNames.length > 0 ? envNames.map((name) => visibleText(name)).join(', ') : 'the safe minimum only'}`,
    'It runs with your rights: it can read and change your files. Run it only if you trust it.',
    `Run it? Type y and press Enter to run it; anything else, or no answer within ${MCP_ANSWER_TIMEOUT_MS / 60_000} minutes, refuses. [y/N] `,
  ].join('\n');
}

export function createWebHost(
  log: (line: string) => void,
  mcp: McpCommandPolicy = NO_MCP_COMMANDS,
): Host {
  // One question at a time: two servers starting together must not share one answer.
  let asking: Promise<unknown> = Promise.resolve();

  async function askAtTerminal(
    ask: NonNullable<McpCommandPolicy['ask']>,
    request: McpCommandConfirm,
  ): Promise<boolean> {
    const deadline = AbortSignal.timeout(MCP_ANSWER_TIMEOUT_MS);
    const answer = await ask(mcpCommandQuestion(request), deadline).catch(() => null);
    const allowed = answer !== null && /^\s*y(es)?\s*$/i.test(answer);
    log(
      allowed
        ? `MCP server "${request.serverName}": allowed; it starts now.`
        : `MCP server "${request.serverName}": refused${answer === null ? ' (no answer)' : ''}; press Restart in Settings to be asked again.`,
    );
    return allowed;
  }

  return {
    // A server cannot open the user's browser reliably (it may run headless or over SSH), so the
    // link is printed and the page is told it was not opened; it can then show the link itself.
    // It is printed as the browser reads it, with no white space left: a run of spaces would
    // wrap a line of the link's choosing (a forged address to open) onto the screen.
    async openExternal(url) {
      const href = linkAddressOf(url)?.href;
      if (href) log(`Open this link in your browser: ${href.replace(/\s/g, encodeURIComponent)}`);
      return false;
    },
    // saved: false tells the page to download the media URL instead.
    async saveMedia() {
      return { saved: false };
    },
    // The page's own file input is the way in: the browser holds the person's files, not the host.
    async pickFile() {
      return { path: null, canPick: false };
    },
    // The page cannot be the one to say yes: whatever reaches the bridge could then run programs.
    // The person answers at the terminal, or allowed every command when starting the host.
    async confirmMcpCommand(request) {
      if (mcp.allow) {
        for (const line of mcpCommandQuestion(request).split('\n').slice(0, -2)) log(line);
        log(`It runs without asking: the host was started with ${ALLOW_MCP_FLAG}.`);
        return true;
      }
      const ask = mcp.ask;
      if (!ask) {
        log(
          `MCP server "${request.serverName}" was not started: this web host runs no commands unless ` +
            `it was started with ${ALLOW_MCP_FLAG} (or ${ALLOW_MCP_ENV}=1), or from a terminal where it can ask.`,
        );
        return 'commands_off';
      }
      const turn = asking.then(() => askAtTerminal(ask, request));
      asking = turn.catch(() => undefined);
      return turn;
    },
  };
}
