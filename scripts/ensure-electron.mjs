// Downloads Electron's binary on first `npm start` / `npm run dist`, since npm ci runs no install scripts.
// When that fails (no network, a blocked host), it ends with one plain sentence and the command
// that works without Electron, never with a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const dir =
  process.env.ATELIER_ELECTRON_DIR ??
  fileURLToPath(new URL('../node_modules/electron/', import.meta.url));

/** The most telling line of the installer's output: an error code or message, never a stack frame. */
function reasonOf(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) => line !== '' && !line.startsWith('at ') && !/^node:|^\^+$|^Node\.js v/.test(line),
    );
  // Node prints the throwing source line first; the message line starts with the error's name.
  const telling =
    lines.find((line) => /^(?:[A-Z]\w*)?Error\b[^:]*:/.test(line)) ??
    lines.find((line) => /\b(E[A-Z]{3,}|HTTP \d{3})\b/.test(line)) ??
    lines[0];
  return (telling ?? 'no reason given').replace(/^(?:[A-Z]\w*)?Error\b[^:]*:\s*/, '').slice(0, 200);
}

if (!existsSync(join(dir, 'path.txt'))) {
  console.log('Fetching the Electron binary (one time)...');
  const run = spawnSync(process.execPath, [join(dir, 'install.js')], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status !== 0 || !existsSync(join(dir, 'path.txt'))) {
    const reason = reasonOf(
      `${run.stderr ?? ''}\n${run.stdout ?? ''}\n${run.error?.message ?? ''}`,
    );
    console.error(
      `Atelier could not download Electron's binary (${reason}), so the desktop window cannot open here; run Atelier in your browser instead with: npm run web`,
    );
    process.exit(1);
  }
}
