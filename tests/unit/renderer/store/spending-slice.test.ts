// The ask-first guard in the store: which actions go at once, which wait for the person's answer, figures kept by ledger entries, the 80 % notice once.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';
import type { Balance, ModelInfo, SettingsView } from '../../../../shared/types';
import type { SpendEntry, SpendSummary } from '../../../../shared/spending';
import { localDay, localMonth } from '../../../../renderer/src/common/spend-guard';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

const settings = (spendLimits: SettingsView['spendLimits']): SettingsView => ({
  baseUrl: 'https://api.example.com/v1',
  ratePlan: 'standard',
  customRequestsPerSecond: 1,
  defaultModel: 'm/chat',
  language: 'en',
  theme: 'light',
  keySet: true,
  keyLast4: null,
  demo: false,
  keyElsewhere: null,
  keyStorage: 'saved',
  keychain: true,
  spendLimits,
});
const balance = (credits: string, userStatus: 0 | 1 | 2 = 0): Balance => ({
  state: 'ok',
  credits,
  userStatus,
  userStatusText: null,
  subscriptionStatus: null,
  subscriptionEnd: null,
  subscriptionEndUtc: null,
  reason: null,
  error: null,
  checkedAt: null,
});
const priced: ModelInfo = {
  id: 'm/pic',
  name: 'Pictures',
  promptPrice: '0',
  completionPrice: '0',
  unitPrice: { unit: 'image', price: '0.04' },
} as ModelInfo;
const entry = (charge: string, conversationId: string | null = null): SpendEntry => ({
  id: 1,
  at: Date.now(),
  feature: 'chat',
  model: 'm/chat',
  conversationId,
  itemId: null,
  units: {},
  estimate: null,
  charge,
  reported: null,
  observed: null,
  demo: false,
});
const summary = (today: string, month: string): SpendSummary => ({
  today,
  week: today,
  month,
  byDay: [],
  byModel: [],
  byFeature: [],
  byConversation: [],
  entries: 1,
  differing: 0,
});

beforeEach(() => {
  resetBridge();
  store.setState({
    settings: settings({ askAbove: null, daily: null, monthly: null }),
    balance: balance('10'),
    spent: null,
    spendAsk: null,
    budgetNotice: null,
    conversationSpent: {},
    models: [priced],
  });
});

// First: the notice is said once a day for the whole store's life, and later tests reach 80 % too.
describe('the budget notice', () => {
  it('appears once at 80 % of the day budget, not again that day', async () => {
    store.setState({
      settings: settings({ askAbove: null, daily: '1', monthly: null }),
      spent: {
        day: localDay(Date.now()),
        month: localMonth(Date.now()),
        today: '0.7',
        thisMonth: '0.7',
      },
    });
    store.getState().applySpendEntry(entry('0.05'));
    expect(store.getState().budgetNotice).toBeNull();
    store.getState().applySpendEntry(entry('0.1'));
    expect(store.getState().budgetNotice).toMatchObject({ kind: 'daily', spent: '0.85' });
    store.getState().dismissBudgetNotice();
    store.getState().applySpendEntry(entry('0.05'));
    expect(store.getState().budgetNotice).toBeNull();
  });
});

describe('askBeforeSpending', () => {
  it('lets an action go at once when nothing asks, without a request', async () => {
    await expect(
      store.getState().askBeforeSpending({ feature: 'chat', estimate: '0.09' }),
    ).resolves.toBe(true);
    expect(store.getState().spendAsk).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows every reason and waits for the answer: Don't is false, Go on is true", async () => {
    store.setState({
      settings: settings({ askAbove: '0.05', daily: null, monthly: null }),
      balance: balance('10', 2),
    });
    const first = store.getState().askBeforeSpending({ feature: 'chat', estimate: '0.09' });
    expect(store.getState().spendAsk).toEqual({
      feature: 'chat',
      questions: [
        { kind: 'status_red', text: null },
        { kind: 'above_threshold', estimate: '0.09', threshold: '0.05' },
      ],
    });
    store.getState().answerSpendAsk(false);
    await expect(first).resolves.toBe(false);
    const second = store.getState().askBeforeSpending({ feature: 'chat', estimate: '0.09' });
    store.getState().answerSpendAsk(true);
    await expect(second).resolves.toBe(true);
    expect(store.getState().spendAsk).toBeNull();
  });

  it('asks past the day budget from the figures read, and those follow each ledger entry', async () => {
    store.setState({ settings: settings({ askAbove: null, daily: '1', monthly: null }) });
    answers.set('spending.summary', () => ({ ok: true, data: summary('0.5', '0.5') }));
    await store.getState().loadSpent();
    await expect(
      store.getState().askBeforeSpending({ feature: 'chat', estimate: '0.09' }),
    ).resolves.toBe(true);
    store.getState().applySpendEntry(entry('0.45'));
    expect(store.getState().spent).toMatchObject({ today: '0.95', thisMonth: '0.95' });
    void store.getState().askBeforeSpending({ feature: 'chat', estimate: '0.09' });
    expect(store.getState().spendAsk?.questions).toEqual([
      { kind: 'daily_budget', budget: '1', spent: '0.95', adds: '0.09' },
    ]);
    store.getState().answerSpendAsk(true);
  });

  it('estimates a picture from the model list and asks above the balance', async () => {
    store.setState({ balance: balance('0.01') });
    void store
      .getState()
      .askToSpend('images', 'm/pic', (model) =>
        model?.unitPrice ? { low: '0.04', high: '0.04' } : null,
      );
    expect(store.getState().spendAsk?.questions).toEqual([
      { kind: 'above_balance', estimate: '0.04', balance: '0.01' },
    ]);
    store.getState().answerSpendAsk(false);
  });

  it("keeps a conversation's cost current and asks past its own budget", async () => {
    store.setState({
      open: { c1: { id: 'c1', budget: '0.1', messages: [] } as never },
    });
    answers.set('spending.conversation', () => ({ ok: true, data: { total: '0.02', count: 1 } }));
    await store.getState().loadConversationSpent('c1');
    store.getState().applySpendEntry(entry('0.05', 'c1'));
    expect(store.getState().conversationSpent.c1).toEqual({ total: '0.07', count: 2 });
    void store.getState().askBeforeSpending({
      feature: 'chat',
      estimate: '0.05',
      conversationId: 'c1',
    });
    expect(store.getState().spendAsk?.questions.map((q) => q.kind)).toEqual([
      'conversation_budget',
    ]);
    store.getState().answerSpendAsk(false);
  });
});
