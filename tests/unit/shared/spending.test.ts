// The ledger's rule for "the service took something else" and the ask-first check's reasons, on their edges.
import { describe, expect, it } from 'vitest';
import {
  chargesDiffer,
  NO_SPEND_LIMITS,
  spendQuestions,
  type SpendSituation,
} from '../../../shared/spending';

describe('chargesDiffer', () => {
  it('takes the service rounding each part up to a micro-credit as the same charge', () => {
    expect(chargesDiffer('0.0000477', '0.000048')).toBe(false);
    expect(chargesDiffer('0.04', '0.040002')).toBe(false);
    expect(chargesDiffer('0.040002', '0.04')).toBe(false);
  });

  it('says so past two micro-credits either way, and when only the service gave a figure', () => {
    expect(chargesDiffer('0.04', '0.0400021')).toBe(true);
    expect(chargesDiffer('0.0400021', '0.04')).toBe(true);
    expect(chargesDiffer(null, '0.01')).toBe(true);
    expect(chargesDiffer('0.01', null)).toBe(false);
  });
});

function situation(over: Partial<SpendSituation>): SpendSituation {
  return {
    estimate: '0.09',
    balance: '10',
    userStatus: 0,
    userStatusText: null,
    limits: NO_SPEND_LIMITS,
    spentToday: '0',
    spentMonth: '0',
    conversationBudget: null,
    conversationSpent: null,
    ...over,
  };
}

describe('spendQuestions', () => {
  it('asks nothing of a cheap action on a green account without limits', () => {
    expect(spendQuestions(situation({}))).toEqual([]);
  });

  it('asks above the threshold but not at it', () => {
    expect(spendQuestions(situation({ limits: { ...NO_SPEND_LIMITS, askAbove: '0.09' } }))).toEqual(
      [],
    );
    expect(spendQuestions(situation({ limits: { ...NO_SPEND_LIMITS, askAbove: '0.05' } }))).toEqual(
      [{ kind: 'above_threshold', estimate: '0.09', threshold: '0.05' }],
    );
  });

  it('asks on a yellow or red status, an empty balance, and an estimate above the balance', () => {
    expect(spendQuestions(situation({ userStatus: 1, userStatusText: 'Low' }))[0]).toEqual({
      kind: 'status_yellow',
      text: 'Low',
    });
    expect(spendQuestions(situation({ userStatus: 2 }))[0]?.kind).toBe('status_red');
    expect(spendQuestions(situation({ balance: '0.00' }))).toEqual([
      { kind: 'no_balance', balance: '0.00' },
    ]);
    expect(spendQuestions(situation({ balance: '0.05' }))).toEqual([
      { kind: 'above_balance', estimate: '0.09', balance: '0.05' },
    ]);
  });

  it('asks when the action would go past a budget, naming what is spent and what it adds', () => {
    const daily = { ...NO_SPEND_LIMITS, daily: '1' };
    expect(spendQuestions(situation({ limits: daily, spentToday: '0.91' }))).toEqual([]);
    expect(spendQuestions(situation({ limits: daily, spentToday: '0.95' }))).toEqual([
      { kind: 'daily_budget', budget: '1', spent: '0.95', adds: '0.09' },
    ]);
    expect(
      spendQuestions(situation({ conversationBudget: '0.1', conversationSpent: '0.02' }))[0],
    ).toEqual({ kind: 'conversation_budget', budget: '0.1', spent: '0.02', adds: '0.09' });
  });

  it('counts an action the list gives no price for as adding nothing to a budget', () => {
    const monthly = { ...NO_SPEND_LIMITS, monthly: '5' };
    expect(spendQuestions(situation({ estimate: null, limits: monthly, spentMonth: '5' }))).toEqual(
      [],
    );
    expect(
      spendQuestions(situation({ estimate: null, limits: monthly, spentMonth: '5.01' }))[0]?.kind,
    ).toBe('monthly_budget');
  });
});
