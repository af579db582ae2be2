// The channels of the connection, the account, money and the app itself: settings, key, demo,
// rate, models, balance, diagnostics, the shell, recovered files and the spending ledger.
import { z } from 'zod';
import type { DebugReceived, DebugTestResult, DiagnosticsView } from './diagnostics';
import { TOOL_ROUND_LIMIT } from './tools';
import { STUDIO_MODEL_MAX_CHARS } from './studio';
import { VOICES } from './audio';
import { PRICE_BASES } from './prices';
import type { SpendEntry, SpendSummary } from './spending';
import type { InvokeChannel } from './channel-names';
import type { Balance, ModelInfo, SettingsView, ConnectionCheck } from './types';
import type { RecoveredFiles } from './storage';
import { CUSTOM_RATE, RATE_PLANS, type ServiceHold } from './rate';
import { credits, id } from './channels-fields';

export const settingsInvokeSchemas = {
  'settings.get': z.object({}).strict(),
  'settings.update': z
    .object({
      baseUrl: z.string().max(2000).optional(),
      ratePlan: z.enum(RATE_PLANS).optional(),
      customRequestsPerSecond: z.number().min(CUSTOM_RATE.min).max(CUSTOM_RATE.max).optional(),
      defaultModel: z.string().max(200).optional(),
      language: z.enum(['en', 'ru']).optional(),
      theme: z.enum(['light', 'dark', 'system']).optional(),
      autoTitle: z.boolean().optional(),
      titleModel: z.string().max(200).optional(),
      toolRoundLimit: z
        .number()
        .int()
        .min(TOOL_ROUND_LIMIT.min)
        .max(TOOL_ROUND_LIMIT.max)
        .optional(),
      priceBasis: z.enum(PRICE_BASES).optional(),
      /** Any subset of the studio's choices; the rest are kept. */
      studio: z
        .object({
          speechModel: z.string().max(STUDIO_MODEL_MAX_CHARS),
          speechVoice: z.enum(VOICES),
          pictureModel: z.string().max(STUDIO_MODEL_MAX_CHARS),
          videoModel: z.string().max(STUDIO_MODEL_MAX_CHARS),
          transcribeModel: z.string().max(STUDIO_MODEL_MAX_CHARS),
        })
        .partial()
        .strict()
        .optional(),
      spendLimits: z
        .object({
          askAbove: credits.nullable(),
          daily: credits.nullable(),
          monthly: credits.nullable(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  'key.set': z
    .object({
      key: z.string().min(1).max(500),
      /** Store it although the system has no keychain (the person chose to). */
      withoutKeychain: z.boolean().optional(),
    })
    .strict(),
  'key.clear': z.object({}).strict(),
  /** Asks the service (GET /models, GET /balance) with this address and key, storing nothing. */
  'key.check': z
    .object({
      baseUrl: z.string().max(2000),
      /** Absent: the key already kept for this address's host. */
      key: z.string().max(500).optional(),
    })
    .strict(),
  'demo.use': z.object({}).strict(),
  'demo.leave': z.object({}).strict(),
  'rate.hold': z.object({}).strict(),
  'rate.retryNow': z.object({}).strict(),
  'models.list': z.object({ refresh: z.boolean().optional() }).strict(),
  'balance.get': z.object({ refresh: z.boolean().optional() }).strict(),
  'shell.openExternal': z.object({ url: z.string().url().max(4000) }).strict(),
  'diagnostics.get': z.object({}).strict(),
  'diagnostics.update': z
    .object({
      debugBaseUrl: z.string().max(2000).nullable().optional(),
      legacyBaseUrl: z.string().max(2000).nullable().optional(),
      mainBaseUrl: z.string().max(2000).nullable().optional(),
    })
    .strict(),
  'diagnostics.sendTest': z.object({}).strict(),
  'diagnostics.fetchReceived': z.object({}).strict(),
  'storage.recovered': z.object({}).strict(),
  /** Totals for the Spending view: real money, or the demo's apart. */
  'spending.summary': z
    .object({ demo: z.boolean().optional(), days: z.number().int().min(1).max(366).optional() })
    .strict(),
  /** Newest first, a page at a time (before: the last id seen). */
  'spending.entries': z
    .object({
      demo: z.boolean().optional(),
      before: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(500).optional(),
      conversationId: id.optional(),
    })
    .strict(),
  /** What one conversation has cost so far. */
  'spending.conversation': z.object({ id }).strict(),
  /** Every entry as CSV through a save dialog (or the web host's download). */
  'spending.export': z.object({ demo: z.boolean().optional() }).strict(),
} as const satisfies Partial<Record<InvokeChannel, z.ZodType>>;

export interface SettingsInvokeOutputs {
  'settings.get': SettingsView;
  'settings.update': SettingsView;
  'key.set': SettingsView;
  'key.clear': SettingsView;
  'key.check': ConnectionCheck;
  'demo.use': SettingsView;
  'demo.leave': SettingsView;
  /** The long wait the service asked for that is in force now, or null. */
  'rate.hold': ServiceHold | null;
  /** Requests may start at once again; lifted: false when no hold was in force. */
  'rate.retryNow': { lifted: boolean };
  'models.list': ModelInfo[];
  'balance.get': Balance;
  'shell.openExternal': { opened: boolean };
  'diagnostics.get': DiagnosticsView;
  'diagnostics.update': DiagnosticsView;
  'diagnostics.sendTest': DebugTestResult;
  'diagnostics.fetchReceived': DebugReceived;
  /** The files of the data folder set aside since core started (damaged, unreadable), and where. */
  'storage.recovered': RecoveredFiles;
  'spending.summary': SpendSummary;
  'spending.entries': SpendEntry[];
  'spending.conversation': { total: string; count: number };
  /**
   * saved false: the person cancelled the dialog, or the host leaves saving to the page (the web
   * host), which then downloads `csv` as `name` (desktop: ignore them, as transfer's deliver does).
   */
  'spending.export': { saved: boolean; entries: number; name?: string; csv?: string };
}

export interface SettingsEventPayloads {
  'balance.changed': Balance;
  'settings.changed': SettingsView;
  /** A 429 asked for a long wait (every request holds until untilMs), or the wait ended (null). */
  'rate.hold.changed': ServiceHold | null;
  /** The desktop window was asked to leave for an address (a navigation, a new window): confirm it as a link. */
  'shell.openRequested': { url: string };
  /** A paid call was recorded (or an entry gained its observed charge). */
  'spending.changed': SpendEntry;
}
