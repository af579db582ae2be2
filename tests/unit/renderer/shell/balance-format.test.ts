// Unit tests of the balance formatting (renderer/src/shell/balance-format.ts).
import { describe, expect, it } from 'vitest';
import {
  formatLocalInstant,
  formatSubscriptionEnd,
} from '../../../../renderer/src/shell/balance-format';

describe('formatSubscriptionEnd', () => {
  it('shows the instant in Moscow time (UTC+3) in English', () => {
    const text = formatSubscriptionEnd('2025-12-31T20:30:00Z', 'en');
    expect(text).toContain('Dec 31, 2025');
    expect(text).toContain('11:30');
  });

  it('crosses midnight in Moscow when UTC has not', () => {
    const text = formatSubscriptionEnd('2025-12-31T22:15:00Z', 'ru');
    expect(text).toContain('2026');
    expect(text).toContain('01:15');
  });

  it('gives null for a date it cannot read', () => {
    expect(formatSubscriptionEnd('not a date', 'en')).toBeNull();
  });
});

describe('formatLocalInstant', () => {
  it('names the zone of the local time', () => {
    const text = formatLocalInstant('2025-12-31T20:30:00Z', 'en');
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/(UTC|GMT|[A-Z]{3})/);
  });
});
