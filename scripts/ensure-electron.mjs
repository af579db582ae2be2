// Downloads Electron's binary on first `npm start` / `npm run dist`, since npm ci runs no install scripts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const dir = fileURLToPath(new URL('../node_modules/electron/', import.meta.url));
if (!existsSync(join(dir, 'path.txt'))) {
  console.log('Fetching the Electron binary (one time)...');
  execFileSync(process.execPath, [join(dir, 'install.js')], { stdio: 'inherit', cwd: dir });
}
