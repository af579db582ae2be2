// The spending ledger's store: entries kept exactly, summaries equal to hand sums, pages, a restart, 100,000 entries.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fromNano,
  type LedgerWrite,
  localDay,
  openLedgerStore,
  toNano,
} from '../../../../electron/core/library/spending-ledger';
import { LedgerDamage } from '../../../../electron/core/library/spending-ledger-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-ledger-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A fixed local noon: a Wednesday, mid-month, so today, week and month all differ.
const NOW = new Date(2026, 4, 13, 12).getTime();
const DAY = 86_400_000;

function write(over: Partial<LedgerWrite> = {}): LedgerWrite {
  return {
    at: NOW,
    feature: 'chat',
    model: 'openai/gpt-4o-mini',
    conversationId: 'c1',
    itemId: null,
    units: { promptTokens: 10, completionTokens: 20 },
    estimate: null,
    charge: '0.000015',
    reported: '0.000015',
    demo: false,
    ...over,
  };
}

describe('nano-credits', () => {
  it('keep 9 decimals exactly and round a finer amount up', () => {
    expect(toNano('0.000000001')).toBe(1);
    expect(toNano('1.5')).toBe(1_500_000_000);
    expect(toNano('0.0000000001')).toBe(1);
    expect(toNano(null)).toBeNull();
    expect(fromNano(21_150)).toBe('0.00002115');
    expect(fromNano(3_000_000_000)).toBe('3');
  });
});

