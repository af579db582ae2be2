// Keeps the end of the list in view as the streamed answer grows, in the same task as its update.
import { useLayoutEffect } from 'react';
import { useAppStore } from '../store';

/**
 * Renders nothing; after each commit that grew the running answer, calls `onGrow` (the list then
 * scrolls to its end if it is following). Scrolling here, in the task that applied the update,
 * lets the next frame deliver the scroll event before its layout and paint; a scroll made during
 * a frame's layout (scroll anchoring) is delivered by the frame after it, whose handlers can dirty
 * style and layout for another pass.
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
