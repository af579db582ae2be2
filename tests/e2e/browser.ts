// The Chromium the end-to-end tests run in: Debian's old headless shell when installed, else Debian's Chromium.
import { existsSync } from 'node:fs';

/**
 * The same engine and version as Debian's `chromium`, without the full browser's window and its
 * toolbar pages: the suite ran in about a quarter less time with it (chat and images specs: 39 s
 * against 50 s). `CHROMIUM_PATH` picks another build; without the shell, Debian's Chromium runs.
 */
export const E2E_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium');

/** Flags for a headless run in a container: no sandbox, no GPU, nothing fetched in the background. */
export const E2E_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Launch options with more flags, for the one spec that needs them (a fake microphone):
 * `test.use({ launchOptions: chromiumWith([...]) })` at the top of that file gives it browsers of
 * its own; the other specs keep the configuration's.
 */
export function chromiumWith(extraArgs: readonly string[]): {
  executablePath: string;
  args: string[];
} {
  return { executablePath: E2E_CHROMIUM, args: [...E2E_CHROMIUM_ARGS, ...extraArgs] };
}
