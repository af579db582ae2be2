// Diagnostics: the debug listener (a test request, then what the service received, once per interval) and the legacy address.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DiagnosticsView, LEGACY_PORT } from '../../../../shared/diagnostics';
import { CHAT_MODEL_WITHOUT_LIST } from '../../../../shared/model-defaults';
import { modelForTask } from '../account/models';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { writeFileAtomic } from '../../library/atomic-write';
import { saveFailed } from '../../library/save-failure';
import { DEBUG_LATEST_MIN_INTERVAL_MS } from '../../service/client';
import { serviceError } from '../../service/errors';
import { serviceHostOf } from '../settings/state';

export type DiagnosticsChannel = ChannelsOf<'diagnostics'>;

export interface DiagnosticsOptions {
  /** The debug log's read interval; the service's rule is 20 s. */
  minIntervalMs?: number;
  now?: () => number;
}

interface SavedDiagnostics {
  debugBaseUrl: string | null;
  legacyBaseUrl: string | null;
  mainBaseUrl: string | null;
}

/** A stored object whose every field is an address or null (absent fields take the default). */
function isSavedDiagnostics(value: unknown): value is Partial<SavedDiagnostics> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  return (['debugBaseUrl', 'legacyBaseUrl', 'mainBaseUrl'] as const).every(
    (key) => fields[key] === undefined || fields[key] === null || typeof fields[key] === 'string',
  );
}

/** The same host and path on another port; '' when the base URL is not an address. */
export function sameHostOnPort(baseUrl: string, port: (current: number) => number): string {
  try {
    const url = new URL(baseUrl);
    const current = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    url.port = String(port(current));
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * An address of the service's own host (the document: "the same host on other ports"), since the
 * key goes there too; any other host is refused.
 */
function checkedAddress(text: string, what: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw serviceError('invalid_input', `The ${what} "${text}" is not a valid address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw serviceError('invalid_input', `The ${what} must start with http:// or https://.`);
  const host = serviceHostOf(baseUrl);
  if (host === null || serviceHostOf(url.toString()) !== host)
    throw serviceError(
      'invalid_input',
      `The ${what} must be on the service's own host (${host ?? 'set the base URL first'}): your key is sent there too.`,
    );
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export async function openDiagnosticsFeature(
  ctx: FeatureContext,
  options: DiagnosticsOptions = {},
): Promise<Feature<DiagnosticsChannel>> {
  const file = join(ctx.dataDir, 'diagnostics.json');
  const minIntervalMs = options.minIntervalMs ?? DEBUG_LATEST_MIN_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let saved: SavedDiagnostics = { debugBaseUrl: null, legacyBaseUrl: null, mainBaseUrl: null };
  try {
    const stored: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isSavedDiagnostics(stored)) throw new Error('it does not hold the diagnostics addresses');
    saved = { ...saved, ...stored };
  } catch (e) {
    // No file: nothing chosen yet, and the defaults follow the base URL.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      await ctx.recovery.setAside(
        file,
        `The addresses chosen for Diagnostics could not be read (${(e as Error).message}), so the defaults from the base URL are used.`,
      );
  }
  let lastFetchAt: number | null = null;

  function view(): DiagnosticsView {
    const baseUrl = ctx.state.current().baseUrl;
    const mainBaseUrl = saved.mainBaseUrl ?? baseUrl;
    const defaultDebugBaseUrl = sameHostOnPort(baseUrl, (p) => p + 1);
    const defaultLegacyBaseUrl = sameHostOnPort(mainBaseUrl, () => LEGACY_PORT);
    return {
      debugBaseUrl: saved.debugBaseUrl ?? defaultDebugBaseUrl,
      defaultDebugBaseUrl,
      legacyBaseUrl: saved.legacyBaseUrl ?? defaultLegacyBaseUrl,
      defaultLegacyBaseUrl,
      mainBaseUrl,
      minIntervalMs,
      nextFetchAt: lastFetchAt === null ? 0 : Math.max(0, lastFetchAt + minIntervalMs),
    };
  }

  function debugBase(): string {
    const address = view().debugBaseUrl;
    if (address === '')
      throw serviceError('bad_base_url', 'Set the base URL (or a debug address) first.');
    return address;
  }

  return {
    handlers: {
      'diagnostics.get': () => view(),

      'diagnostics.update': async (input) => {
        const next = { ...saved };
        if (input.debugBaseUrl !== undefined)
          next.debugBaseUrl =
            input.debugBaseUrl === null || input.debugBaseUrl.trim() === ''
              ? null
              : checkedAddress(input.debugBaseUrl, 'debug address', ctx.state.current().baseUrl);
        if (input.legacyBaseUrl !== undefined)
          next.legacyBaseUrl =
            input.legacyBaseUrl === null || input.legacyBaseUrl.trim() === ''
              ? null
              : checkedAddress(input.legacyBaseUrl, 'legacy address', ctx.state.current().baseUrl);
        if (input.mainBaseUrl !== undefined)
          next.mainBaseUrl =
            input.mainBaseUrl === null
              ? null
              : checkedAddress(input.mainBaseUrl, 'base URL', ctx.state.current().baseUrl);
        try {
          await writeFileAtomic(file, JSON.stringify(next));
        } catch (e) {
          throw saveFailed('The diagnostics addresses', e);
        }
        saved = next;
        return view();
      },

      'diagnostics.sendTest': async () => {
        const settings = ctx.state.current();
        const exchange = await ctx.client.sendToDebug(
          '/chat/completions',
          {
            model: await modelForTask(
              ctx.models,
              'chat',
              settings.defaultModel,
              settings.priceBasis,
              CHAT_MODEL_WITHOUT_LIST,
            ),
            messages: [{ role: 'user', content: 'Atelier diagnostics: test request' }],
            max_tokens: 16,
          },
          { priority: 'user', debugBaseUrl: debugBase() },
        );
        return {
          status: exchange.status,
          body: exchange.body,
          sentAt: new Date(now()).toISOString(),
        };
      },

      'diagnostics.fetchReceived': async () => {
        const at = now();
        if (lastFetchAt !== null && at - lastFetchAt < minIntervalMs) {
          const waitMs = lastFetchAt + minIntervalMs - at;
          throw serviceError(
            'rate_limited',
            `What the service received can be fetched once every ${Math.round(minIntervalMs / 1000)} s; wait ${Math.ceil(waitMs / 1000)} s.`,
            null,
            { retryAfterMs: waitMs },
          );
        }
        const address = debugBase();
        lastFetchAt = at;
        const received = await ctx.client.latestDebugCall({
          priority: 'user',
          debugBaseUrl: address,
        });
        return { status: received.status, call: received.call, nextFetchAt: at + minIntervalMs };
      },
    },
  };
}
