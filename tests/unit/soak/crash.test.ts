// The crash test in npm test: the web host killed with SIGKILL at six seeded points (one per kind of work: stream, save, import, restore, folders, upload) and restarted on the same folder; every promise kept (the spending ledger's entries included).
import { describe, expect, it } from 'vitest';
import { runCrashSoak } from '../../soak/crash';
import { formatSummary } from '../../soak/crash-summary';

/** CI's seed; SOAK_SEED tries another, SOAK_TEST_POINTS more points (npm run soak runs 100). */
const SEED = Number(process.env.SOAK_SEED ?? 37);
const POINTS = Number(process.env.SOAK_TEST_POINTS ?? 6);

describe('the web host killed at random points', () => {
  it(`keeps everything acknowledged, with no copies, dangling folders or stale files (${POINTS} points, seed ${SEED})`, async () => {
    const summary = await runCrashSoak({
      points: POINTS,
      seed: SEED,
      pointsPerFolder: POINTS,
      importSizeMax: 40,
      searchSample: 5,
    });
    const report = formatSummary(summary);
    expect(summary.points, report).toBe(POINTS);
    expect(summary.failures.length, report).toBe(0);
    // The paid turns were recorded, so the ledger's check after each kill had entries to find.
    expect(summary.ledgerEntries, report).toBeGreaterThan(0);
  }, 240_000);
});
