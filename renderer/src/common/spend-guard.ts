// The ask-first check before a paid action, built from figures the store keeps (never a request), and the budget notice at 80 %.
import { compareCredits, parseDecimal, sumCredits } from '../../../shared/prices';
import {
  BUDGET_NOTICE_SHARE,
  spendQuestions,
  type SpendEntry,
  type SpendLimits,
  type SpendQuestion,
  type SpendSituation,
} from '../../../shared/spending';
import type { Balance } from '../../../shared/types';

/** What was spent today and this month, with the local day and month those totals belong to. */
export interface SpentFigures {
  /** YYYY-MM-DD, local. */
  day: string;
  /** YYYY-MM, local. */
  month: string;
  today: string;
  thisMonth: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The local day of an instant, as the ledger's summary names days. */
export function localDay(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

export function localMonth(at: number): string {
  return localDay(at).slice(0, 7);
}

/** Totals at `now`: a day or month that has ended since they were read counts from nothing. */
export function spentAt(
  figures: SpentFigures | null,
  now: number,
): { today: string; month: string } {
  if (!figures) return { today: '0', month: '0' };
  return {
    today: figures.day === localDay(now) ? figures.today : '0',
    month: figures.month === localMonth(now) ? figures.thisMonth : '0',
  };
}

/** What a ledger entry counts for: the charge at the listed prices, else what the service said. */
export function entryCost(entry: Pick<SpendEntry, 'charge' | 'reported'>): string {
  return entry.charge ?? entry.reported ?? '0';
}

/** The totals with one new ledger entry folded in (an entry of another day or month is not). */
export function withEntry(
  figures: SpentFigures | null,
  entry: SpendEntry,
  now: number,
): SpentFigures {
  const spent = spentAt(figures, now);
  const cost = entryCost(entry);
  const day = localDay(now);
  const month = localMonth(now);
  return {
    day,
    month,
    today: localDay(entry.at) === day ? sumCredits([spent.today, cost]) : spent.today,
    thisMonth: localMonth(entry.at) === month ? sumCredits([spent.month, cost]) : spent.month,
  };
}

/** Everything the check reads, as the store holds it. */
export interface GuardInputs {
  /** The action's upper estimate; null when the list gives no price. */
  estimate: string | null;
  balance: Balance | null;
  limits: SpendLimits;
  spent: SpentFigures | null;
  now: number;
  conversationBudget: string | null;
  /** What the conversation has cost so far; null when not known yet. */
  conversationSpent: string | null;
}

/** The situation spendQuestions judges; a balance the service did not give counts as unknown. */
export function spendSituation(inputs: GuardInputs): SpendSituation {
  const balance = inputs.balance?.state === 'ok' ? inputs.balance : null;
  const spent = spentAt(inputs.spent, inputs.now);
  return {
    estimate: inputs.estimate,
    balance: balance?.credits ?? null,
    userStatus: balance?.userStatus ?? null,
    userStatusText: balance?.userStatusText ?? null,
    limits: inputs.limits,
    spentToday: spent.today,
    spentMonth: spent.month,
    conversationBudget: inputs.conversationBudget,
    // A budget with nothing known spent yet still asks when the action alone goes past it.
    conversationSpent:
      inputs.conversationBudget === null ? null : (inputs.conversationSpent ?? '0'),
  };
}

/** The reasons to ask first: the whole check, from the store's figures to spendQuestions. */
export function spendGuard(inputs: GuardInputs): SpendQuestion[] {
  return spendQuestions(spendSituation(inputs));
}

/** True when `spent` is at least `share` of `budget` (exact: no floats meet the money). */
export function reachesShare(spent: string, budget: string, share: number): boolean {
  const s = parseDecimal(spent);
  const b = parseDecimal(budget);
  if (!s || !b || b.digits === BigInt(0)) return false;
  const percent = BigInt(Math.round(share * 100));
  // spent / 10^s.scale * 100 >= budget / 10^b.scale * percent, both sides over a common scale.
  const left = s.digits * BigInt(100) * BigInt(10) ** BigInt(b.scale);
  const right = b.digits * percent * BigInt(10) ** BigInt(s.scale);
  return left >= right;
}

/** A budget nearly used: said once for its day or month, without asking anything. */
export interface BudgetNotice {
  kind: 'daily' | 'monthly';
  budget: string;
  spent: string;
  /** The day or month it was said for (YYYY-MM-DD or YYYY-MM). */
  period: string;
}

/**
 * The notice due now, if any: a budget whose spending has reached BUDGET_NOTICE_SHARE of it, for a
 * period not in `said`. Past the whole budget every action asks instead, so that is no notice.
 */
export function budgetNoticeDue(
  limits: SpendLimits,
  spent: SpentFigures | null,
  now: number,
  said: ReadonlySet<string>,
): BudgetNotice | null {
  const totals = spentAt(spent, now);
  const candidates: [BudgetNotice['kind'], string | null, string, string][] = [
    ['daily', limits.daily, totals.today, localDay(now)],
    ['monthly', limits.monthly, totals.month, localMonth(now)],
  ];
  for (const [kind, budget, already, period] of candidates) {
    if (budget === null || said.has(noticeKey({ kind, period }))) continue;
    if (reachesShare(already, budget, BUDGET_NOTICE_SHARE) && compareCredits(already, budget) <= 0)
      return { kind, budget, spent: already, period };
  }
  return null;
}

/** The key a said notice is remembered by. */
export function noticeKey(notice: Pick<BudgetNotice, 'kind' | 'period'>): string {
  return `${notice.kind}:${notice.period}`;
}

/** The figure the ledger keeps too (core's estimate column): one function for both. */
export { upperOf } from '../../../shared/estimates';
