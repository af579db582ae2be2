// A message's Markdown as safe HTML for the exported page: GFM rendered by react-markdown on the server, code coloured by highlight.js, links only to the web or mail.
import { Children, createElement, isValidElement, type ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { isOpenableLink } from '../../../../shared/links';

type HighlightJs = typeof import('highlight.js/lib/common').default;

interface Renderer {
  render: (text: string) => string;
}

/** Guessing a language is costly; beyond this size an unlabelled block stays plain (as in the app). */
const AUTO_DETECT_LIMIT = 4000;

function highlighted(hljs: HighlightJs, code: string, language: string): string | null {
  if (language && hljs.getLanguage(language))
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  if (!language && code.length <= AUTO_DETECT_LIMIT) return hljs.highlightAuto(code).value;
  return null;
}

/** A fenced block's code and language, from the code element react-markdown puts in its pre. */
function codeOf(children: ReactNode): { code: string; language: string } {
  const child = Children.toArray(children)[0];
  if (!isValidElement<{ className?: string; children?: ReactNode }>(child))
    return { code: '', language: '' };
  const language = /language-([\w+#.-]+)/.exec(child.props.className ?? '')?.[1] ?? '';
  const code = Children.toArray(child.props.children).join('').replace(/\n$/, '');
  return { code, language };
}

function makeComponents(hljs: HighlightJs): Components {
  return {
    // Any other scheme (javascript:, data:, file:) is its text, never a link.
    a: ({ href, children }) =>
      href && isOpenableLink(href)
        ? createElement('a', { href, rel: 'noopener noreferrer' }, children)
        : createElement('span', null, children),
    // The page makes no outside request (its policy forbids it too): a picture is its alt text.
    img: ({ alt }) => createElement('span', { className: 'picture' }, alt ? `[${alt}]` : ''),
    pre: ({ children }) => {
      const { code, language } = codeOf(children);
      const html = highlighted(hljs, code, language);
      const className = `hljs${language ? ` language-${language}` : ''}`;
      return createElement(
        'pre',
        null,
        html === null
          ? createElement('code', { className }, code)
          : // highlight.js escapes the code; its output is only spans with class names.
            createElement('code', { className, dangerouslySetInnerHTML: { __html: html } }),
      );
    },
  };
}

let renderer: Promise<Renderer> | null = null;

/** Loaded on the first HTML export: React's server renderer and the highlighter stay out of start. */
export function markdownRenderer(): Promise<Renderer> {
  renderer ??= (async () => {
    const [{ renderToStaticMarkup }, { default: ReactMarkdown }, { default: remarkGfm }, hljs] =
      await Promise.all([
        import('react-dom/server'),
        import('react-markdown'),
        import('remark-gfm'),
        import('highlight.js/lib/common').then((module) => module.default),
      ]);
    const components = makeComponents(hljs);
    const remarkPlugins = [remarkGfm];
    return {
      // Raw HTML in the text stays text, as in the app: react-markdown turns it into a text node.
      render: (text) =>
        renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins, components }, text)),
    };
  })();
  return renderer;
}
