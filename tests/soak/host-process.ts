// The web host as a real child process on a data folder: started, killed with SIGKILL, stopped; none is ever left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The line host-child.ts prints once the host listens, followed by {url} as JSON (url: the address it printed, whose login works once). */
export const READY_PREFIX = 'SOAK-HOST-READY ';

const CHILD_ENTRY = fileURLToPath(new URL('./host-child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The last lines the host wrote to stderr, kept for the report of a failed start. */
const STDERR_LINES = 40;

export interface HostProcess {
  pid: number;
  /** The printed address: its login opens one bridge; that bridge's session opens more. */
  url: string;
  /** SIGKILL now; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (core disposes as on a normal quit); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** What the host wrote to stderr lately. */
  stderr(): string;
}

const running = new Set<ChildProcess>();
let exitHookSet = false;

/** Whatever happens to the test process, its hosts go with it. */
function killAllOnExit(): void {
  if (exitHookSet) return;
  exitHookSet = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the host on `dataDir` (node with tsx's loader, no wrapper process, so SIGKILL reaches core itself). */
export async function startHostProcess(
  dataDir: string,
  opts: { startTimeoutMs?: number } = {},
): Promise<HostProcess> {
  killAllOnExit();
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ATELIER_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const gone = exitOf(child).then(() => {
    running.delete(child);
  });
  const errLines: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    errLines.push(...text.split('\n').filter(Boolean));
    errLines.splice(0, Math.max(0, errLines.length - STDERR_LINES));
  });

  const ready = await new Promise<{ url: string }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the host did not start within ${opts.startTimeoutMs ?? 60_000} ms`));
    }, opts.startTimeoutMs ?? 60_000);
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const line = out.split('\n').find((l) => l.startsWith(READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(READY_PREFIX.length)) as { url: string });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the host exited before it was ready (code ${code}, signal ${signal}): ${errLines.join('\n')}`,
        ),
      );
    });
  });

  return {
    pid: child.pid!,
    url: ready.url,
    async kill() {
      child.kill('SIGKILL');
      await gone;
    },
    async stop(graceMs = 10_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
    stderr: () => errLines.join('\n'),
  };
}
