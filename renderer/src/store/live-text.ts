// The growing text of each streamed answer, by conversation, kept beside the store rather than in it.
import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** What a running answer has said so far. */
export interface LiveText {
  content: string;
  reasoning: string;
}

/**
 * The text changes with every update of a stream (about twelve a second) and only the answer's own
 * text parts read it. In the store, each update ran the selector of every subscriber (some 300
 * with a conversation open), and each reader re-rendered through useSyncExternalStore got a
 * passive-effect task of its own after the commit (bench/REPORT.md, the app's cost per update).
 * Here an update reaches its readers only, as React state, rendered at once (`show`), so the list
 * still keeps the answer's end in view in the task that put the text in the page.
 *
 * The chat slice owns it: it starts, changes and ends a conversation's text where it starts,
 * changes and ends that conversation's stream, and calls `show` after the store's own update.
 */
export interface LiveTexts {
  get(conversationId: string): LiveText | undefined;
  /** Changes the text; readers see it at the next `show`. */
  set(conversationId: string, text: LiveText): void;
  /** Forgets the text without telling readers: the stream's end in the store re-renders them. */
  delete(conversationId: string): void;
  /** Renders the readers of these conversations' texts now. */
  show(conversationIds: Iterable<string>): void;
  subscribe(conversationId: string, reader: () => void): () => void;
}

export function createLiveTexts(): LiveTexts {
  const texts = new Map<string, LiveText>();
  const readers = new Map<string, Set<() => void>>();
  return {
    get: (conversationId) => texts.get(conversationId),
    set: (conversationId, text) => void texts.set(conversationId, text),
    delete: (conversationId) => void texts.delete(conversationId),
    show(conversationIds) {
      const waiting = [...conversationIds].flatMap((id) => [...(readers.get(id) ?? [])]);
      if (waiting.length === 0) return;
      // Outside React's events a state update would render in a task of its own, after this one.
      flushSync(() => {
        for (const reader of waiting) reader();
      });
    },
    subscribe(conversationId, reader) {
      const own = readers.get(conversationId) ?? new Set();
      own.add(reader);
      readers.set(conversationId, own);
      return () => {
        own.delete(reader);
        if (own.size === 0 && readers.get(conversationId) === own) readers.delete(conversationId);
      };
    },
  };
}

/** The conversation's live text while `enabled` (its answer is streaming); otherwise undefined. */
export function useLiveText(
  live: LiveTexts,
  conversationId: string,
  enabled: boolean,
): LiveText | undefined {
  const [text, setText] = useState(() => (enabled ? live.get(conversationId) : undefined));
  useLayoutEffect(() => {
    if (!enabled) {
      setText(undefined);
      return;
    }
    const read = () => setText(live.get(conversationId));
    // What changed between the render and this subscription.
    read();
    return live.subscribe(conversationId, read);
  }, [live, conversationId, enabled]);
  return enabled ? text : undefined;
}
