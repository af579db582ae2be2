// The IPC channel map: every call the renderer may make, with its input schema, and every event.
// main and the web host validate inputs with these schemas; the renderer imports only the types.
import { z } from 'zod';
import type { EventChannel, InvokeChannel } from './channel-names';
import type {
  Balance,
  ChatEvent,
  Conversation,
  ConversationList,
  ModelInfo,
  SearchHit,
  SettingsView,
} from './types';

const id = z.string().min(1).max(200);
const text = z.string().max(2_000_000);

export const invokeSchemas = {
  'settings.get': z.object({}).strict(),
  'settings.update': z
    .object({
      baseUrl: z.string().max(2000).optional(),
      ratePlan: z.enum(['standard', 'fast']).optional(),
      defaultModel: z.string().max(200).optional(),
      language: z.enum(['en', 'ru']).optional(),
      theme: z.enum(['light', 'dark', 'system']).optional(),
    })
    .strict(),
  'key.set': z.object({ key: z.string().min(1).max(500) }).strict(),
  'key.clear': z.object({}).strict(),
  'demo.use': z.object({}).strict(),
  'models.list': z.object({ refresh: z.boolean().optional() }).strict(),
  'balance.get': z.object({ refresh: z.boolean().optional() }).strict(),
  'conversations.list': z.object({}).strict(),
  'conversations.search': z.object({ query: z.string().max(500) }).strict(),
  'conversations.get': z.object({ id }).strict(),
  'conversations.create': z.object({ model: z.string().max(200).optional() }).strict(),
  'conversations.update': z
    .object({
      id,
      title: z.string().max(300).optional(),
      pinned: z.boolean().optional(),
      model: z.string().max(200).optional(),
      systemPrompt: z.string().max(200_000).optional(),
      temperature: z.number().min(0).max(2).nullable().optional(),
      maxTokens: z.number().int().min(1).max(1_000_000).nullable().optional(),
    })
    .strict(),
  'conversations.delete': z.object({ id }).strict(),
  'chat.send': z.object({ conversationId: id, text, trimOldest: z.boolean().optional() }).strict(),
  'chat.stop': z.object({ conversationId: id }).strict(),
  'chat.regenerate': z
    .object({ conversationId: id, messageId: id.optional(), trimOldest: z.boolean().optional() })
    .strict(),
  'chat.edit': z
    .object({ conversationId: id, messageId: id, text, trimOldest: z.boolean().optional() })
    .strict(),
  'shell.openExternal': z.object({ url: z.string().url().max(4000) }).strict(),
} as const satisfies Record<InvokeChannel, z.ZodType>;

export type { EventChannel, InvokeChannel };
export { eventChannels, invokeChannels, isEventChannel, isInvokeChannel } from './channel-names';
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeSchemas)[C]>;

/** What each call answers on success (failures answer a UserError, see Envelope). */
export interface InvokeOutputs extends Record<InvokeChannel, unknown> {
  'settings.get': SettingsView;
  'settings.update': SettingsView;
  'key.set': SettingsView;
  'key.clear': SettingsView;
  'demo.use': SettingsView;
  'models.list': ModelInfo[];
  'balance.get': Balance;
  'conversations.list': ConversationList;
  'conversations.search': SearchHit[];
  'conversations.get': Conversation;
  'conversations.create': Conversation;
  'conversations.update': Conversation;
  'conversations.delete': { id: string };
  /** The new assistant message's id; the answer itself arrives as chat.event. */
  'chat.send': { messageId: string };
  'chat.stop': { stopped: boolean };
  'chat.regenerate': { messageId: string };
  'chat.edit': { messageId: string };
  'shell.openExternal': { opened: boolean };
}

export type InvokeOutput<C extends InvokeChannel> = InvokeOutputs[C];

/** Pushed from core to the renderer. */
export interface EventPayloads extends Record<EventChannel, unknown> {
  'chat.event': ChatEvent;
  'balance.changed': Balance;
  'settings.changed': SettingsView;
  'conversations.changed': { id: string | null };
}

/** The API the preload (and the web host's bridge) puts on window.atelier. */
export interface AtelierApi {
  invoke<C extends InvokeChannel>(
    channel: C,
    input: InvokeInput<C>,
  ): Promise<import('./types').Envelope<InvokeOutput<C>>>;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventChannel>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /** 'electron' or 'web', for the few places that differ (e.g. how links open). */
  platform: 'electron' | 'web';
}
