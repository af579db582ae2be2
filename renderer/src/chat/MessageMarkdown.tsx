// An answer's markdown as blocks: finished blocks memoized by key, only the growing tail re-renders.
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  advanceBlockSplit,
  emptyBlockSplit,
  finishBlockSplit,
  tailText,
  type BlockSplitState,
  type MarkdownBlock as Block,
} from './markdown-blocks';
import './markdown/markdown.css';
import { whenIdle } from '../common/idle';

// react-markdown, KaTeX and highlight.js stay out of the first screen.
type BlockComponent = typeof import('./markdown/MarkdownBlock').default;
let loadedBlock: BlockComponent | null = null;
let blockModule: Promise<{ default: BlockComponent }> | null = null;
const loadMarkdownBlock = () =>
  (blockModule ??= import('./markdown/MarkdownBlock').then((module) => {
    loadedBlock = module.default;
    return module;
  }));
const LazyMarkdownBlock = lazy(loadMarkdownBlock);

/**
 * Once the chunk is in, a block renders it directly: a lazy component suspends on its first render
 * even when its chunk is loaded, which painted a conversation opened after the preload as plain
 * text first. The type is chosen once per block, so a block never remounts.
 */
function MarkdownBlock(props: ComponentProps<BlockComponent>) {
  const [Block] = useState<ComponentType<ComponentProps<BlockComponent>>>(
    () => loadedBlock ?? LazyMarkdownBlock,
  );
  return <Block {...props} />;
}

/** Small answers that between them take each path a real one can: GFM, code, a table, math. */
const WARM_UP_SAMPLES = [
  '## A heading\n\nA paragraph with **bold**, *emphasis*, `code`, ~~struck~~ and a ' +
    '[link](https://example.com).\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> quoted',
  '```ts\nconst answer: number = 42;\n```\n\n| name | value |\n| --- | ---: |\n| a | 1 |\n\n- [x] done',
  'Inline $e^{i\\pi} + 1 = 0$ and a formula:\n\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$',
];

/** Each sample is rendered this many times: once compiles the code, a few runs make it quick. */
const WARM_UP_ROUNDS = 4;

let warmedUp = false;

/**
 * The first answer rendered after a start cost several times a later one: the browser compiles the
 * markdown parser, its GFM and math extensions, KaTeX and the rows' components on first use, and
 * fetches the formula fonts at the first layout. A few small samples rendered and laid out off
 * screen while the browser is idle, one per idle moment, take that cost out of the first opening
 * of a conversation.
 */
function warmUp(Block: BlockComponent): void {
  if (warmedUp) return;
  warmedUp = true;
  const renderSample = (index: number) => {
    const sample = WARM_UP_SAMPLES[index % WARM_UP_SAMPLES.length];
    if (sample === undefined || index >= WARM_UP_SAMPLES.length * WARM_UP_ROUNDS) return;
    whenIdle(() => {
      // Laid out too, out of sight: the first layout of a formula or a table loads its fonts.
      const host = document.createElement('div');
      host.className = 'markdown warm-up';
      host.setAttribute('aria-hidden', 'true');
      document.body.append(host);
      const root = createRoot(host);
      flushSync(() => root.render(<Block text={sample} />));
      void host.offsetHeight;
      root.unmount();
      host.remove();
      renderSample(index + 1);
    }, 3000);
  };
  renderSample(0);
}

/**
 * Fetches the markdown chunk ahead of need, so an opened conversation paints formatted at once,
 * and warms it up.
 */
export function preloadMarkdown(): void {
  void loadMarkdownBlock().then((module) => warmUp(module.default));
}

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

/**
 * Finished blocks go in groups of this many. A group the view is far from is skipped by the
 * browser (content-visibility), so layout, paint and hit tests cost what is on screen, not what
 * the answer holds.
 */
const BLOCKS_PER_GROUP = 8;

/**
 * A group may be skipped by the browser only once it has been laid out: until then its size is a
 * guess, and a guess corrected while the group scrolls into view would shift what is on screen.
 * Not while its answer streams: the groups scrolled out of view then each cost a frame of layout
 * and paint as they turned skipped, for no saving (a growing answer re-lays out only its tail).
 */
function useLaidOutOnce(streaming: boolean): [boolean, (element: HTMLDivElement | null) => void] {
  const [laidOut, setLaidOut] = useState(false);
  const observe = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || laidOut || streaming || typeof ResizeObserver === 'undefined') return;
      let frame = 0;
      const observer = new ResizeObserver(() => {
        observer.disconnect();
        // The size it was laid out at is remembered by the next frame (contain-intrinsic-size).
        frame = requestAnimationFrame(() => setLaidOut(true));
      });
      observer.observe(element);
      return () => {
        observer.disconnect();
        cancelAnimationFrame(frame);
      };
    },
    [laidOut, streaming],
  );
  return [laidOut && !streaming, observe];
}

const BlockGroup = memo(
  function BlockGroup({ blocks, streaming }: { blocks: readonly Block[]; streaming: boolean }) {
    const [laidOut, observe] = useLaidOutOnce(streaming);
    return (
      <div ref={observe} className={laidOut ? 'block-group skippable' : 'block-group'}>
        {blocks.map((block) => (
          <MarkdownBlock key={block.key} text={block.text} />
        ))}
      </div>
    );
  },
  // The slices are new arrays on every render; a group changes only when its blocks do.
  (before, after) =>
    before.streaming === after.streaming &&
    before.blocks.length === after.blocks.length &&
    before.blocks.every((block, i) => block.key === after.blocks[i]?.key),
);

/**
 * The finished blocks. The splitter hands back the same array until a block completes, so while
 * the tail grows this renders nothing at all instead of walking hundreds of memoized blocks.
 */
const FinishedBlocks = memo(function FinishedBlocks({
  blocks,
  streaming,
}: {
  blocks: readonly Block[];
  streaming: boolean;
}) {
  const groups: Block[][] = [];
  for (let i = 0; i < blocks.length; i += BLOCKS_PER_GROUP)
    groups.push(blocks.slice(i, i + BLOCKS_PER_GROUP));
  return groups.map((group, index) => (
    <BlockGroup key={index} blocks={group} streaming={streaming} />
  ));
});

export function MessageMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const { blocks, tail } = useMarkdownBlocks(text, streaming);
  return (
    <div className="markdown">
      <Suspense fallback={<div className="plain-text">{text}</div>}>
        <FinishedBlocks blocks={blocks} streaming={streaming} />
        {tail !== '' && <MarkdownBlock key="tail" text={tail} streaming={streaming} />}
      </Suspense>
    </div>
  );
}
