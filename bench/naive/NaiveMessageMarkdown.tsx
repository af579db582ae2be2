// The naive answer renderer the bench compares against: react-markdown over the whole text on every render.
import { lazy, Suspense } from 'react';

// The renderer's own block (react-markdown with GFM, math, KaTeX and the same code and link
// components), so the only difference from the real one is that nothing is split or memoized.
const MarkdownBlock = lazy(() => import('../../renderer/src/chat/markdown/MarkdownBlock'));

declare global {
  interface Window {
    /** Counts what the naive renderer parsed, so the bench can check it really re-rendered it all. */
    benchNaive?: { streamingRenders: number; charsRendered: number; longestText: number };
  }
}

function noteRender(text: string, streaming: boolean): void {
  const stats = (window.benchNaive ??= { streamingRenders: 0, charsRendered: 0, longestText: 0 });
  if (streaming) stats.streamingRenders += 1;
  stats.charsRendered += text.length;
  stats.longestText = Math.max(stats.longestText, text.length);
}

export function MessageMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  noteRender(text, streaming);
  return (
    <div className="markdown">
      <Suspense fallback={<div className="plain-text">{text}</div>}>
        <MarkdownBlock text={text} streaming={streaming} />
      </Suspense>
    </div>
  );
}
