// Money spent, as the ask-first check needs it (today, this month, each open conversation), the question waiting for an answer, and the budget notice.
import {
  NO_SPEND_LIMITS,
  type SpendEntry,
  type SpendFeature,
  type SpendQuestion,
} from '../../../shared/spending';
import { sumCredits } from '../../../shared/prices';
import {
  budgetNoticeDue,
  entryCost,
  localDay,
  localMonth,
  noticeKey,
  spendGuard,
  upperOf,
  withEntry,
  type BudgetNotice,
  type SpentFigures,
} from '../common/spend-guard';
import { pageStorage } from '../common/page-storage';
import { invoke } from '../platform';
import type { BalanceSlice } from './balance-slice';
import type { ConversationsSlice } from './conversations-slice';
import type { SettingsSlice } from './settings-slice';
import type { SliceCreator } from './slice';
import type { ModelsSlice } from './models-slice';
import type { Estimate, EstimateResult } from '../../../shared/estimates';
import type { PriceBasis } from '../../../shared/prices';
import type { ModelInfo } from '../../../shared/types';

/** A paid action about to go, as the check is given it. */
export interface SpendAction {
  feature: SpendFeature;
  /** The action's upper estimate in credits; null when the list gives no price. */
  estimate: string | null;
  conversationId?: string | null;
}

/** The question shown before an action goes: every reason, with its figures. */
export interface SpendAsk {
  feature: SpendFeature;
  questions: SpendQuestion[];
}

export interface SpendingSlice {
  /** Spent today and this month, of the money in use (the demo's apart); null until read. */
  spent: SpentFigures | null;
  /** Whether `spent` is the demo's money. */
  spentDemo: boolean;
  /** What each conversation read so far has cost. */
  conversationSpent: Record<string, { total: string; count: number }>;
  /** The question on screen, if any (others wait behind it). */
  spendAsk: SpendAsk | null;
  budgetNotice: BudgetNotice | null;
  spendingViewOpen: boolean;
  /** Bumped by each new ledger entry, so an open Spending view reads its figures again. */
  spendRevision: number;
  loadSpent(): Promise<void>;
  loadConversationSpent(id: string): Promise<void>;
  applySpendEntry(entry: SpendEntry): void;
  /**
   * Resolves true when the action may go: at once when nothing asks, else once the person says
   * so. Nothing is refused without the question being shown.
   */
  askBeforeSpending(action: SpendAction): Promise<boolean>;
  /**
   * The same for an action with a model of the list: `estimateOf` is given the model's entry and
   * the price basis in use (an estimate function of shared/estimates.ts).
   */
  askToSpend(
    feature: SpendFeature,
    modelId: string,
    estimateOf: (model: ModelInfo | null, basis: PriceBasis) => Estimate | EstimateResult | null,
    conversationId?: string | null,
  ): Promise<boolean>;
  answerSpendAsk(go: boolean): void;
  dismissBudgetNotice(): void;
  setSpendingViewOpen(open: boolean): void;
}

/** Where the notices already given are remembered, so each comes once per day or month. */
const NOTICES_KEY = 'atelier.budgetNoticesSaid';

function noticesSaid(): Set<string> {
  try {
    const kept: unknown = JSON.parse(pageStorage()?.getItem(NOTICES_KEY) ?? '[]');
    return new Set(Array.isArray(kept) ? kept.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

function rememberNotice(said: Set<string>, notice: BudgetNotice, now: number): void {
  said.add(noticeKey(notice));
  // Only this day's and this month's are worth keeping.
  const current = [`daily:${localDay(now)}`, `monthly:${localMonth(now)}`];
  const kept = [...said].filter((k) => current.includes(k));
  try {
    pageStorage()?.setItem(NOTICES_KEY, JSON.stringify(kept));
  } catch {
    // A full or locked storage: the notice may come once more after a restart.
  }
}

export const createSpendingSlice: SliceCreator<
  SpendingSlice,
  SettingsSlice & BalanceSlice & ConversationsSlice & ModelsSlice
> = (set, get) => {
  const waiting: { ask: SpendAsk; resolve: (go: boolean) => void }[] = [];
  let said: Set<string> | null = null;

  function showNext(): void {
    set({ spendAsk: waiting[0]?.ask ?? null });
  }

  function checkNotice(): void {
    const state = get();
    const limits = state.settings?.spendLimits ?? NO_SPEND_LIMITS;
    if (limits.daily === null && limits.monthly === null) return;
    said ??= noticesSaid();
    const now = Date.now();
    const notice = budgetNoticeDue(limits, state.spent, now, said);
    if (!notice) return;
    rememberNotice(said, notice, now);
    set({ budgetNotice: notice });
  }

  return {
    spent: null,
    spentDemo: false,
    conversationSpent: {},
    spendAsk: null,
    budgetNotice: null,
    spendingViewOpen: false,
    spendRevision: 0,

    loadSpent: async () => {
      const demo = get().settings?.demo === true;
      const now = Date.now();
      const answer = await invoke('spending.summary', { demo, days: 1 });
      if (!answer.ok) return;
      set({
        spentDemo: demo,
        spent: {
          day: localDay(now),
          month: localMonth(now),
          today: answer.data.today,
          thisMonth: answer.data.month,
        },
      });
      checkNotice();
    },

    loadConversationSpent: async (id) => {
      const answer = await invoke('spending.conversation', { id });
      if (answer.ok)
        set((s) => ({ conversationSpent: { ...s.conversationSpent, [id]: answer.data } }));
    },

    applySpendEntry: (entry) => {
      const state = get();
      const cost = entryCost(entry);
      const id = entry.conversationId;
      const known = id === null ? undefined : state.conversationSpent[id];
      set({
        spendRevision: state.spendRevision + 1,
        ...(entry.demo === state.spentDemo && state.spent !== null
          ? { spent: withEntry(state.spent, entry, Date.now()) }
          : {}),
        ...(id !== null && known
          ? {
              conversationSpent: {
                ...state.conversationSpent,
                [id]: { total: sumCredits([known.total, cost]), count: known.count + 1 },
              },
            }
          : {}),
      });
      checkNotice();
    },

    askBeforeSpending: (action) => {
      const state = get();
      const id = action.conversationId ?? null;
      const questions = spendGuard({
        estimate: action.estimate,
        balance: state.balance,
        limits: state.settings?.spendLimits ?? NO_SPEND_LIMITS,
        spent: state.spent,
        now: Date.now(),
        conversationBudget: (id !== null ? state.open[id]?.budget : null) ?? null,
        conversationSpent: id !== null ? (state.conversationSpent[id]?.total ?? null) : null,
      });
      if (questions.length === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        waiting.push({ ask: { feature: action.feature, questions }, resolve });
        if (waiting.length === 1) showNext();
      });
    },

    askToSpend: (feature, modelId, estimateOf, conversationId) => {
      const state = get();
      const model = state.models.find((m) => m.id === modelId) ?? null;
      const estimate = upperOf(estimateOf(model, state.settings?.priceBasis ?? 'auto'));
      return state.askBeforeSpending({ feature, estimate, conversationId: conversationId ?? null });
    },

    answerSpendAsk: (go) => {
      const answered = waiting.shift();
      answered?.resolve(go);
      showNext();
    },

    dismissBudgetNotice: () => set({ budgetNotice: null }),

    setSpendingViewOpen: (open) => set({ spendingViewOpen: open }),
  };
};
