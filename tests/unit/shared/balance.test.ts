// What the balance says beyond its figures: a subscription that is not ok, the service's status text.
import { describe, expect, it } from 'vitest';
import { blankBalance, subscriptionProblem, userStatusNote } from '../../../shared/balance';

describe('subscriptionProblem', () => {
  it('is the raw value when the subscription is not ok', () => {
    expect(subscriptionProblem({ subscriptionStatus: 'expired' })).toBe('expired');
    expect(subscriptionProblem({ subscriptionStatus: 'on hold (payment)' })).toBe(
      'on hold (payment)',
    );
    expect(subscriptionProblem({ subscriptionStatus: 'false' })).toBe('false');
  });

  it('is nothing when the subscription works or the service did not say', () => {
    expect(subscriptionProblem({ subscriptionStatus: 'ok' })).toBeNull();
    expect(subscriptionProblem({ subscriptionStatus: ' OK ' })).toBeNull();
    expect(subscriptionProblem({ subscriptionStatus: '' })).toBeNull();
    expect(subscriptionProblem({ subscriptionStatus: null })).toBeNull();
    expect(subscriptionProblem(blankBalance('unknown'))).toBeNull();
  });
});

describe('userStatusNote', () => {
  it('is the text when it says something', () => {
    expect(userStatusNote({ userStatusText: 'Less funds than your limit' })).toBe(
      'Less funds than your limit',
    );
    expect(userStatusNote({ userStatusText: '   ' })).toBeNull();
    expect(userStatusNote({ userStatusText: null })).toBeNull();
  });
});
