// One markdown block rendered with GFM, math (KaTeX) and code blocks; loaded lazily with its plugins.
import { Children, isValidElement, memo, useMemo, useRef, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import 'katex/dist/katex.min.css';
import { isOpenableLink, linkAddressOf } from '../../../../shared/links';
import { ConfirmedLink } from '../../common/ConfirmedLink';
import { Icon } from '../../common/Icon';
import { useAppStore } from '../../store';
import { useT } from '../../i18n/use-t';
import { CodeBlock } from './CodeBlock';
import { judgeBlock } from './format-cost';
import rehypeTypesetMath from './math';
import { openCodeFence, tableHead } from '../markdown-blocks';

// Module constants: a new plugin array on each render would defeat the memoized blocks.
const REMARK_PLUGINS = [remarkGfm, remarkMath];
const REHYPE_PLUGINS = [rehypeTypesetMath];

function ExternalLink({ href, children }: { href?: string; children?: ReactNode }) {
  const t = useT();
  // Only web and mail links are links at all; any other scheme is its text.
  if (!href || !isOpenableLink(href)) return <span>{children}</span>;
  return (
    <ConfirmedLink href={href} title={t('chat.openLink', { url: href })}>
      {children}
    </ConfirmedLink>
  );
}

/** The app's own pictures (same origin as the page) are shown; nothing else is ever fetched. */
function isOwnPicture(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A picture in an answer. One from another site would tell that site who reads the answer, and
 * when: it stays a placeholder (its alt text and host) that opens through the same confirm.
 */
function AnswerPicture({ src, alt }: { src?: string; alt?: string }) {
  const t = useT();
  const requestOpenLink = useAppStore((s) => s.requestOpenLink);
  if (src && isOwnPicture(src)) return <img src={src} alt={alt ?? ''} />;
  const address = src ? linkAddressOf(src) : null;
  if (!address || address.trustKey === null) return <span>{alt}</span>;
  return (
    <button
      type="button"
      className="remote-picture"
      title={t('link.remoteImage', { host: address.trustKey })}
      onClick={() => requestOpenLink(address.href)}
    >
      <Icon name="image" size={16} />
      <span className="remote-picture-alt">{alt}</span>
      <span className="remote-picture-host">{address.trustKey}</span>
    </button>
  );
}

function codeOf(children: ReactNode): { code: string; language: string } {
  const child = Children.toArray(children)[0];
  if (!isValidElement<{ className?: string; children?: ReactNode }>(child))
    return { code: '', language: '' };
  const language = /language-([\w+#.-]+)/.exec(child.props.className ?? '')?.[1] ?? '';
  const code = Children.toArray(child.props.children).join('').replace(/\n$/, '');
  return { code, language };
}

/**
 * Which part of a table a piece of a long growing table shows: its head and first rows, or only
 * rows (parsed with the head, which is then left out). Either way the table element and its
 * scroll box are the caller's, so the pieces' rows share one table and its columns.
 */
export type TablePart = 'head' | 'rows';

function makeComponents(streaming: boolean, tablePart?: TablePart): Components {
  return {
    a: ({ href, children }) => <ExternalLink href={href}>{children}</ExternalLink>,
    img: ({ src, alt }) => (
      <AnswerPicture src={typeof src === 'string' ? src : undefined} alt={alt} />
    ),
    pre: ({ children }) => <CodeBlock {...codeOf(children)} streaming={streaming} />,
    // KaTeX's own HTML for a formula (it escapes the source): one node for React, not hundreds.
    span: ({ node, children, ...props }) => {
      const math = node?.data?.typesetMath;
      return math ? (
        <span {...props} dangerouslySetInnerHTML={{ __html: math.html }} />
      ) : (
        <span {...props}>{children}</span>
      );
    },
    div: ({ node, children, ...props }) => {
      const math = node?.data?.typesetMath;
      return math ? (
        <div {...props} dangerouslySetInnerHTML={{ __html: math.html }} />
      ) : (
        <div {...props}>{children}</div>
      );
    },
    // A list's numbers sit in its left padding: a list that counts past 99 gets room for them.
    ol: ({ node, className, children, ...props }) => {
      const items = node?.children.filter(
        (child) => child.type === 'element' && child.tagName === 'li',
      ).length;
      const digits = String((props.start ?? 1) + (items ?? 1) - 1).length;
      const wide = digits > 2 ? `numbers-${Math.min(digits, 5)}` : '';
      return (
        <ol {...props} className={[className, wide].filter(Boolean).join(' ') || undefined}>
          {children}
        </ol>
      );
    },
    table: ({ children }) =>
      tablePart ? (
        <>{children}</>
      ) : (
        <div className="table-scroll">
          <table>{children}</table>
        </div>
      ),
    ...(tablePart === 'rows' ? { thead: () => null } : {}),
  };
}

// Module constants: new components on each render would remount the block's elements.
const COMPONENT_SETS = new Map<string, Components>();
function componentsFor(streaming: boolean, tablePart?: TablePart): Components {
  const key = `${streaming}:${tablePart ?? ''}`;
  let components = COMPONENT_SETS.get(key);
  if (!components) COMPONENT_SETS.set(key, (components = makeComponents(streaming, tablePart)));
  return components;
}

interface MarkdownBlockProps {
  text: string;
  /** The last block of an answer still arriving. */
  streaming?: boolean;
  /** A piece of a long growing table (MessageMarkdown's GrowingBlock). */
  tablePart?: TablePart;
}

/**
 * Plain text is shown in parts of about this many characters: a part that does not change is not
 * rendered or laid out again as the text grows (a 4 MB answer laid out whole took 250 ms a time).
 */
const PLAIN_PART = 16_000;

/**
 * `text` cut into parts that show it as it is, one block each: at the first line end of a run
 * before a part's length (its blank lines start the next part), else at the length. A part, once
 * cut, stays as it is while the text grows.
 */
export function plainParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (text.length - start > PLAIN_PART) {
    let cut = text.lastIndexOf('\n', start + PLAIN_PART);
    while (cut > start && text.charCodeAt(cut - 1) === 10) cut--;
    if (cut > start) {
      parts.push(text.slice(start, cut));
      start = cut + 1;
    } else {
      parts.push(text.slice(start, start + PLAIN_PART));
      start += PLAIN_PART;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** About how many characters of plain text fit on a row of an answer: to guess a part's height. */
const ROW_CHARS = 80;

/** The rows `text` takes, guessed: each line wraps every ROW_CHARS characters. */
function guessedRows(text: string): number {
  let rows = 0;
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    const lineEnd = end < 0 ? text.length : end;
    rows += Math.max(1, Math.ceil((lineEnd - start) / ROW_CHARS));
    start = lineEnd + 1;
  }
  return rows;
}

/**
 * Out of view, a part is not laid out (content-visibility) and takes its guessed height until it
 * has been: opening a 4 MB answer laid all of it out in one 270 ms task.
 */
const PlainPart = memo(function PlainPart({ text }: { text: string }) {
  return (
    <span
      className="plain-part"
      style={{ containIntrinsicBlockSize: `auto ${guessedRows(text)}lh` }}
    >
      {text}
    </span>
  );
});

/**
 * A block the parser would take too long on (format-cost.ts), shown as its text with a note. A
 * piece of a long table keeps to the table's element, its rows without the head it was given.
 */
function PlainBlock({ text, tablePart }: { text: string; tablePart?: TablePart }) {
  const t = useT();
  const shown = tablePart === 'rows' ? text.slice(tableHead(text)?.length ?? 0) : text;
  const block = (
    <div className="plain-block">
      <p className="plain-block-note">{t('chat.plainBlock')}</p>
      <pre className="plain-block-text">
        {plainParts(shown).map((part, index) => (
          <PlainPart key={index} text={part} />
        ))}
      </pre>
    </div>
  );
  if (!tablePart) return block;
  return (
    <tbody>
      <tr>
        <td>{block}</td>
      </tr>
    </tbody>
  );
}

type BlockView =
  { kind: 'open-fence'; code: string; language: string } | { kind: 'plain' | 'markdown' };

/**
 * How a block is shown. An open code fence is all code: it needs no parse, and it is what a
 * streamed answer spends longest growing. Otherwise it is formatted unless judged too costly
 * (judgeBlock); once opened again, it is judged anew.
 */
function useBlockView(text: string, streaming: boolean): BlockView {
  const plainWhileGrowing = useRef<string | null>(null);
  return useMemo(() => {
    const openFence = streaming ? openCodeFence(text) : null;
    if (openFence) return { kind: 'open-fence', ...openFence };
    const judged = judgeBlock(text, streaming, plainWhileGrowing.current);
    plainWhileGrowing.current = judged.plainWhileGrowing;
    return { kind: judged.plain ? 'plain' : 'markdown' };
  }, [text, streaming]);
}

function MarkdownBlock({ text, streaming = false, tablePart }: MarkdownBlockProps) {
  const view = useBlockView(text, streaming);
  if (view.kind === 'open-fence')
    return <CodeBlock code={view.code} language={view.language} streaming />;
  if (view.kind === 'plain') return <PlainBlock text={text} tablePart={tablePart} />;
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={REHYPE_PLUGINS}
      components={componentsFor(streaming, tablePart)}
    >
      {text}
    </ReactMarkdown>
  );
}

export default memo(MarkdownBlock);
