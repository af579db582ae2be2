// Reading /balance answers as the service's document gives them: figures, subscription_status, status and reason.
import { describe, expect, it } from 'vitest';
import { readBalance } from '../../../../electron/core/service/wire';

const AT = '2026-02-01T00:00:00.000Z';

describe('readBalance', () => {
  it('reads every documented field of an ok answer', () => {
    const body =
      '{"status":"ok","data":{"credits":"12.50","subscription_status":"ok",' +
      '"subscription_end":"2026-03-01 02:30:00","user_status":0,"user_status_text":""}}';
    expect(readBalance(JSON.parse(body), AT, body)).toEqual({
      state: 'ok',
      credits: '12.50',
      userStatus: 0,
      userStatusText: null,
      subscriptionStatus: 'ok',
      subscriptionEnd: '2026-03-01 02:30:00',
      subscriptionEndUtc: '2026-02-28T23:30:00.000Z',
      reason: null,
      error: null,
      checkedAt: AT,
    });
  });

  it('keeps a subscription_status other than ok exactly as given', () => {
    const answer = (value: unknown) => ({
      status: 'ok',
      data: { credits: '1.00', subscription_status: value, user_status: 2 },
    });
    expect(readBalance(answer('expired'), AT).subscriptionStatus).toBe('expired');
    expect(readBalance(answer('Paused until renewal'), AT).subscriptionStatus).toBe(
      'Paused until renewal',
    );
    expect(readBalance(answer(false), AT).subscriptionStatus).toBe('false');
    expect(readBalance(answer(0), AT).subscriptionStatus).toBe('0');
    expect(readBalance(answer(undefined), AT).subscriptionStatus).toBeNull();
    expect(readBalance(answer({ nested: true }), AT).subscriptionStatus).toBeNull();
  });

  it('keeps user_status_text even when user_status is 0', () => {
    const balance = readBalance(
      {
        status: 'ok',
        data: { credits: '5', user_status: 0, user_status_text: 'Card expires next week' },
      },
      AT,
    );
    expect(balance).toMatchObject({ userStatus: 0, userStatusText: 'Card expires next week' });
  });

  it("gives the service's reason verbatim when status is not ok", () => {
    const reason = '  Balance requests are disabled. Enable "Allow balance requests by API".';
    expect(readBalance({ status: 'error', reason }, AT)).toMatchObject({
      state: 'off',
      reason,
      credits: null,
      subscriptionStatus: null,
    });
    expect(readBalance({ status: 'denied', reason: 'Account frozen' }, AT).reason).toBe(
      'Account frozen',
    );
  });

  it('falls back to message, error, then the status itself when the reason is missing or empty', () => {
    expect(readBalance({ status: 'error', reason: '', message: 'From message' }, AT).reason).toBe(
      'From message',
    );
    expect(readBalance({ status: 'error', error: 'From error' }, AT).reason).toBe('From error');
    expect(readBalance({ status: 'blocked' }, AT).reason).toBe(
      'The service answered status "blocked".',
    );
  });

  it('refuses an answer that is not an object', () => {
    expect(() => readBalance('ok', AT)).toThrow(/not an object/);
  });
});
