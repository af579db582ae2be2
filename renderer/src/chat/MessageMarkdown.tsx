// An answer's markdown as blocks: finished blocks memoized by key, only the growing tail re-renders.
import {
  Fragment,
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
  advanceTailPieces,
  emptyBlockSplit,
  finishBlockSplit,
  blockMovedOn,
  tableHead,
  tailPieceTexts,
  tailText,
  type BlockSplitState,
  type MarkdownBlock as Block,
  type TailPieces,
} from './markdown-blocks';
import './markdown/markdown.css';

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
 * text first. The type is chosen once per block, so a block never remounts. Memoized on its
 * props, so the frozen pieces of a long growing block cost nothing when its open piece grows.
 */
const MarkdownBlock = memo(function MarkdownBlock(props: ComponentProps<BlockComponent>) {
  const [Block] = useState<ComponentType<ComponentProps<BlockComponent>>>(
    () => loadedBlock ?? LazyMarkdownBlock,
  );
  return <Block {...props} />;
});

/** Small answers that between them take each path a real one can: GFM, code, a table, math. */
const WARM_UP_SAMPLES = [
  '## A heading\n\nA paragraph with **bold**, *emphasis*, `code`, ~~struck~~ and a ' +
    '[link](https://example.com).\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> quoted',
  '```ts\nconst answer: number = 42;\n```\n\n| name | value |\n| --- | ---: |\n| a | 1 |\n\n- [x] done',
  'Inline $e^{i\\pi} + 1 = 0$ and a formula:\n\n$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$',
];

/** Each sample is rendered this many times: once compiles the code, a few runs make it quick. */
const WARM_UP_ROUNDS = 4;

/**
 * The first answer rendered after a start cost several times a later one: the browser compiles the
 * markdown parser, its GFM and math extensions, KaTeX and the rows' components on first use, and
 * fetches the formula fonts at the first layout. Each step renders one small sample and lays it out
 * off screen, to be run one per idle moment (`whenIdleEach`) before a conversation is opened.
 */
function warmUpSteps(Block: BlockComponent): (() => void)[] {
  const samples = Array.from({ length: WARM_UP_ROUNDS }, () => WARM_UP_SAMPLES).flat();
  return samples.map((sample) => () => {
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
  });
}

/**
 * Fetches the markdown chunk ahead of need, so an opened conversation paints formatted at once;
 * resolves to the steps that warm it up.
 */
export async function preloadMarkdown(): Promise<(() => void)[]> {
  const module = await loadMarkdownBlock();
  return warmUpSteps(module.default);
}

interface SplitView {
  blocks: readonly Block[];
  tail: string;
}

/**
 * Keeps the splitter's state between renders, so each new chunk costs only its own length. An
 * answer that ends while shown keeps its tail as it grew (a long block in its pieces): the same
 * markdown either way, and parsing a long last block whole again was the stream's one long task.
 * The next time the row is built (scrolled back into view, the conversation opened again) its
 * blocks are all finished ones.
 */
function useMarkdownBlocks(text: string, streaming: boolean): SplitView {
  const split = useRef<BlockSplitState>(emptyBlockSplit);
  const streamedHere = useRef(false);
  return useMemo(() => {
    const advanced = advanceBlockSplit(split.current, text);
    split.current = advanced;
    if (streaming) streamedHere.current = true;
    const state = streamedHere.current ? advanced : finishBlockSplit(advanced);
    return { blocks: state.blocks, tail: tailText(state) };
  }, [text, streaming]);
}

/**
 * Finished blocks go in groups of this many. A group the view is far from is skipped by the
 * browser (content-visibility), so layout, paint and hit tests cost what is on screen, not what
 * the answer holds. Each group turning skipped or shown costs the browser a frame of its own (a
 * second layout pass), so groups are a few screens long, not one (8 per group cost a streamed
 * answer of the plain-text bench 76 such frames, 24 per group 30).
 */
const BLOCKS_PER_GROUP = 24;