describe('the ledger store', () => {
  it('keeps what it was given and answers each entry back', () => {
    const store = openLedgerStore(join(dir, 'l.sqlite'));
    const [entry] = store.add([write({ estimate: '0.0001', itemId: 'm1' })]);
    expect(entry).toMatchObject({
      feature: 'chat',
      model: 'openai/gpt-4o-mini',
      conversationId: 'c1',
      itemId: 'm1',
      units: { promptTokens: 10, completionTokens: 20 },
      estimate: '0.0001',
      charge: '0.000015',
      reported: '0.000015',
      observed: null,
      demo: false,
    });
    expect(entry!.id).toBeGreaterThan(0);
    store.close();
  });

  it('sums today, this week, this month and each day as a hand sum does, background apart', () => {
    const store = openLedgerStore(join(dir, 'l.sqlite'));
    const monday = NOW - 2 * DAY;
    const lastMonth = new Date(2026, 3, 30, 12).getTime();
    store.add([
      write({ charge: '0.1' }),
      write({ charge: '0.2', feature: 'titles', model: 'cheap' }),
      write({ at: monday, charge: '0.4', conversationId: 'c2' }),
      write({ at: NOW - 5 * DAY, charge: '0.8', feature: 'images', conversationId: null }),
      write({ at: lastMonth, charge: '1.6' }),
      write({ charge: null, reported: '0.01', feature: 'embeddings', conversationId: null }),
      write({ charge: '5', demo: true }),
    ]);
    const s = store.summary({ demo: false, days: 30, now: NOW });
    expect(s.today).toBe('0.31');
    expect(s.week).toBe('0.71');
    expect(s.month).toBe('1.51');
    expect(s.entries).toBe(6);
    expect(s.byDay).toHaveLength(30);
    expect(s.byDay.at(-1)).toEqual({ day: localDay(NOW), total: '0.31', background: '0.21' });
    expect(s.byDay.find((d) => d.day === localDay(monday))?.total).toBe('0.4');
    expect(s.byDay.find((d) => d.day === localDay(lastMonth))?.total).toBe('1.6');
    expect(s.byFeature).toEqual([
      { key: 'chat', total: '2.1', count: 3 },
      { key: 'images', total: '0.8', count: 1 },
      { key: 'titles', total: '0.2', count: 1 },
      { key: 'embeddings', total: '0.01', count: 1 },
    ]);
    expect(s.byConversation).toEqual([
      { key: 'c1', total: '1.9', count: 3 },
      { key: 'c2', total: '0.4', count: 1 },
    ]);
    expect(s.byModel).toEqual([
      { key: 'openai/gpt-4o-mini', total: '2.91', count: 5 },
      { key: 'cheap', total: '0.2', count: 1 },
    ]);
    const demo = store.summary({ demo: true, days: 7, now: NOW });
    expect(demo.today).toBe('5');
    expect(demo.entries).toBe(1);
    store.close();
  });

  it('counts the entries whose reported or observed charge differs, and a refund as nothing', () => {
    const store = openLedgerStore(join(dir, 'l.sqlite'));
    const [same, reportedOff, video] = store.add([
      write({ charge: '0.00002115', reported: '0.000022' }),
      write({ charge: '0.5', reported: '0.6' }),
      write({
        feature: 'video',
        itemId: 'job1',
        charge: '2',
        reported: '2',
        units: { seconds: 5 },
      }),
    ]);
    expect(store.summary({ demo: false, days: 1, now: NOW }).differing).toBe(1);
    // A balance of 2 decimals: a fall of 0.01 on a charge of 0.000015 is rounding, not a difference.
    expect(store.setObserved(same!.id, '0.01', 10_000_000)?.observed).toBe('0.01');
    expect(store.summary({ demo: false, days: 1, now: NOW }).differing).toBe(1);
    store.setObserved(video!.id, '1.5', 1000);
    expect(store.summary({ demo: false, days: 1, now: NOW }).differing).toBe(2);
    expect(reportedOff!.reported).toBe('0.6');
    const refunded = store.markRefunded('video', 'job1');
    expect(refunded).toMatchObject({ id: video!.id, refunded: true, charge: '2' });
    expect(store.markRefunded('video', 'job1')).toBeNull();
    expect(store.summary({ demo: false, days: 1, now: NOW }).today).toBe('0.50002115');
    store.close();
  });

  it('pages newest first, by conversation too, and totals one conversation', () => {
    const store = openLedgerStore(join(dir, 'l.sqlite'));
    store.add(
      Array.from({ length: 25 }, (_, i) =>
        write({ charge: '1', conversationId: i % 2 === 0 ? 'even' : 'odd', at: NOW + i }),
      ),
    );
    const first = store.entries({ demo: false, limit: 10 });
    const second = store.entries({ demo: false, limit: 10, before: first.at(-1)!.id });
    const third = store.entries({ demo: false, limit: 10, before: second.at(-1)!.id });
    const ids = [...first, ...second, ...third].map((e) => e.id);
    expect(ids).toHaveLength(25);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(25);
    const even = store.entries({ demo: false, limit: 100, conversationId: 'even' });
    expect(even).toHaveLength(13);
    expect(store.conversation('even')).toEqual({ total: '13', count: 13 });
    expect(store.conversation('none')).toEqual({ total: '0', count: 0 });
    store.close();
  });

  it('takes the next write at once after one it refused (as after a full disk)', () => {
    const store = openLedgerStore(join(dir, 'l.sqlite'));
    // A write SQLite refuses mid-statement, as it refuses one when the disk is full.
    expect(() => store.add([write({ model: null as unknown as string })])).toThrow(/NOT NULL/);
    expect(store.add([write({ charge: '0.25' })])).toHaveLength(1);
    expect(store.summary({ demo: false, days: 1, now: NOW }).today).toBe('0.25');
    store.close();
  });

  it('keeps every entry across a restart', () => {
    const file = join(dir, 'l.sqlite');
    const store = openLedgerStore(file);
    store.add([write({ charge: '0.25' }), write({ charge: '0.5' })]);
    store.close();
    const again = openLedgerStore(file);
    expect(again.summary({ demo: false, days: 1, now: NOW }).today).toBe('0.75');
    expect(again.entries({ demo: false, limit: 10 })).toHaveLength(2);
    again.close();
  });

  it('refuses a damaged file as LedgerDamage (the caller sets it aside)', () => {
    const file = join(dir, 'l.sqlite');
    writeFileSync(file, 'this is not a database, only some text that fills a page'.repeat(100));
    expect(() => openLedgerStore(file)).toThrow(LedgerDamage);
  });

  it('sums 100,000 entries exactly', () => {
    const store = openLedgerStore(join(dir, 'l.sqlite'));
    const features = ['chat', 'titles', 'images', 'embeddings'] as const;
    let expected = 0;
    let today = 0;
    const batch: LedgerWrite[] = [];
    for (let i = 0; i < 100_000; i++) {
      const nano = 1 + ((i * 7919) % 1_000_000);
      const at = NOW - (i % 20) * DAY;
      expected += nano;
      if (i % 20 === 0) today += nano;
      batch.push(
        write({
          at,
          feature: features[i % 4]!,
          model: `m${i % 12}`,
          conversationId: `c${i % 300}`,
          charge: fromNano(nano),
        }),
      );
      if (batch.length === 10_000) store.add(batch.splice(0));
    }
    const s = store.summary({ demo: false, days: 30, now: NOW });
    expect(s.entries).toBe(100_000);
    expect(s.today).toBe(fromNano(today));
    expect(s.byFeature.reduce((sum, l) => sum + toNano(l.total)!, 0)).toBe(expected);
    // The 100 costliest of 300 conversations.
    expect(s.byConversation).toHaveLength(100);
    expect(s.byDay.reduce((sum, d) => sum + toNano(d.total)!, 0)).toBe(expected);
    expect(s.byModel.reduce((sum, l) => sum + l.count, 0)).toBe(100_000);
    store.close();
  });
});
