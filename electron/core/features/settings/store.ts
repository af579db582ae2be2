// Settings kept on disk (never the key), their defaults, and the rules for the base URL.
import { LANGUAGES, THEMES } from '../../../../shared/looks';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRICE_BASES, type PriceBasis } from '../../../../shared/prices';
import { CUSTOM_RATE, RATE_PLANS } from '../../../../shared/rate';
import { DEFAULT_TOOL_ROUND_LIMIT, TOOL_ROUND_LIMIT } from '../../../../shared/tools';
import type { Language, RatePlan, Theme } from '../../../../shared/types';
import { CREDITS_TEXT, NO_SPEND_LIMITS, type SpendLimits } from '../../../../shared/spending';
import {
  DEFAULT_STUDIO_CHOICES,
  studioChoicesOf,
  type StudioChoices,
} from '../../../../shared/studio';
import { writeFileAtomicSync } from '../../library/atomic-write';
import { makeFolderSync } from '../../library/data-folder';
import { openRecovery, type Recovery } from '../../library/recovery';
import { saveFailed } from '../../library/save-failure';
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
  /** The person's per-action threshold and budgets (credits as decimal strings; null: none). */
  spendLimits: SpendLimits;
  /** How the model list's token prices are read: guessed per price, per token or per million. */
  priceBasis: PriceBasis;
  /** The models and voice of the chat's studio actions ('' : the list's default). */
  studio: StudioChoices;
}

export interface SettingsStore {
  read(): StoredSettings;
  write(next: StoredSettings): void;
}

export const defaultSettings: StoredSettings = {
  baseUrl: '',
  ratePlan: 'standard',
  customRequestsPerSecond: CUSTOM_RATE.default,
  // Empty: the chat default of the list in use (shared/model-defaults.ts), whichever service that is.
  defaultModel: '',
  language: 'en',
  theme: 'system',
  demo: false,
  baseUrlBeforeDemo: '',
  autoTitle: true,
  titleModel: '',
  toolRoundLimit: DEFAULT_TOOL_ROUND_LIMIT,
  spendLimits: NO_SPEND_LIMITS,
  priceBasis: 'auto',
  studio: DEFAULT_STUDIO_CHOICES,
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

/** A stored amount of credits as the settings schema takes it (a plain decimal); null otherwise. */
function creditsOrNull(value: unknown): string | null {
  return typeof value === 'string' && CREDITS_TEXT.test(value) ? value : null;
}

/**
 * Stored limits, each kept when it is an amount. Only a value that is not an object of limits at
 * all gives the default itself, which is how the file's reader tells an unusable value.
 */
function spendLimitsOf(value: unknown): SpendLimits {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return NO_SPEND_LIMITS;
  const o = value as Record<string, unknown>;
  return {
    askAbove: creditsOrNull(o.askAbove),
    daily: creditsOrNull(o.daily),
    monthly: creditsOrNull(o.monthly),
  };
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
      typeof o.defaultModel === 'string' ? o.defaultModel.trim() : defaultSettings.defaultModel,
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
    spendLimits: spendLimitsOf(o.spendLimits),
    priceBasis: pick(o.priceBasis, PRICE_BASES, defaultSettings.priceBasis),
    studio: studioChoicesOf(o.studio),
  };
}

export interface JsonSettingsStoreOptions {
  /**
   * Where a settings file that cannot be used goes (defaults apply): the host's one for the data
   * folder, so the person is told. Default: a new one for the file's folder.
   */
  recovery?: Recovery;
}

/** The stored fields whose value cannot be used (a default takes their place). */
function unusableFields(raw: Record<string, unknown>): string[] {
  return (Object.keys(defaultSettings) as Array<keyof StoredSettings>).filter((key) => {
    if (!(key in raw)) return false;
    const kept = sanitizeSettings({ ...defaultSettings, [key]: raw[key] })[key];
    return kept === defaultSettings[key] && raw[key] !== defaultSettings[key];
  });
}

/**
 * The settings in `file`; null when there is no file or it cannot be used. A file that cannot be
 * used, or holds a value that cannot, is set aside through `recovery` (so no write replaces it)
 * and the person is told; `setAside` then says the usable rest must be written anew.
 */
export function readSettingsFile(
  file: string,
  recovery: Recovery,
): { settings: StoredSettings; setAside: boolean } | null {
  let why: string;
  let usable: StoredSettings | null = null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    // Version 1 is the only shape so far; a later version adds its migration here.
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('it is not a settings object');
    const raw = parsed as Record<string, unknown>;
    if (!Object.keys(defaultSettings).some((key) => key in raw))
      throw new Error('it holds no settings');
    usable = sanitizeSettings(raw);
    const unusable = unusableFields(raw);
    if (unusable.length === 0) return { settings: usable, setAside: false };
    why = `these could not be used: ${unusable.join(', ')}`;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    why = (e as Error).message;
  }
  recovery.setAsideSync(
    file,
    usable === null
      ? `The settings could not be read (${why}), so Atelier started with the default settings: check them in Settings. The saved key and the conversations are not affected.`
      : `Some settings could not be read (${why}); the default is used for them, the others were kept. Check them in Settings.`,
  );
  return usable === null ? null : { settings: usable, setAside: true };
}

/** Settings in one JSON file with a schema version; a corrupt file is set aside and defaults apply. */
export function createJsonSettingsStore(
  file: string,
  options: JsonSettingsStoreOptions = {},
): SettingsStore {
  let cached: StoredSettings | null = null;

  function load(): StoredSettings {
    const read = readSettingsFile(file, options.recovery ?? openRecovery(dirname(file)));
    if (read === null) return { ...defaultSettings };
    // What was kept of a file set aside is saved anew, so the next start has it too.
    if (read.setAside) {
      try {
        store.write(read.settings);
      } catch {
        // A full disk: they hold for this run, and the file set aside still has them.
      }
    }
    return read.settings;
  }

  const store: SettingsStore = {
    read() {
      cached ??= load();
      return { ...cached };
    },
    write(next) {
      const clean = sanitizeSettings(next);
      try {
        makeFolderSync(dirname(file));
        writeFileAtomicSync(
          file,
          JSON.stringify({ version: SCHEMA_VERSION, ...clean }, null, 2) + '\n',
        );
      } catch (e) {
        // The settings in use stay those on disk.
        throw saveFailed('The settings', e);
      }
      cached = clean;
    },
  };
  return store;
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
