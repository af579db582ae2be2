// A block's code in a <pre>, coloured by highlight.js (loaded on first use) once the block is complete.
import { useEffect, useState } from 'react';

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

export interface CodeProps {
  code: string;
  language: string;
  /** The block is still growing: colour it once it is complete, not on every chunk. */
  streaming: boolean;
}

/** The code itself, coloured once complete. */
export function HighlightedCode({ code, language, streaming }: CodeProps) {
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
    <pre>
      {html !== null ? (
        // highlight.js escapes the code; its output is only spans with class names.
        <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <code className="hljs">{code}</code>
      )}
    </pre>
  );
}
