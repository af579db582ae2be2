// The conversation's messages, virtualized with measured heights, following the answer as it grows.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatMessage, Conversation } from '../../../shared/types';
import { useAppStore } from '../store';
import { selectLiveTexts } from '../store/chat-slice';
import { useLiveText } from '../store/live-text';
import { useT } from '../i18n/use-t';
import { MessageRow } from './MessageRow';
import { estimateRowHeight } from './row-height';
import { whenIdle } from '../common/idle';

/** Within this many pixels of the end, the list counts as "at the bottom" and keeps following. */
const BOTTOM_SLACK = 48;

/** Rows drawn beyond each edge of the view, so a scroll shows drawn rows. */
const OVERSCAN = 4;

export function MessageList({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const conversationId = conversation.id;
  const messages = conversation.messages;
  const streamModel = useAppStore((s) => s.streams[conversationId]?.model);
  const streamMessageId = useAppStore((s) => s.streams[conversationId]?.messageId);
  const busy = streamMessageId !== undefined;

  // An answer core has not saved yet still gets its row at the end.
  const rows = useMemo<ChatMessage[]>(() => {
    if (streamMessageId === undefined || messages.some((m) => m.id === streamMessageId))
      return messages;
    const pending: ChatMessage = {
      id: streamMessageId,
      role: 'assistant',
      content: '',
      createdAt: '',
      status: 'streaming',
      ...(streamModel ? { model: streamModel } : {}),
    };
    return [...messages, pending];
  }, [messages, streamMessageId, streamModel]);

  // "Answer 3", "question 2": each message's place among its role's, for its buttons' names.
  const ordinals = useMemo(() => {
    const counts = { user: 0, assistant: 0 };
    return new Map(rows.map((message) => [message.id, ++counts[message.role]]));
  }, [rows]);

  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // Reaching the end again resumes the following, but only on the way down: a smooth scroll up
  // passes through the last pixels first and must not count as a return. Run from the list's one
  // scroll listener (`observeScroll`, below).
  const lastScrollTop = useRef(0);
  const scrolled = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const movingUp = element.scrollTop < lastScrollTop.current;
    lastScrollTop.current = element.scrollTop;
    if (
      !movingUp &&
      element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK
    )
      following.current = true;
  }, []);

  // The answer being streamed sits in the normal flow after the measured rows: its growth moves
  // the end of the list directly, with no re-measure and re-render of the virtual list per update.
  const last = rows[rows.length - 1];
  const tail = last && last.id === streamMessageId ? last : undefined;
  const virtualCount = tail ? rows.length - 1 : rows.length;

  // Rows beyond the view are drawn only once the opened conversation is painted: its first frame
  // parses and lays out what is seen, not the rows kept ready for scrolling.
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    setOverscan(0);
    return whenIdle(() => setOverscan(OVERSCAN), 500);
  }, [conversationId]);

  // A new function means new keys to the virtualizer, which then measures every row again (500
  // in the bench's conversation): only when the rows change, not with each render of the list.
  const getItemKey = useCallback((index: number) => rows[index]?.id || `pending-${index}`, [rows]);

  const virtualizer = useVirtualizer({
    count: virtualCount,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateRowHeight(rows[index]),
    // A conversation opens at its end: its first render lays out the last rows only, instead of
    // the first ones (rendered, measured, then scrolled away from).
    initialOffset: () => {
      let end = 0;
      for (let index = 0; index < virtualCount; index++) end += estimateRowHeight(rows[index]);
      return end;
    },
    overscan,
    getItemKey,
    useFlushSync: false,
    // Only the range matters here: reporting "scrolling" would re-render the list twice for every
    // scroll, including each one that follows a streamed answer.
    observeElementOffset: (instance, notify) =>
      observeScroll(instance.scrollElement, (offset) => {
        scrolled();
        notify(offset, false);
      }),
  });

  // The streamed answer's last size seen by its ResizeObserver (below). When it ends, its element
  // becomes the last measured row. With an estimate for it, the virtualizer would read its height
  // in React's commit and move scrollTop by the difference, each forcing a layout of the whole
  // answer (traced: the one long task after a long answer ends). It starts from this size
  // instead; its own ResizeObserver still corrects it after the frame's layout if it changed.
  const tailSize = useRef<{ id: string; size: number } | null>(null);
  const ended = tailSize.current;
  const handingOver = !tail && ended !== null && rows[virtualCount - 1]?.id === ended.id;
  if (handingOver) {
    if (!virtualizer.itemSizeCache.has(ended.id))
      virtualizer.itemSizeCache.set(ended.id, ended.size);
    tailSize.current = null;
  }

  // A conversation opens at its last message.
  useLayoutEffect(() => {
    following.current = true;
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [conversationId]);

  // When the list grows (new rows, a row measured taller), keep the end in view if following.
  // Only then: setting scrollTop forces a layout, which every streamed frame would otherwise pay.
  const totalSize = virtualizer.getTotalSize();

  // A search hit opened here: scroll to its message (by index: it may be far from the rendered
  // rows) and stop following the end. Once per opening.
  const found = useAppStore((s) =>
    s.foundMessage?.conversationId === conversationId ? s.foundMessage : null,
  );
  const foundIndex = found ? rows.findIndex((m) => m.id === found.messageId) : -1;
  const scrolledTo = useRef(0);
  useLayoutEffect(() => {
    if (!found || foundIndex < 0 || foundIndex >= virtualCount) return;
    if (scrolledTo.current === found.seq) return;
    scrolledTo.current = found.seq;
    following.current = false;
    virtualizer.scrollToIndex(foundIndex, { align: 'center' });
  }, [found, foundIndex, virtualCount, virtualizer]);
  // Not when the only change is the answer that ended turning into a measured row: the page is as
  // tall as before, so its end is still in view, and reading scrollHeight there would lay out the
  // whole answer inside React's commit.
  const handedOver = useRef(false);
  handedOver.current = handingOver;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current && !handedOver.current)
      element.scrollTop = element.scrollHeight;
  }, [totalSize, rows.length]);

  // Each update of the streamed answer keeps its end in view, in the task that put it in the page
  // (TailFollower): the layout read here is the one the next frame would do anyway, and that frame
  // paints the text and the scroll together and dispatches the scroll event. The browser's scroll
  // anchoring is off for the list (chat.css): it moved scrollTop inside the frame's layout, and the
  // scroll event it raised cost every update a second frame (bench/REPORT.md, the app's cost).
  const followTail = useCallback(() => {
    const element = scroller.current;
    if (!element || !following.current) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight > 1)
      element.scrollTop = element.scrollHeight;
  }, []);

  // The streamed answer's size, kept for the hand-over above; and the end kept in view when the
  // answer grows without an update of its stream (a picture in it loading).
  const tailElement = useRef<HTMLDivElement | null>(null);
  const tailObserver = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1];
            const id = box?.target.getAttribute('data-message-id');
            const size = box?.borderBoxSize[0]?.blockSize;
            if (id && size !== undefined) tailSize.current = { id, size: Math.round(size) };
            followTail();
          }),
    [followTail],
  );
  useEffect(() => () => tailObserver?.disconnect(), [tailObserver]);
  const tailRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (tailElement.current) tailObserver?.unobserve(tailElement.current);
      tailElement.current = node;
      if (node) tailObserver?.observe(node);
    },
    [tailObserver],
  );

  // Only a person scrolling up stops the following (the list itself also moves scrollTop when it
  // measures rows); reaching the bottom again resumes it.
  function stopFollowing() {
    following.current = false;
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scroller}
      className="message-scroller"
      onWheel={(event) => {
        if (event.deltaY < 0) stopFollowing();
      }}
      onTouchMove={stopFollowing}
      onKeyDown={(event) => {
        if (['ArrowUp', 'PageUp', 'Home'].includes(event.key)) stopFollowing();
      }}
      onPointerDown={(event) => {
        // A press on the scroller itself (not a message) is a grab of its scrollbar.
        if (event.target === event.currentTarget) stopFollowing();
      }}
      role="log"
      aria-label={t('chat.messages')}
      aria-live="off"
      tabIndex={0}
    >
      {/* Measured rows sit at their offsets over the padding; the streamed answer follows it. By
          top, not transform: a transform is a property node per row, which the compositor is
          sent again with every frame of a stream (traced: Commit 0.44 → 0.39 ms a frame). */}
      <div className="message-canvas" style={{ paddingTop: totalSize }}>
        {/* One keyed list: when the answer ends, its element moves from the tail into the measured
            rows and React keeps it (and its rendered markdown) instead of building it again. */}
        {[
          ...items.map((item) => {
            const message = rows[item.index];
            if (!message) return null;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className={`message-slot${message.id === found?.messageId ? ' found' : ''}`}
                aria-current={message.id === found?.messageId ? 'true' : undefined}
                style={{ top: item.start }}
              >
                <MessageRow
                  conversationId={conversationId}
                  message={message}
                  ordinal={ordinals.get(message.id) ?? item.index + 1}
                  busy={busy}
                  isLast={item.index === rows.length - 1}
                />
              </div>
            );
          }),
          tail && (
            <div
              key={tail.id || 'pending'}
              ref={tailRef}
              // An answer can be a measured row for a moment before its stream is known (core's
              // reload may come first); the virtualizer then still observes this element. An index
              // past its rows makes it ignore the tail's growth instead of re-reading it each time.
              data-index={virtualCount}
              data-message-id={tail.id}
              className="message-slot streaming-tail"
            >
              <MessageRow
                conversationId={conversationId}
                message={tail}
                ordinal={ordinals.get(tail.id) ?? rows.length}
                busy={busy}
              />
              <TailFollower conversationId={conversationId} follow={followTail} />
            </div>
          ),
        ]}
      </div>
    </div>
  );
}

