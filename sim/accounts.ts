// Simulated accounts: which key gets which plan, credits, limits, mappings and rate counters.
import { creditsToMicro, formatCredits } from './money';
import { SimHttpError } from './http';

export type PlanName = 'standard' | 'fast';

export interface Account {
  key: string;
  plan: PlanName;
  creditsMicro: number;
  /** Below this the balance turns yellow (user_status 1), as set in the user's settings. */
  yellowThresholdMicro: number;
  balanceRetrieval: boolean;
  perRequestLimitMicro: number | null;
  premiumModels: boolean;
  subscriptionStatus: 'ok' | 'expired';
  /** Model mapping of the account settings: requested id -> served id. */
  mappings: ReadonlyMap<string, string>;
  /** Start times of accepted requests, newest last (the rate window). */
  recentRequests: number[];
}

/** The mappings the sim-fast and sim-mapped accounts have "created in their settings". */
export const SDAPI_MODEL = 'sdapi/txt2img';
export const IMGEDIT_SUFFIX = '-imgedit';
export const IMGEDIT_TARGET = 'img2img-black-forest-labs/flux-kontext-pro';
const MAPPED_ACCOUNT_MAPPINGS = new Map<string, string>([
  [SDAPI_MODEL, 'img-stable/stable-diffusion-xl-1024'],
  [`gpt-image-1${IMGEDIT_SUFFIX}`, IMGEDIT_TARGET],
  [`dall-e-2${IMGEDIT_SUFFIX}`, IMGEDIT_TARGET],
  [`${IMGEDIT_TARGET}${IMGEDIT_SUFFIX}`, IMGEDIT_TARGET],
]);

/** The document's "at most 1 request per 2 seconds", checked on arrival with no allowance. */
const STANDARD_INTERVAL_MS = 2000;
const FAST_WINDOW_MS = 1000;
const FAST_REQUESTS_PER_WINDOW = 10;

function newAccount(key: string): Account {
  const account: Account = {
    key,
    plan: 'standard',
    creditsMicro: creditsToMicro('100.00'),
    yellowThresholdMicro: creditsToMicro('5.00'),
    balanceRetrieval: true,
    perRequestLimitMicro: null,
    premiumModels: false,
    subscriptionStatus: 'ok',
    mappings: new Map(),
    recentRequests: [],
  };
  switch (key) {
    case 'sim-fast':
      return { ...account, plan: 'fast', premiumModels: true, mappings: MAPPED_ACCOUNT_MAPPINGS };
    case 'sim-mapped':
      return { ...account, mappings: MAPPED_ACCOUNT_MAPPINGS };
    case 'sim-broke':
      return { ...account, creditsMicro: 0 };
    case 'sim-yellow':
      return {
        ...account,
        creditsMicro: creditsToMicro('3.50'),
        yellowThresholdMicro: creditsToMicro('10.00'),
      };
    case 'sim-nobalance':
      return { ...account, balanceRetrieval: false };
    case 'sim-limit':
      return { ...account, perRequestLimitMicro: creditsToMicro('0.0001') };
    case 'sim-expired':
      return { ...account, subscriptionStatus: 'expired' };
    default:
      return account;
  }
}

export const KEY_NOT_FOUND = 'User with this API key was not found. Check the key in your account.';
export const KEY_NOT_FOUND_RU =
  'Пользователь с таким API-ключом не найден. Проверьте ключ в личном кабинете.';
export const FOREIGN_KEY =
  'This looks like a key of another provider. This service needs its own key: take it from your account page.';
export const FOREIGN_KEY_RU =
  'Похоже, это ключ другого провайдера. Сервису нужен собственный ключ: возьмите его в личном кабинете.';

export class AccountBook {
  private readonly accounts = new Map<string, Account>();

