// Core's side of the ledger: a damaged file at start set aside and a new one begun, charges priced by the list, a lone call's observed fall.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blankBalance } from '../../../../../shared/balance';
import type { SpendEntry } from '../../../../../shared/spending';
import type { Balance, ModelInfo } from '../../../../../shared/types';
import {
  ledgerFile,
  openSpendingLedger,
  type SpendingLedger,
} from '../../../../../electron/core/features/spending/ledger';
import { openRecovery } from '../../../../../electron/core/library/recovery';

let dir: string;
let ledger: SpendingLedger | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-spending-'));
});
afterEach(async () => {
  await ledger?.dispose();
  ledger = null;
  rmSync(dir, { recursive: true, force: true });
});

const MODEL = {
  id: 'm',
  promptPrice: '0.000001',
  completionPrice: '0.000002',
} as ModelInfo;

function balanceOf(credits: string): Balance {
  return { ...blankBalance('ok'), state: 'ok', credits };
}

function open(emitted: SpendEntry[], recovery = openRecovery(dir)) {
  let refreshes = 0;
  ledger = openSpendingLedger({
    file: ledgerFile(dir),
    recovery,
    models: async () => [MODEL],
    priceBasis: () => 'auto',
    demo: () => false,
    refreshBalance: () => refreshes++,
    emit: (entry) => emitted.push(entry),
  });
  return { ledger, recovery, refreshes: () => refreshes };
}

describe('the spending ledger in core', () => {
  it('prices a record by the list, emits it, and asks for a balance refresh', async () => {
    const emitted: SpendEntry[] = [];
    const opened = open(emitted);
    opened.ledger.record({
      feature: 'chat',
      model: 'm',
      conversationId: 'c1',
      units: { promptTokens: 1000, completionTokens: 500 },
      reported: '0.002',
    });
    await opened.ledger.idle();
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ charge: '0.002', reported: '0.002', conversationId: 'c1' });
    expect(opened.refreshes()).toBe(1);
    expect(await opened.ledger.conversation('c1')).toEqual({ total: '0.002', count: 1 });
  });

  it('waits for its retry after a refused write, so core can close (no loop on a full disk)', async () => {
    const emitted: SpendEntry[] = [];
    const opened = open(emitted);
    // A write SQLite refuses every time it is tried, as a full disk does.
    opened.ledger.record({ feature: 'chat', model: null as unknown as string, units: {} });
    const settled = await Promise.race([
      opened.ledger.idle().then(() => 'idle'),
      new Promise((resolve) => setTimeout(() => resolve('still writing'), 5000)),
    ]);
    expect(settled).toBe('idle');
    expect(emitted).toHaveLength(0);
  });

  it('keeps the balance fall after a lone call as its observed charge, not after two', async () => {
    const emitted: SpendEntry[] = [];
    const opened = open(emitted);
    const one = { feature: 'chat' as const, model: 'm', units: { promptTokens: 1000 } };
    opened.ledger.balanceSeen(balanceOf('10.000000'));
    opened.ledger.record(one);
    await opened.ledger.idle();
    opened.ledger.balanceSeen(balanceOf('9.998000'));
    await expect.poll(() => emitted.length).toBe(2);
    expect(emitted[1]).toMatchObject({ id: emitted[0]!.id, charge: '0.001', observed: '0.002' });
    opened.ledger.record(one);
    opened.ledger.record(one);
    await opened.ledger.idle();
    opened.ledger.balanceSeen(balanceOf('9.990000'));
    await new Promise((r) => setTimeout(r, 100));
    expect(emitted.filter((e) => e.observed !== null)).toHaveLength(1);
  });

  it('sets a damaged ledger aside at start, says so, and begins a new one', async () => {
    const file = ledgerFile(dir);
    mkdirSync(join(dir, 'spending'));
    writeFileSync(file, 'not a database at all, only text that fills a page or two'.repeat(200));
    const emitted: SpendEntry[] = [];
    const opened = open(emitted);
    opened.ledger.record({ feature: 'images', model: 'm', units: { images: 1 } });
    await opened.ledger.idle();
    expect(opened.recovery.items()).toHaveLength(1);
    expect(opened.recovery.items()[0]!.reason).toMatch(/spending ledger could not be read/);
    expect(existsSync(file)).toBe(true);
    expect(await opened.ledger.entries({ demo: false, limit: 10 })).toHaveLength(1);
  });

  it('answers a question asked after core closed it as cancelled, and starts no worker again', async () => {
    const opened = open([]);
    expect(await opened.ledger.entries({ demo: false, limit: 10 })).toEqual([]);
    await opened.ledger.dispose();
    await expect(opened.ledger.entries({ demo: false, limit: 10 })).rejects.toMatchObject({
      error: { code: 'cancelled' },
    });
    // Closed here already: nothing is left for afterEach to close.
    ledger = null;
  });
});
