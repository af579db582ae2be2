// Vitest: unit tests of every part, in Node.
import { defineConfig } from 'vitest/config';
import SlowestFirst from './tests/vitest-sequencer';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
    hookTimeout: 20_000,
    // Two cores: more workers only contend; servers in tests bind port 0, so files may run in parallel.
    maxWorkers: 2,
    // Tests start hundreds of short-lived search and spending workers; in each, V8 compiled SQLite's
    // WebAssembly again with its optimising tier (~150 ms of CPU a start, 44 of the corruption
    // test's 68 s). The baseline tier runs the same code, and no test is about its speed.
    execArgv: ['--liftoff-only'],
    restoreMocks: true,
    sequence: { sequencer: SlowestFirst },
  },
});
