// The conversation's messages, virtualized with measured heights, following the answer as it grows.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatMessage, Conversation } from '../../../shared/types';
import { useAppStore } from '../store';
import { useT } from '../i18n/use-t';
import { MessageRow } from './MessageRow';

/** Within this many pixels of the end, the list counts as "at the bottom" and keeps following. */
const BOTTOM_SLACK = 48;

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

  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    overscan: 4,
    getItemKey: (index) => rows[index]?.id || `pending-${index}`,
    useFlushSync: false,
  });

  // A conversation opens at its last message.
  useLayoutEffect(() => {
    following.current = true;
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [conversationId]);

  // When the list grows (new rows, a row measured taller), keep the end in view if following.
  // Only then: setting scrollTop forces a layout, which every streamed frame would otherwise pay.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [totalSize, rows.length]);

  // Only a person scrolling up stops the following (the list itself also moves scrollTop when it
  // measures rows); reaching the bottom again resumes it.
  function stopFollowing() {
    following.current = false;
  }

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK)
      following.current = true;
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scroller}
      className="message-scroller"
      onScroll={onScroll}
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
      <div className="message-canvas" style={{ height: totalSize }}>
        {items.map((item) => {
          const message = rows[item.index];
          if (!message) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="message-slot"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageRow conversationId={conversationId} message={message} busy={busy} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
