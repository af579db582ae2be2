// Settings kept on disk (never the key), their defaults, and the rules for the base URL.
import { LANGUAGES, THEMES } from '../../../../shared/looks';
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { CUSTOM_RATE, RATE_PLANS } from '../../../../shared/rate';
import { DEFAULT_TOOL_ROUND_LIMIT, TOOL_ROUND_LIMIT } from '../../../../shared/tools';
import type { Language, RatePlan, StorageProblem, Theme } from '../../../../shared/types';
import { writeFileAtomicSync } from '../../library/atomic-write';
import { serviceError, type ServiceError } from '../../service/errors';

export interface StoredSettings {
  /** '' until the user sets one or picks the demo service. */
  baseUrl: string;
  ratePlan: RatePlan;
  /** Requests per second on the custom plan. */
  customRequestsPerSecond: number;
  defaultModel: string;
  language: Language;
  theme: Theme;
  /** The built-in demo service is in use (its key lives in memory only). */
  demo: boolean;
  /** The base URL to go back to when the person leaves the demo. */
  baseUrlBeforeDemo: string;
  /** Name conversations with a model after the first answer. */
  autoTitle: boolean;
  /** The model that names them; '' for the conversation's own. */
  titleModel: string;
  /** Rounds of tool calls one answer may take. */
  toolRoundLimit: number;
}

export interface SettingsStore {
  read(): StoredSettings;
  write(next: StoredSettings): void;
}

export const defaultSettings: StoredSettings = {
  baseUrl: '',
  ratePlan: 'standard',
  customRequestsPerSecond: CUSTOM_RATE.default,
  defaultModel: 'openai/gpt-4o-mini',
  language: 'en',
  theme: 'system',
  demo: false,
  baseUrlBeforeDemo: '',
  autoTitle: true,
  titleModel: '',
  toolRoundLimit: DEFAULT_TOOL_ROUND_LIMIT,
};

/** Written into the file; bumped when its shape changes, with a migration on read. */
const SCHEMA_VERSION = 1;

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** A stored custom rate within the bounds the form offers; the default otherwise. */
function customRate(value: unknown): number {
  return typeof value === 'number' && value >= CUSTOM_RATE.min && value <= CUSTOM_RATE.max
    ? value
    : CUSTOM_RATE.default;
}

/** Keeps what is valid in a stored object and takes defaults for the rest. */
export function sanitizeSettings(raw: unknown): StoredSettings {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const address = (value: unknown): string => {
    if (typeof value !== 'string') return '';
    try {
      return normalizeBaseUrl(value).baseUrl;
    } catch {
      return '';
    }
  };
  const baseUrl = address(o.baseUrl);
  return {
    baseUrl,
    ratePlan: pick<RatePlan>(o.ratePlan, RATE_PLANS, defaultSettings.ratePlan),
    customRequestsPerSecond: customRate(o.customRequestsPerSecond),
    defaultModel:
      typeof o.defaultModel === 'string' && o.defaultModel.trim() !== ''
        ? o.defaultModel.trim()
        : defaultSettings.defaultModel,
    language: pick(o.language, LANGUAGES, defaultSettings.language),
    theme: pick(o.theme, THEMES, defaultSettings.theme),
    demo: o.demo === true,
    baseUrlBeforeDemo: address(o.baseUrlBeforeDemo),
    autoTitle: o.autoTitle !== false,
    titleModel: typeof o.titleModel === 'string' ? o.titleModel.trim().slice(0, 200) : '',
    toolRoundLimit:
      typeof o.toolRoundLimit === 'number' &&
      Number.isInteger(o.toolRoundLimit) &&
      o.toolRoundLimit >= TOOL_ROUND_LIMIT.min &&
      o.toolRoundLimit <= TOOL_ROUND_LIMIT.max
        ? o.toolRoundLimit
        : DEFAULT_TOOL_ROUND_LIMIT,
  };
}

export interface JsonSettingsStoreOptions {
  /** Told when the file could not be used (it is moved aside and defaults apply). */
  onProblem?: (problem: StorageProblem) => void;
}

/** Settings in one JSON file with a schema version; a corrupt file yields defaults and a report. */
export function createJsonSettingsStore(
  file: string,
  options: JsonSettingsStoreOptions = {},
): SettingsStore {
  let cached: StoredSettings | null = null;

  function load(): StoredSettings {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        options.onProblem?.({ file: basename(file), reason: (e as Error).message });
      }
      return { ...defaultSettings };
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new Error('not a settings object');
      }
      // Version 1 is the only shape so far; a later version adds its migration here.
      return sanitizeSettings(parsed);
    } catch (e) {
      const aside = `${file}.corrupt-${Date.now()}`;
      let reason = `unreadable settings (${(e as Error).message}); defaults apply`;
      try {
        renameSync(file, aside);
        reason += `; the file was moved to ${basename(aside)}`;
      } catch {
        // Leaving it in place is fine: the next write replaces it.
      }
      options.onProblem?.({ file: basename(file), reason });
      return { ...defaultSettings };
    }
  }

  return {
    read() {
      cached ??= load();
      return { ...cached };
    },
    write(next) {
      const clean = sanitizeSettings(next);
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomicSync(
        file,
        JSON.stringify({ version: SCHEMA_VERSION, ...clean }, null, 2) + '\n',
      );
      cached = clean;
    },
  };
}

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

export interface NormalizedBaseUrl {
  baseUrl: string;
  /** Set when the input was changed in a way the user should hear about. */
  note: string | null;
}

function badBaseUrl(message: string): ServiceError {
  return serviceError('bad_base_url', message);
}

/**
 * http(s) only, no trailing slash, ending with /v1. A bare host root gets /v1 added (and a
 * note saying so); any other path must already end with /v1. '' clears the setting.
 */
export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const trimmed = input.trim();
  if (trimmed === '') return { baseUrl: '', note: null };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw badBaseUrl(`"${trimmed}" is not a web address; it should look like https://host/v1.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badBaseUrl(`The base URL must start with http:// or https:// (got ${url.protocol}).`);
  }
  // The key travels in every request: in clear text only to this computer itself.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw serviceError(
      'bad_base_url',
      `Plain http:// sends your key unencrypted: use https://${url.host}${url.pathname === '/' ? '' : url.pathname} (http:// is only for addresses on this computer, such as 127.0.0.1).`,
      null,
      { reason: 'insecure_http' },
    );
  }
  if (url.username || url.password) {
    throw badBaseUrl(
      'The base URL must not contain a user name or password; the key goes in its own field.',
    );
  }
  if (url.search || url.hash) {
    throw badBaseUrl('The base URL must not contain a query (?) or fragment (#).');
  }
  const path = url.pathname.replace(/\/+$/, '');
  const origin = `${url.protocol}//${url.host}`;
  if (path === '') {
    return { baseUrl: `${origin}/v1`, note: `Added /v1: the service's API lives at ${origin}/v1.` };
  }
  if (!/\/v1$/.test(path)) {
    throw badBaseUrl(`The base URL must end with /v1 (for example ${origin}/v1).`);
  }
  return { baseUrl: `${origin}${path}`, note: null };
}
