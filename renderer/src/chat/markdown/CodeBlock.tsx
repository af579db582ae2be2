// A fenced code block: language, Copy, and highlight.js colouring loaded on first use; diagrams and previews.
import { CopyButton } from '../../common/CopyButton';
import { useT } from '../../i18n/use-t';
import { codeKindOf, highlightLanguageOf } from './code-kind';
import { HighlightedCode, type CodeProps } from './HighlightedCode';
import { MermaidBlock } from './MermaidBlock';
import { PreviewBlock } from './PreviewBlock';
import './previews.css';

function PlainCodeBlock({ code, language, streaming }: CodeProps) {
  const t = useT();
  return (
    <div className="code-block">
      <div className="code-header">
        <span className="code-language">{language || 'text'}</span>
        <CopyButton text={code} label={t('chat.copyCode')} />
      </div>
      <HighlightedCode code={code} language={language} streaming={streaming} />
    </div>
  );
}

/** A mermaid block is drawn, an HTML or SVG block can be previewed; any other is code. */
export function CodeBlock(props: CodeProps) {
  const kind = codeKindOf(props.language, props.code);
  if (kind === 'mermaid') return <MermaidBlock {...props} />;
  if (kind === 'html' || kind === 'svg')
    return (
      <PreviewBlock
        {...props}
        kind={kind}
        highlightAs={highlightLanguageOf(kind, props.language)}
      />
    );
  return <PlainCodeBlock {...props} />;
}
