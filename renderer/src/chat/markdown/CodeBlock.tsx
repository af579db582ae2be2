// A fenced code block: language, Copy, and highlight.js colouring loaded on first use.
import { useEffect, useState } from 'react';
import { CopyButton } from '../../common/CopyButton';
import { useT } from '../../i18n/use-t';

type HighlightJs = typeof import('highlight.js/lib/common').default;
let highlighter: Promise<HighlightJs> | null = null;

function loadHighlighter(): Promise<HighlightJs> {
  highlighter ??= import('highlight.js/lib/common').then((module) => module.default);
  return highlighter;
}

/** Guessing a language is costly; beyond this size an unlabelled block stays plain. */
const AUTO_DETECT_LIMIT = 4000;

function highlightCode(hljs: HighlightJs, code: string, language: string): string | null {
  if (language && hljs.getLanguage(language))
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  if (!language && code.length <= AUTO_DETECT_LIMIT) return hljs.highlightAuto(code).value;
  return null;
}

interface CodeBlockProps {
  code: string;
  language: string;
  /** The block is still growing: colour it once it is complete, not on every chunk. */
  streaming: boolean;
}

export function CodeBlock({ code, language, streaming }: CodeBlockProps) {
  const t = useT();
  const [highlighted, setHighlighted] = useState<{ code: string; html: string } | null>(null);

  useEffect(() => {
    if (streaming) return;
    let cancelled = false;
    void loadHighlighter().then((hljs) => {
      if (cancelled) return;
      const html = highlightCode(hljs, code, language);
      if (html !== null) setHighlighted({ code, html });
    });
    return () => {
      cancelled = true;
    };
  }, [code, language, streaming]);

  const html = highlighted && highlighted.code === code ? highlighted.html : null;
  return (
    <div className="code-block">
      <div className="code-header">
        <span className="code-language">{language || 'text'}</span>
        <CopyButton text={code} label={t('chat.copyCode')} />
      </div>
      <pre>
        {html !== null ? (
          // highlight.js escapes the code; its output is only spans with class names.
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <code className="hljs">{code}</code>
        )}
      </pre>
    </div>
  );
}
