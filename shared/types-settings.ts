// The settings as the renderer sees them, what a check of the connection found, and the balance.
import type { StudioChoices } from './studio';
import type { UserError } from './types-errors';

export type Language = 'en' | 'ru';

/**
 * What the list's token prices are read as: 'auto' guesses per price (shared/prices.ts), 'token'
 * and 'million' are the person's choice in Settings when the guess is wrong. Every figure follows it.
 */
export type PriceBasis = 'auto' | 'token' | 'million';

/** What a call was counted in; only the units it has are present. */
export interface SpendUnits {
  promptTokens?: number;
  completionTokens?: number;
  images?: number;
  seconds?: number;
  characters?: number;
  pages?: number;
  /** Requests of a model priced per call (a search model's fee, on top of its tokens). */
  calls?: number;
}

/** The person's limits, in credits; null: none. */
export interface SpendLimits {
  /** A single action estimated above this asks first. */
  askAbove: string | null;
  daily: string | null;
  monthly: string | null;
}

export type Theme = 'light' | 'dark' | 'system';
export type RatePlan = 'standard' | 'fast' | 'custom';

/** What the renderer may know of the settings: never the key, only whether one is set. */
export interface SettingsView {
  baseUrl: string;
  ratePlan: RatePlan;
  /** Requests per second on the custom plan (kept while another plan is chosen). */
  customRequestsPerSecond: number;
  defaultModel: string;
  language: Language;
  theme: Theme;
  keySet: boolean;
  /** Last 4 characters of the key, for the user to recognise it. */
  keyLast4: string | null;
  /** True when the base URL points at the built-in demo service. */
  demo: boolean;
  /**
   * The service host (scheme and name) a stored key belongs to, when that is not the base URL's
   * host: the key is kept, but never sent to another host; enter it again to use it here.
   */
  keyElsewhere: string | null;
  /**
   * Where the key in use is kept: 'saved' (encrypted by the system keychain, or stored anyway by
   * the person's choice), 'session' (no keychain: only until Atelier closes), null (no key).
   */
  keyStorage: 'saved' | 'session' | null;
  /** False when the system has no keychain (Linux without a secret service). */
  keychain: boolean;
  /**
   * The last check of the key in use against the service (key.check), this session: 'working',
   * 'refused' (the service refused it: it is kept, but marked not working), or null (not checked,
   * or the check could not reach the service).
   */
  keyCheck?: 'working' | 'refused' | null;
  /** Name a conversation with a model after its first answer (unless renamed); absent: true. */
  autoTitle?: boolean;
  /** The model that names conversations; '' for the conversation's own model. */
  titleModel?: string;
  /** Rounds of tool calls one answer may take (TOOL_ROUND_LIMIT); absent: the default. */
  toolRoundLimit?: number;
  /** What the list's token prices are read as (shared/prices.ts); absent: 'auto'. */
  priceBasis?: PriceBasis;
  /** The person's per-action threshold and budgets; absent: none. */
  spendLimits?: SpendLimits;
  /** The models and voice of the chat's studio actions and voice mode; absent: the defaults. */
  studio?: StudioChoices;
}

/** What asking the service with an address and a key found (key.check). */
export interface ConnectionCheck {
  /**
   * connected: the model list came and the key was not refused; refused: the service refused the
   * key; unreachable: nothing answered at the address; failed: it answered, but not with a list.
   */
  outcome: 'connected' | 'refused' | 'unreachable' | 'failed';
  /** The address's host, to name it in words. */
  host: string;
  /** Models in the list, when it came. */
  modelCount: number | null;
  /** The balance as asked with this key, when the list came. */
  balance: Balance | null;
  /** Why it is not connected, with the service's words when it gave them. */
  error: UserError | null;
}

export type BalanceState = 'ok' | 'off' | 'error' | 'unknown';

export interface Balance {
  /** ok: figures below; off: retrieval disabled or not ok (reason); error: could not ask; unknown: no key. */
  state: BalanceState;
  credits: string | null;
  /** 0 green, 1 yellow, 2 red. */
  userStatus: 0 | 1 | 2 | null;
  userStatusText: string | null;
  subscriptionStatus: string | null;
  /** As the service gives it: 'YYYY-MM-DD HH:MM:SS', Moscow time. */
  subscriptionEnd: string | null;
  /** The same instant in ISO 8601 UTC, for formatting in the user's locale. */
  subscriptionEndUtc: string | null;
  reason: string | null;
  error: UserError | null;
  checkedAt: string | null;
}
