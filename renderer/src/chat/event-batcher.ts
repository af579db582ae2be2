// Collects chat events and hands them over at most every 80 ms, in a task of their own, deltas merged.
import type { ChatEvent } from '../../../shared/types';

export interface ChatEventBatcher {
  push(event: ChatEvent): void;
  /** Applies whatever is queued now (used when the page hides and frames stop). */
  flush(): void;
}

/**
 * `schedule` is requestAnimationFrame in the app; tests pass their own. Consecutive deltas of one
 * message are merged so the store sees one append per message per frame, in arrival order.
 */
export function createChatEventBatcher(
  apply: (events: ChatEvent[]) => void,
  schedule: (flush: () => void) => void,
): ChatEventBatcher {
  let queue: ChatEvent[] = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    apply(events);
  }

  function push(event: ChatEvent): void {
    const last = queue[queue.length - 1];
    if (
      event.type === 'delta' &&
      last?.type === 'delta' &&
      last.messageId === event.messageId &&
      last.conversationId === event.conversationId
    ) {
      queue[queue.length - 1] = {
        ...last,
        content: last.content + event.content,
        reasoning: last.reasoning + event.reasoning,
      };
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

/** What the update scheduler needs from the page (the window's own in the app; fakes in tests). */
export interface UpdateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): void;
  hidden(): boolean;
}

/**
 * A batcher's `schedule`: runs each flush at most every `intervalMs` after the previous one, in a
 * timer task of its own, never inside an animation frame. React then commits the update and the
 * list scrolls to its end in that task, so the next frame delivers the scroll event before its
 * layout and paint; a scroll made inside a frame is delivered by the frame after it.
 * In a hidden window (timers throttled) it waits at least `hiddenMinMs`.
 */
export function createUpdateScheduler(
  clock: UpdateClock,
  intervalMs: number,
  hiddenMinMs: number,
): (flush: () => void) => void {
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  return (flush) => {
    const wait = Math.max(0, lastFlushAt + intervalMs - clock.now());
    clock.setTimeout(
      () => {
        lastFlushAt = clock.now();
        flush();
      },
      clock.hidden() ? Math.max(wait, hiddenMinMs) : wait,
    );
  };
}
