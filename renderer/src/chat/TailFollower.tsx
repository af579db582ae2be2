// Keeps the end of the list in view as the streamed answer grows, in the same task as its update.
import { useLayoutEffect } from 'react';
import { useAppStore } from '../store';

/**
 * Renders nothing; after each commit that grew the running answer, calls `onGrow` (the list then
 * scrolls to its end if it is following). Scrolling here, in the task that applied the update,
 * lets the browser deliver the scroll event in the frame that paints the update; a scroll made
 * during that frame's layout (scroll anchoring) is delivered in a frame of its own, which costs a
 * second style, paint and commit per update.
 */
export function TailFollower({
  conversationId,
  onGrow,
}: {
  conversationId: string;
  onGrow: () => void;
}) {
  const size = useAppStore((s) => {
    const stream = s.streams[conversationId];
    return stream ? stream.content.length + stream.reasoning.length : 0;
  });
  useLayoutEffect(() => {
    if (size > 0) onGrow();
  }, [size, onGrow]);
  return null;
}