/**
 * A group opened from disk may be skipped by the browser only once it has been laid out: until
 * then its size is a guess, and a guess corrected while the group scrolls into view above the
 * reader would shift what is on screen. A group born while its answer streams is skippable at
 * once (`fromStart`): it is born at the end of the answer, in view or below it, where the browser
 * lays it out before it is painted, and the frame and render that marking it later took are saved.
 */
function useLaidOutOnce(fromStart: boolean): [boolean, (element: HTMLDivElement | null) => void] {
  const [laidOut, setLaidOut] = useState(fromStart);
  const observe = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || laidOut || typeof ResizeObserver === 'undefined') return;
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
    [laidOut],
  );
  return [laidOut, observe];
}

const BlockGroup = memo(
  function BlockGroup({ blocks, streaming }: { blocks: readonly Block[]; streaming: boolean }) {
    // Read once, when the group is built.
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

/**
 * The growing last block. Past a length, its start is shown in frozen pieces, each parsed once,
 * and only the open rest is parsed again per update (`advanceTailPieces`). A paragraph's pieces
 * flow as one paragraph and a list's as one list (markdown.css); a table's pieces are parsed with
 * its head and put their rows into one table, so its columns stay one. What follows its blank
 * line (the next block's first line, still being written, once that line cannot continue the
 * block: `blockMovedOn`) grows as a block of its own. An answer that ends while shown keeps the
 * pieces (useMarkdownBlocks).
 */
function GrowingBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const cuts = useRef<TailPieces | null>(null);
  const { pieces, own, moved } = useMemo(() => {
    // A block whose next block has begun is cut, and shown, up to there only.
    const ended = blockMovedOn(text);
    const own = ended ? text.slice(0, ended.end) : text;
    // Finished, a block keeps the pieces it grew in; one never cut is parsed whole.
    cuts.current = streaming || cuts.current ? advanceTailPieces(own, cuts.current) : null;
    return { pieces: cuts.current, own, moved: ended ? text.slice(ended.next) : '' };
  }, [text, streaming]);
  if (!pieces) return <MarkdownBlock text={text} streaming={streaming} />;
  const texts = tailPieceTexts(own, pieces);
  const open = texts.length - 1;
  // What follows the block's blank line is the next block's start, still being written.
  let next = moved;
  const blank = pieces.kind === 'list' ? null : /\n[ \t]*\n/.exec(texts[open] ?? '');
  if (blank) {
    next = texts[open]!.slice(blank.index + blank[0].length);
    texts[open] = texts[open]!.slice(0, blank.index);
  }
  const keyOf = (index: number) => (index === open ? 'open' : (pieces.cuts[index - 1] ?? 0));
  const head = pieces.kind === 'table' ? (tableHead(own) ?? '') : '';
  return (
    <>
      {pieces.kind === 'table' ? (
        <div className="table-scroll tail-pieces table">
          <table>
            {texts.map((piece, index) => (
              <MarkdownBlock
                key={keyOf(index)}
                text={index === 0 ? piece : head + piece}
                streaming={streaming && index === open}
                tablePart={index === 0 ? 'head' : 'rows'}
              />
            ))}
          </table>
        </div>
      ) : (
        <div className={`tail-pieces ${pieces.kind}`}>
          {texts.map((piece, index) => (
            <Fragment key={keyOf(index)}>
              {/* The paragraph's own space between two pieces, kept when its text is copied. */}
              {index > 0 && pieces.kind === 'paragraph' && ' '}
              <MarkdownBlock text={piece} streaming={streaming && index === open} />
            </Fragment>
          ))}
        </div>
      )}
      {/* It may grow long itself (a paragraph of pages after a list): pieces of its own. */}
      {next !== '' && <GrowingBlock key="next" text={next} streaming={streaming} />}
    </>
  );
}

export function MessageMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const { blocks, tail } = useMarkdownBlocks(text, streaming);
  return (
    <div className="markdown">
      <Suspense fallback={<div className="plain-text">{text}</div>}>
        <FinishedBlocks blocks={blocks} streaming={streaming} />
        {tail !== '' && <GrowingBlock key="tail" text={tail} streaming={streaming} />}
      </Suspense>
    </div>
  );
}
