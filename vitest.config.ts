// Vitest: unit tests of every part, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
    hookTimeout: 20_000,
    // Two cores: more workers only contend; servers in tests bind port 0, so files may run in parallel.
    maxWorkers: 2,
    restoreMocks: true,
  },
});
