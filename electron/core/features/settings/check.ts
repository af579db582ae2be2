// Checking an address and a key before they are trusted: the model list and the balance, asked at once.
import type { Balance, ConnectionCheck, UserError } from '../../../../shared/types';
import { createServiceClient } from '../../service/client';
import { toUserError, userError } from '../../service/errors';
import type { RequestScheduler } from '../../service/types';

export interface CheckOptions {
  /** Already normalised, ending with /v1. */
  baseUrl: string;
  key: string | null;
  scheduler: RequestScheduler;
  fetch?: typeof fetch;
  /** The whole check gives up after this long (default 20 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** The service said the key is not one of its own (unknown, another provider's, or unauthorised). */
export function isKeyRefusal(error: UserError | null | undefined): boolean {
  if (!error) return false;
  return (
    error.code === 'key_unknown' ||
    error.code === 'foreign_key' ||
    error.code === 'no_key' ||
    error.status === 401 ||
    error.status === 403
  );
}

/** Nothing answered at the address: a closed port, an unknown host, a timeout. */
function isUnreachable(error: UserError): boolean {
  return (
    error.code === 'network' || error.code === 'upstream_timeout' || error.code === 'cancelled'
  );
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The outcome in one word, from what the list and the balance answered. */
export function judgeCheck(
  host: string,
  list: { ok: true; count: number } | { ok: false; error: UserError },
  balance: Balance | null,
): ConnectionCheck {
  if (!list.ok) {
    const outcome = isKeyRefusal(list.error)
      ? 'refused'
      : isUnreachable(list.error)
        ? 'unreachable'
        : 'failed';
    return { outcome, host, modelCount: null, balance: null, error: list.error };
  }
  // The list may be public: the balance is what tells whether the key is the service's own.
  if (balance?.state === 'error' && isKeyRefusal(balance.error))
    return { outcome: 'refused', host, modelCount: list.count, balance, error: balance.error };
  return { outcome: 'connected', host, modelCount: list.count, balance, error: null };
}

/**
 * The address and key in use, checked through the app's own catalog and balance monitor: a fetch
 * they already have in flight (after a key change) is shared, so the check costs no extra request.
 */
export async function checkInUse(
  baseUrl: string,
  catalog: { list(opts: { refresh: boolean }): Promise<readonly unknown[]> },
  monitor: { get(opts: { refresh: boolean }): Promise<Balance> },
): Promise<ConnectionCheck> {
  let list: { ok: true; count: number } | { ok: false; error: UserError };
  try {
    list = { ok: true, count: (await catalog.list({ refresh: true })).length };
  } catch (e) {
    list = { ok: false, error: toUserError(e) };
  }
  const balance = list.ok ? await monitor.get({ refresh: true }).catch(() => null) : null;
  return judgeCheck(hostOf(baseUrl), list, balance);
}

/** Asks GET /models and GET /balance with this address and key; stores nothing. */
export async function checkConnection(options: CheckOptions): Promise<ConnectionCheck> {
  const host = hostOf(options.baseUrl);
  const client = createServiceClient({
    connection: () => ({ baseUrl: options.baseUrl, apiKey: options.key }),
    scheduler: options.scheduler,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    requestTimeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let list: { ok: true; count: number } | { ok: false; error: UserError };
  try {
    const models = await client.listModels({ priority: 'user', signal });
    list = { ok: true, count: models.length };
  } catch (e) {
    list = {
      ok: false,
      error: signal.aborted
        ? userError('network', `No answer from ${host} within the time limit.`)
        : toUserError(e, options.key ?? undefined),
    };
  }
  if (!list.ok) return judgeCheck(host, list, null);
  // Cancelled by the time limit: the list came, so the address is right; the key is not judged.
  const balance = await client
    .getBalance({ priority: 'user', signal })
    .catch((): Balance | null => null);
  return judgeCheck(host, list, balance);
}
