// The bench's plain-text block: the app exactly as shipped, but each markdown block shown as its source text.
import { memo } from 'react';

/**
 * Stands in for renderer/src/chat/markdown/MarkdownBlock, so the splitting, grouping, store,
 * list and scrolling all stay the app's own: what is left is what the app costs per update
 * before any markdown is parsed or rendered.
 */
function PlainMarkdownBlock({ text }: { text: string; streaming?: boolean }) {
  return <p className="plain-text">{text}</p>;
}

export default memo(PlainMarkdownBlock);
