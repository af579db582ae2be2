// The project's npm scripts: none runs code from a cache another user of the computer could have written.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** Each tsx command in a script, from `tsx` to the end of that command. */
function tsxCommands(script: string): string[] {
  return script
    .split(/&&|\|\||;/)
    .map((command) => command.trim())
    .filter((command) => /^tsx\b/.test(command));
}

describe('package.json scripts', () => {
  it('run tsx with its disk cache off', () => {
    // tsx keeps what it compiled in $TMPDIR/tsx-<uid> and runs it from there next time; another
    // user who made that folder first (after /tmp is emptied at a restart) planted code that
    // `npm run web` then ran as the person (issue 38, the attack pass).
    const commands = Object.values(scripts).flatMap(tsxCommands);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter((command) => !/^tsx --no-cache\s/.test(command))).toEqual([]);
  });
});
