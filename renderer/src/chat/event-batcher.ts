// Collects chat events and hands them over in batches, deltas merged.
import type { CompareEvent } from '../../../shared/compare';
import type { ChatEvent } from '../../../shared/types';

/**
 * Streamed text is shown at most about this often. Reading keeps up easily at 12 updates a second,
 * and each update re-lays out the growing answer, so painting every frame would cost five times
 * more main-thread work for no visible gain (bench/REPORT.md).
 */
export const STREAM_UPDATE_MS = 80;

/**
 * An update due within this much is shown at once. Core sends a delta about every 80 ms
 * (CHAT_DELTA_INTERVAL_MS), so one arrives a little before or after the last update's 80 ms are
 * up; a timer for that last bit was one more task per update (about 245 of 250 in the bench).
 */
const DUE_SLACK_MS = 20;

/**
 * When to show what has arrived: `'now'` (in the task that brought it, once its listeners are
 * done), or after this many milliseconds. A hidden page paints nothing, so it waits at least 50 ms.
 */
export function streamUpdateDelay(sinceLastUpdateMs: number, hidden: boolean): 'now' | number {
  const wait = Math.max(0, STREAM_UPDATE_MS - sinceLastUpdateMs);
  if (hidden) return Math.max(wait, 50);
  return wait <= DUE_SLACK_MS ? 'now' : wait;
}

/** A chat's events, or a compare's (whose columns stream the same deltas, by answer). */
type StreamEvent = ChatEvent | CompareEvent;

export interface ChatEventBatcher<E extends StreamEvent = ChatEvent> {
  push(event: E): void;
  /** Applies whatever is queued now (used when the page hides and frames stop). */
  flush(): void;
}

/**
 * `schedule` runs the flush later: in the app, a timer at most every 80 ms (bootstrap.ts's
 * `nextUpdate`); tests pass their own. Consecutive deltas of one message are merged so the store
 * sees one append per message per batch, in arrival order.
 */
export function createChatEventBatcher<E extends StreamEvent = ChatEvent>(
  apply: (events: E[]) => void,
  schedule: (flush: () => void) => void,
): ChatEventBatcher<E> {
  let queue: E[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    apply(events);
  }

  function push(event: E): void {
    const last: StreamEvent | undefined = queue[queue.length - 1];
    const next: StreamEvent = event;
    if (
      next.type === 'delta' &&
      last?.type === 'delta' &&
      last.messageId === next.messageId &&
      last.conversationId === next.conversationId
    ) {
      queue[queue.length - 1] = {
        ...last,
        content: last.content + next.content,
        reasoning: last.reasoning + next.reasoning,
      } as E;
    } else {
      queue.push(event);
    }
    if (!scheduled) {
      scheduled = true;
      schedule(flush);
    }
  }

  return { push, flush };
}