/**
 * Renders with each update of the streamed answer's text, after its row; then keeps the end in
 * view. (The row's other changes, a few a turn, reach the end through the tail's ResizeObserver.)
 */
function TailFollower({ conversationId, follow }: { conversationId: string; follow: () => void }) {
  const text = useLiveText(useAppStore(selectLiveTexts), conversationId, true);
  useLayoutEffect(follow, [text, follow]);
  return null;
}

/**
 * The list's scroll events, taken on the window before anything else sees them and stopped there.
 * Past it, each went on to React's root listener, which runs every scroll event of the page through
 * React's event system though nothing in the app has an onScroll, and to the virtualizer's own
 * listeners for scroll and scrollend; a followed answer scrolls once per update (traced: about
 * 0.1 ms an update, some 2 % of the app's work while streaming, bench/REPORT.md, the app's cost
 * per update). So an onScroll or onScrollEnd on the list, or an onScrollCapture above it, would
 * never run: what must happen on the list's scroll goes in the callback MessageList passes here.
 */
function observeScroll(
  element: HTMLElement | null,
  onScroll: (offset: number) => void,
): (() => void) | undefined {
  const view = element?.ownerDocument.defaultView;
  if (!element || !view) return undefined;
  const listener = (event: Event) => {
    if (event.target !== element) return;
    event.stopPropagation();
    if (event.type === 'scroll') onScroll(element.scrollTop);
  };
  const options = { capture: true, passive: true };
  view.addEventListener('scroll', listener, options);
  view.addEventListener('scrollend', listener, options);
  return () => {
    view.removeEventListener('scroll', listener, options);
    view.removeEventListener('scrollend', listener, options);
  };
}
