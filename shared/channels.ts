// The IPC channel map: every call the renderer may make, with its input schema, and every event.
// main and the web host validate inputs with these schemas; the renderer imports only the types.
// Each feature group declares its own channels (channels-<group>.ts); this file assembles them.
import type { z } from 'zod';
import type { EventChannel, InvokeChannel } from './channel-names';
import { chatInvokeSchemas, type ChatEventPayloads, type ChatInvokeOutputs } from './channels-chat';
import {
  libraryInvokeSchemas,
  type LibraryEventPayloads,
  type LibraryInvokeOutputs,
} from './channels-library';
import {
  mediaInvokeSchemas,
  type MediaEventPayloads,
  type MediaInvokeOutputs,
} from './channels-media';
import { promptsInvokeSchemas, type PromptsInvokeOutputs } from './channels-prompts';
import {
  settingsInvokeSchemas,
  type SettingsEventPayloads,
  type SettingsInvokeOutputs,
} from './channels-settings';

export const invokeSchemas = {
  ...settingsInvokeSchemas,
  ...chatInvokeSchemas,
  ...libraryInvokeSchemas,
  ...mediaInvokeSchemas,
  ...promptsInvokeSchemas,
} as const satisfies Record<InvokeChannel, z.ZodType>;

export type { EventChannel, InvokeChannel };
export { eventChannels, invokeChannels, isEventChannel, isInvokeChannel } from './channel-names';
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeSchemas)[C]>;

/** What each call answers on success (failures answer a UserError, see Envelope). */
export interface InvokeOutputs
  extends
    SettingsInvokeOutputs,
    ChatInvokeOutputs,
    LibraryInvokeOutputs,
    MediaInvokeOutputs,
    PromptsInvokeOutputs {}

export type InvokeOutput<C extends InvokeChannel> = InvokeOutputs[C];

/** What settings.update may change. */
export type SettingsPatch = InvokeInput<'settings.update'>;
/** What conversations.update may change in the conversation it names. */
export type ConversationPatch = Omit<InvokeInput<'conversations.update'>, 'id'>;

/** Pushed from core to the renderer. */
export interface EventPayloads
  extends SettingsEventPayloads, ChatEventPayloads, LibraryEventPayloads, MediaEventPayloads {}

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

/** Holds only when A and B are the same set of names. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Compile-time checks: every call has an output type and every event a payload, and no more. */
export type ChannelMapsComplete = Holds<
  SameNames<keyof InvokeOutputs, InvokeChannel> & SameNames<keyof EventPayloads, EventChannel>
>;