  /** The account of a key, or the 400 the service gives for keys it does not know. */
  lookup(key: string): Account {
    if (key.startsWith('sk-'))
      throw new SimHttpError(400, FOREIGN_KEY, {
        code: 'foreign_key',
        ru: FOREIGN_KEY_RU,
        validation: true,
      });
    if (!key.startsWith('sim-') || key.length <= 'sim-'.length)
      throw new SimHttpError(400, KEY_NOT_FOUND, {
        code: 'user_not_found',
        ru: KEY_NOT_FOUND_RU,
        validation: true,
      });
    let account = this.accounts.get(key);
    if (!account) {
      account = newAccount(key);
      this.accounts.set(key, account);
    }
    return account;
  }

  /**
   * Takes a slot in the account's rate window, or answers the 429 with the seconds to wait.
   * Refused requests do not take a slot, so a client that waits Retry-After gets through.
   */
  admitRequest(account: Account, now: number): void {
    const waitMs = this.waitBeforeNext(account, now);
    if (waitMs > 0) {
      const rule =
        account.plan === 'fast'
          ? `${FAST_REQUESTS_PER_WINDOW} requests per second on the FAST plan`
          : '1 request per 2 seconds on your plan';
      const ruleRu =
        account.plan === 'fast'
          ? `${FAST_REQUESTS_PER_WINDOW} запросов в секунду на тарифе FAST`
          : '1 запрос в 2 секунды на вашем тарифе';
      throw new SimHttpError(429, `Too many requests: at most ${rule}. Slow down.`, {
        code: 'rate_limited',
        ru: `Слишком частые запросы: не более ${ruleRu}. Сделайте паузу.`,
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
      });
    }
    account.recentRequests.push(now);
    if (account.recentRequests.length > FAST_REQUESTS_PER_WINDOW) account.recentRequests.shift();
  }

  private waitBeforeNext(account: Account, now: number): number {
    const times = account.recentRequests;
    if (account.plan === 'standard') {
      const last = times[times.length - 1];
      return last === undefined ? 0 : last + STANDARD_INTERVAL_MS - now;
    }
    if (times.length < FAST_REQUESTS_PER_WINDOW) return 0;
    const oldest = times[times.length - FAST_REQUESTS_PER_WINDOW] ?? 0;
    return oldest + FAST_WINDOW_MS - now;
  }

  /** The 400s of a priced call the account cannot pay for, checked before any work is done. */
  assertCanPay(account: Account, expectedMicro: number): void {
    if (account.subscriptionStatus !== 'ok')
      throw new SimHttpError(
        400,
        'No active subscription: your subscription has ended. Renew it in your account.',
        {
          code: 'no_subscription',
          ru: 'Нет активной подписки: срок подписки истёк. Продлите её в личном кабинете.',
          validation: true,
        },
      );
    if (account.creditsMicro <= 0 || expectedMicro > account.creditsMicro)
      throw new SimHttpError(
        400,
        `Not enough funds: the expected cost of this request (${formatCredits(expectedMicro)}) exceeds your balance (${formatCredits(Math.max(0, account.creditsMicro))}). Top up your balance or choose a cheaper model.`,
        {
          code: 'insufficient_funds',
          ru: `Недостаточно средств: ожидаемая стоимость запроса (${formatCredits(expectedMicro)}) больше вашего баланса (${formatCredits(Math.max(0, account.creditsMicro))}). Пополните баланс или выберите модель дешевле.`,
          validation: true,
        },
      );
    if (account.perRequestLimitMicro !== null && expectedMicro > account.perRequestLimitMicro)
      throw new SimHttpError(
        400,
        `The expected cost of this request (${formatCredits(expectedMicro)}) exceeds your per-request limit (${formatCredits(account.perRequestLimitMicro)}). Raise the limit in your user settings.`,
        {
          code: 'per_request_limit',
          ru: `Ожидаемая стоимость запроса (${formatCredits(expectedMicro)}) превышает ваш лимит на запрос (${formatCredits(account.perRequestLimitMicro)}). Увеличьте лимит в настройках пользователя.`,
        },
      );
  }

  charge(account: Account, micro: number): void {
    account.creditsMicro -= micro;
  }

  reset(): void {
    this.accounts.clear();
  }
}
