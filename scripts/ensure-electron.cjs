// Downloads Electron's binary on first `npm start` / `npm run dist`, since npm ci runs no install scripts.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const dir = join(__dirname, '..', 'node_modules', 'electron');
if (!existsSync(join(dir, 'path.txt'))) {
  console.log('Fetching the Electron binary (one time)...');
  execFileSync(process.execPath, [join(dir, 'install.js')], { stdio: 'inherit', cwd: dir });
}
