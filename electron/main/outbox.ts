// Holds core's events for the window until its page has loaded, so no early chunk is lost.
import type { EventChannel, EventPayloads } from '../../shared/channels';

export type EventSender = <E extends EventChannel>(event: E, payload: EventPayloads[E]) => void;

export interface EventOutbox {
  /** Sends now when the page is ready, otherwise keeps the event for later. */
  post: EventSender;
  /** The page has loaded: deliver what waited, in order. */
  open(): void;
  /** The page is (re)loading: hold events again. */
  close(): void;
}

/** Oldest events are dropped past `limit`, so a window that never loads cannot grow memory. */
export function createEventOutbox(deliver: EventSender, limit = 5000): EventOutbox {
  const waiting: Array<{ event: EventChannel; payload: unknown }> = [];
  let ready = false;
  return {
    post(event, payload) {
      if (ready) {
        deliver(event, payload);
        return;
      }
      waiting.push({ event, payload });
      if (waiting.length > limit) waiting.shift();
    },
    open() {
      ready = true;
      for (const item of waiting.splice(0)) {
        deliver(item.event, item.payload as EventPayloads[typeof item.event]);
      }
    },
    close() {
      ready = false;
    },
  };
}
