// An answer's markdown as blocks: finished blocks memoized by key, only the growing tail re-renders.
import { lazy, Suspense, useMemo, useRef } from 'react';
import {
  advanceBlockSplit,
  emptyBlockSplit,
  finishBlockSplit,
  tailText,
  type BlockSplitState,
  type MarkdownBlock as Block,
} from './markdown-blocks';

// react-markdown, KaTeX and highlight.js stay out of the first screen.
const MarkdownBlock = lazy(() => import('./markdown/MarkdownBlock'));

interface SplitView {
  blocks: readonly Block[];
  tail: string;
}

/** Keeps the splitter's state between renders, so each new chunk costs only its own length. */
function useMarkdownBlocks(text: string, streaming: boolean): SplitView {
  const split = useRef<BlockSplitState>(emptyBlockSplit);
  return useMemo(() => {
    const advanced = advanceBlockSplit(split.current, text);
    split.current = advanced;
    const state = streaming ? advanced : finishBlockSplit(advanced);
    return { blocks: state.blocks, tail: tailText(state) };
  }, [text, streaming]);
}

export function MessageMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const { blocks, tail } = useMarkdownBlocks(text, streaming);
  return (
    <div className="markdown">
      <Suspense fallback={<div className="plain-text">{text}</div>}>
        {blocks.map((block) => (
          <MarkdownBlock key={block.key} text={block.text} />
        ))}
        {tail !== '' && <MarkdownBlock key="tail" text={tail} streaming={streaming} />}
      </Suspense>
    </div>
  );
}
