// GET /balance and GET /models: the account's figures and the model list.
import type { Account } from './accounts';
import { requireAccount, type Route, type SimState } from './context';
import { sendJson } from './http';
import { formatCredits } from './money';
import { MODELS, wireModel } from './models';

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD 23:59:59' in Moscow time, `days` after (or before) the given instant. */
export function moscowDayEnd(epochMs: number, days: number): string {
  const moscow = new Date(epochMs + MOSCOW_OFFSET_MS + days * DAY_MS);
  return `${moscow.toISOString().slice(0, 10)} 23:59:59`;
}

function balanceOf(account: Account, now: number): Record<string, unknown> {
  const credits = Math.max(0, account.creditsMicro);
  let userStatus = 0;
  let userStatusText = '';
  if (account.subscriptionStatus !== 'ok') {
    userStatus = 2;
    userStatusText = 'The subscription has ended: the account is not operational. Renew it.';
  } else if (credits <= 0) {
    userStatus = 2;
    userStatusText = 'No funds: the account is not operational. Top up the balance.';
  } else if (credits < account.yellowThresholdMicro) {
    userStatus = 1;
    userStatusText = `Less funds than the limit of ${formatCredits(account.yellowThresholdMicro)} set in your user settings.`;
  }
  return {
    credits: formatCredits(credits),
    subscription_status: account.subscriptionStatus,
    subscription_end: moscowDayEnd(now, account.subscriptionStatus === 'ok' ? 30 : -10),
    user_status: userStatus,
    user_status_text: userStatusText,
  };
}

export function accountRoutes(state: SimState): Route[] {
  const startedAt = state.now();
  return [
    {
      method: 'GET',
      path: '/balance',
      api: true,
      auth: 'bearer',
      errorStyle: 'plain',
      run(call) {
        const account = requireAccount(call);
        if (!account.balanceRetrieval)
          return sendJson(call.res, 200, {
            status: 'error',
            reason:
              'Balance retrieval is disabled. Enable "Allow balance requests by API" in your user settings.',
          });
        sendJson(call.res, 200, { status: 'ok', data: balanceOf(account, startedAt) });
      },
    },
    {
      method: 'GET',
      path: '/models',
      api: true,
      auth: 'optional',
      errorStyle: 'openai',
      run(call) {
        sendJson(call.res, 200, {
          object: 'list',
          data: MODELS.map((model) =>
            wireModel(model, call.account, call.state.settings.modelsProfile),
          ),
        });
      },
    },
  ];
}
