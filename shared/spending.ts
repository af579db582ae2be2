// Money after and before a call: the spending ledger's entries and summaries, budgets, and when an action must ask first.
import { compareCredits, creditsBetween, isPositiveCredits, sumCredits } from './prices';
import type { SpendLimits, SpendUnits } from './types';

export type { SpendLimits, SpendUnits } from './types';

/** What a paid call was made for: the ledger's feature column. */
export const SPEND_FEATURES = [
  'chat',
  'titles',
  'images',
  'speech',
  'music',
  'transcription',
  'video',
  'documents',
  'decisions',
  'embeddings',
] as const;
export type SpendFeature = (typeof SPEND_FEATURES)[number];

/** Spending the person did not ask for by a click: shown on lines of its own. */
export const BACKGROUND_FEATURES: readonly SpendFeature[] = ['titles', 'embeddings'];

/** One paid call, as recorded on this computer. Money is credits as decimal strings, never floats. */
export interface SpendEntry {
  id: number;
  /** Epoch ms when the answer came. */
  at: number;
  feature: SpendFeature;
  model: string;
  conversationId: string | null;
  /** The media item, document, transcript or video job the call made, when there is one. */
  itemId: string | null;
  units: SpendUnits;
  /** What the app said before the call (its upper figure); null when it said none. */
  estimate: string | null;
  /** The answer's usage at the listed prices; null when the list gives no price. */
  charge: string | null;
  /** What the service said it charged (usage.cost, X-Cost, a cost field); null when it said nothing. */
  reported: string | null;
  /** The balance's fall seen by the next refresh when no other call came between; null otherwise. */
  observed: string | null;
  /** Made against the built-in demo service: play money, kept apart. */
  demo: boolean;
  /** The service gave this call's money back (a failed video): the entry stays, counting nothing. */
  refunded?: boolean;
}

/** What a feature hands the ledger after a paid call (the ledger adds id, time and the charge). */
export interface SpendRecord {
  feature: SpendFeature;
  model: string;
  conversationId?: string | null;
  itemId?: string | null;
  units: SpendUnits;
  estimate?: string | null;
  reported?: string | null;
}

/** One line of a breakdown. */
export interface SpendLine {
  key: string;
  /** A person's name for the key (a conversation's title), when it has one. */
  label?: string;
  total: string;
  count: number;
}

/** The Spending view's figures, for real or for demo money. */
export interface SpendSummary {
  today: string;
  week: string;
  month: string;
  /** Oldest first, local days (YYYY-MM-DD) of the asked range; background apart from the rest. */
  byDay: { day: string; total: string; background: string }[];
  byModel: SpendLine[];
  byFeature: SpendLine[];
  byConversation: SpendLine[];
  entries: number;
  /** Entries whose reported or observed charge differs from the computed one. */
  differing: number;
}

export const NO_SPEND_LIMITS: SpendLimits = { askAbove: null, daily: null, monthly: null };

/** How an amount of credits is written wherever it is stored or sent: a plain decimal. */
export const CREDITS_TEXT = /^\d{1,9}(\.\d{1,9})?$/;

/**
 * Within this (credits) the service's or the balance's figure is the computed charge, rounded: a
 * service rounds the prompt's and the answer's parts each up to a micro-credit (the simulator does).
 */
export const SAME_CHARGE_WITHIN = '0.000002';

/** True when what the service took (`other`) is not the computed charge within rounding. */
export function chargesDiffer(computed: string | null, other: string | null): boolean {
  if (other === null) return false;
  if (computed === null) return true;
  const apart = sumCredits([creditsBetween(computed, other), creditsBetween(other, computed)]);
  return compareCredits(apart, SAME_CHARGE_WITHIN) > 0;
}

/** A budget's share at which a notice appears (without asking). */
export const BUDGET_NOTICE_SHARE = 0.8;

/** Why an action asks first; each names its figures so the question can say them. */
export type SpendQuestion =
  | { kind: 'above_threshold'; estimate: string; threshold: string }
  | { kind: 'status_yellow'; text: string | null }
  | { kind: 'status_red'; text: string | null }
  | { kind: 'above_balance'; estimate: string; balance: string }
  | { kind: 'no_balance'; balance: string }
  | { kind: 'daily_budget'; budget: string; spent: string; adds: string }
  | { kind: 'monthly_budget'; budget: string; spent: string; adds: string }
  | { kind: 'conversation_budget'; budget: string; spent: string; adds: string };

/** What the ask-first check is given: all figures in credits; null where unknown or unset. */
export interface SpendSituation {
  /** The action's upper estimate; null when the list gives no price. */
  estimate: string | null;
  balance: string | null;
  userStatus: 0 | 1 | 2 | null;
  userStatusText: string | null;
  limits: SpendLimits;
  spentToday: string;
  spentMonth: string;
  conversationBudget: string | null;
  conversationSpent: string | null;
}

/** True when what is spent plus what the action adds goes past the budget. */
function past(budget: string | null, spent: string | null, adds: string): boolean {
  if (budget === null || spent === null) return false;
  return compareCredits(sumCredits([spent, adds]), budget) > 0;
}

/** Every reason the action must ask first (empty: go on). Pure and cheap: it runs before each action. */
export function spendQuestions(s: SpendSituation): SpendQuestion[] {
  const out: SpendQuestion[] = [];
  const adds = s.estimate ?? '0';
  if (s.userStatus === 2) out.push({ kind: 'status_red', text: s.userStatusText });
  else if (s.userStatus === 1) out.push({ kind: 'status_yellow', text: s.userStatusText });
  if (s.balance !== null && !isPositiveCredits(s.balance))
    out.push({ kind: 'no_balance', balance: s.balance });
  else if (s.estimate !== null && s.balance !== null && compareCredits(s.estimate, s.balance) > 0)
    out.push({ kind: 'above_balance', estimate: s.estimate, balance: s.balance });
  if (
    s.estimate !== null &&
    s.limits.askAbove !== null &&
    compareCredits(s.estimate, s.limits.askAbove) > 0
  )
    out.push({ kind: 'above_threshold', estimate: s.estimate, threshold: s.limits.askAbove });
  if (past(s.limits.daily, s.spentToday, adds))
    out.push({ kind: 'daily_budget', budget: s.limits.daily!, spent: s.spentToday, adds });
  if (past(s.limits.monthly, s.spentMonth, adds))
    out.push({ kind: 'monthly_budget', budget: s.limits.monthly!, spent: s.spentMonth, adds });
  if (past(s.conversationBudget, s.conversationSpent, adds))
    out.push({
      kind: 'conversation_budget',
      budget: s.conversationBudget!,
      spent: s.conversationSpent!,
      adds,
    });
  return out;
}
