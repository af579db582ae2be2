// The ask-first check from the store's figures: which actions ask and why, day and month turning over, the 80 % notice once.
import { describe, expect, it } from 'vitest';
import {
  budgetNoticeDue,
  localDay,
  localMonth,
  noticeKey,
  reachesShare,
  spendGuard,
  withEntry,
  type GuardInputs,
  type SpentFigures,
} from '../../../../renderer/src/common/spend-guard';
import { NO_SPEND_LIMITS, type SpendEntry } from '../../../../shared/spending';
import type { Balance } from '../../../../shared/types';

const now = new Date(2025, 4, 14, 15, 0).getTime();
const balance = (
  credits: string,
  userStatus: 0 | 1 | 2 = 0,
  text: string | null = null,
): Balance => ({
  state: 'ok',
  credits,
  userStatus,
  userStatusText: text,
  subscriptionStatus: null,
  subscriptionEnd: null,
  subscriptionEndUtc: null,
  reason: null,
  error: null,
  checkedAt: null,
});
const spentToday = (today: string, thisMonth = today): SpentFigures => ({
  day: localDay(now),
  month: localMonth(now),
  today,
  thisMonth,
});
const inputs = (over: Partial<GuardInputs>): GuardInputs => ({
  estimate: '0.09',
  balance: balance('10'),
  limits: NO_SPEND_LIMITS,
  spent: spentToday('0'),
  now,
  conversationBudget: null,
  conversationSpent: null,
  ...over,
});
const kinds = (over: Partial<GuardInputs>) => spendGuard(inputs(over)).map((q) => q.kind);

describe('spendGuard', () => {
  it('lets an action go at once with nothing to ask', () => {
    expect(spendGuard(inputs({}))).toEqual([]);
    expect(kinds({ limits: { askAbove: '0.1', daily: '1', monthly: '30' } })).toEqual([]);
  });

  it('asks above the threshold, with both figures', () => {
    expect(spendGuard(inputs({ limits: { ...NO_SPEND_LIMITS, askAbove: '0.05' } }))).toEqual([
      { kind: 'above_threshold', estimate: '0.09', threshold: '0.05' },
    ]);
  });

  it('asks with a yellow or red status, carrying the service text', () => {
    expect(spendGuard(inputs({ balance: balance('10', 2, 'Blocked: pay the bill') }))).toEqual([
      { kind: 'status_red', text: 'Blocked: pay the bill' },
    ]);
    expect(kinds({ balance: balance('10', 1) })).toEqual(['status_yellow']);
  });

  it('asks when the estimate is above the balance, or nothing is left', () => {
    expect(kinds({ balance: balance('0.05') })).toEqual(['above_balance']);
    expect(kinds({ balance: balance('0.00') })).toEqual(['no_balance']);
  });

  it('does not read a balance the service did not give', () => {
    expect(kinds({ balance: { ...balance('0'), state: 'error' } })).toEqual([]);
    expect(kinds({ balance: null })).toEqual([]);
  });

  it("asks past the day's budget naming what is spent and what the action adds", () => {
    expect(
      spendGuard(inputs({ limits: { ...NO_SPEND_LIMITS, daily: '1' }, spent: spentToday('0.95') })),
    ).toEqual([{ kind: 'daily_budget', budget: '1', spent: '0.95', adds: '0.09' }]);
    expect(
      kinds({ limits: { ...NO_SPEND_LIMITS, monthly: '5' }, spent: spentToday('0', '4.95') }),
    ).toEqual(['monthly_budget']);
  });

  it("forgets yesterday's spending when the day has turned", () => {
    const yesterday: SpentFigures = { ...spentToday('0.95'), day: '2025-05-13' };
    expect(kinds({ limits: { ...NO_SPEND_LIMITS, daily: '1' }, spent: yesterday })).toEqual([]);
    expect(kinds({ limits: { ...NO_SPEND_LIMITS, monthly: '1' }, spent: yesterday })).toEqual([
      'monthly_budget',
    ]);
  });

  it("asks past a conversation's own budget, counting from nothing when its cost is not in yet", () => {
    expect(kinds({ conversationBudget: '0.5', conversationSpent: '0.45' })).toEqual([
      'conversation_budget',
    ]);
    expect(kinds({ conversationBudget: '0.05', conversationSpent: null })).toEqual([
      'conversation_budget',
    ]);
    expect(kinds({ conversationBudget: null, conversationSpent: '100' })).toEqual([]);
  });

  it('gives every reason at once, and a model without a price asks only for what is known', () => {
    expect(
      kinds({
        balance: balance('0.05', 2),
        limits: { askAbove: '0.01', daily: '0.1', monthly: null },
        spent: spentToday('0.05'),
      }),
    ).toEqual(['status_red', 'above_balance', 'above_threshold', 'daily_budget']);
    expect(kinds({ estimate: null, limits: { ...NO_SPEND_LIMITS, askAbove: '0.01' } })).toEqual([]);
  });
});

