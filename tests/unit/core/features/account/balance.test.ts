// The balance monitor: whoever asks while the connection changes gets the new account's figures, never "Stopped".
import { describe, expect, it } from 'vitest';
import { createBalanceMonitor } from '../../../../../electron/core/features/account/balance';
import type { Balance } from '../../../../../shared/types';
import { blankBalance } from '../../../../../shared/balance';

function okBalance(credits: string): Balance {
  return { ...blankBalance('ok'), credits, userStatus: 0 };
}

describe('balance monitor', () => {
  it('answers a refresh asked just before the connection changed with the new account', async () => {
    let account = 'real';
    const published: Balance[] = [];
    const monitor = createBalanceMonitor({
      emit: (b) => published.push(b),
      canFetch: () => true,
      client: {
        getBalance: (opts) =>
          new Promise<Balance>((resolve, reject) => {
            const credits = account === 'real' ? '12.50' : '100.00';
            const timer = setTimeout(() => resolve(okBalance(credits)), 20);
            opts?.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
            });
          }),
      },
    });
    const asked = monitor.get({ refresh: true });
    account = 'demo';
    monitor.connectionChanged();
    const answer = await asked;
    expect(answer.state).toBe('ok');
    expect(answer.credits).toBe('100.00');
    expect(published.at(-1)?.credits).toBe('100.00');
    expect(published.some((b) => b.state === 'error')).toBe(false);
    await monitor.dispose();
  });
});
