// Collects chat events and hands them over in batches, deltas merged.
import type { ChatEvent } from '../../../shared/types';

export interface ChatEventBatcher {
  push(event: ChatEvent): void;
  /** Applies whatever is queued now (used when the page hides and frames stop). */
  flush(): void;
}

/**
 * `schedule` runs the flush later: in the app, a timer at most every 80 ms (bootstrap.ts's
 * `nextUpdate`); tests pass their own. Consecutive deltas of one message are merged so the store
 * sees one append per message per batch, in arrival order.
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