describe('withEntry', () => {
  const entry = (
    at: number,
    charge: string | null,
    reported: string | null = null,
  ): SpendEntry => ({
    id: 1,
    at,
    feature: 'chat',
    model: 'm',
    conversationId: null,
    itemId: null,
    units: {},
    estimate: null,
    charge,
    reported,
    observed: null,
    demo: false,
  });

  it("adds an entry's charge (or what the service said) to today and the month", () => {
    const after = withEntry(spentToday('0.1', '2'), entry(now, '0.05'), now);
    expect(after).toMatchObject({ today: '0.15', thisMonth: '2.05' });
    expect(withEntry(after, entry(now, null, '0.01'), now)).toMatchObject({ today: '0.16' });
  });

  it('starts a new day from nothing and leaves out an entry of an earlier day', () => {
    const old = { ...spentToday('0.9', '3'), day: '2025-05-13' };
    expect(withEntry(old, entry(now, '0.05'), now)).toMatchObject({
      day: localDay(now),
      today: '0.05',
      thisMonth: '3.05',
    });
    const earlier = new Date(2025, 4, 13, 10).getTime();
    expect(withEntry(spentToday('0.1', '2'), entry(earlier, '0.05'), now)).toMatchObject({
      today: '0.1',
      thisMonth: '2.05',
    });
  });
});

describe('the budget notice at 80 %', () => {
  const limits = { ...NO_SPEND_LIMITS, daily: '1', monthly: '10' };

  it('is exact at the share', () => {
    expect(reachesShare('0.8', '1', 0.8)).toBe(true);
    expect(reachesShare('0.799999999', '1', 0.8)).toBe(false);
    expect(reachesShare('8', '10.00', 0.8)).toBe(true);
  });

  it('comes at 80 % of the day, once that day, and again the next', () => {
    expect(budgetNoticeDue(limits, spentToday('0.79'), now, new Set())).toBeNull();
    const notice = budgetNoticeDue(limits, spentToday('0.8'), now, new Set());
    expect(notice).toEqual({ kind: 'daily', budget: '1', spent: '0.8', period: localDay(now) });
    const said = new Set([noticeKey(notice!)]);
    expect(budgetNoticeDue(limits, spentToday('0.9'), now, said)).toBeNull();
    const tomorrow = now + 24 * 3600_000;
    expect(
      budgetNoticeDue(limits, { ...spentToday('0.85'), day: localDay(tomorrow) }, tomorrow, said),
    ).toMatchObject({ kind: 'daily' });
  });

  it('comes for the month once that month, and not past the budget (that asks instead)', () => {
    const month = budgetNoticeDue(limits, spentToday('0', '8.5'), now, new Set());
    expect(month).toMatchObject({ kind: 'monthly', period: localMonth(now) });
    expect(
      budgetNoticeDue(limits, spentToday('0', '9'), now, new Set([noticeKey(month!)])),
    ).toBeNull();
    expect(budgetNoticeDue(limits, spentToday('1.2'), now, new Set())).toBeNull();
  });
});
