// A ```mermaid block: drawn as a diagram once complete, its source one click away, Copy beside it.
import { useEffect, useState, type MouseEvent } from 'react';
import { CopyButton } from '../../common/CopyButton';
import { useT } from '../../i18n/use-t';
import { HighlightedCode, type CodeProps } from './HighlightedCode';
import { useAppStore } from '../../store';
import { diagramLinkAt } from './diagram-links';
import { useDocumentLook } from './document-look';
import { drawDiagram, drawnBefore, type Drawn } from './mermaid-render';
import { ViewToggle, type BlockView } from './ViewToggle';

/** The drawing of `code` in `look`: at once when drawn before, else once mermaid has drawn it. */
function useDrawing(code: string, look: 'light' | 'dark', wanted: boolean): Drawn | undefined {
  const [drawn, setDrawn] = useState<{ key: string; result: Drawn } | null>(null);
  const key = `${look}\n${code}`;
  useEffect(() => {
    if (!wanted || drawnBefore(code, look)) return;
    let cancelled = false;
    void drawDiagram(code, look).then((result) => {
      if (!cancelled) setDrawn({ key: `${look}\n${code}`, result });
    });
    return () => {
      cancelled = true;
    };
  }, [code, look, wanted]);
  if (!wanted) return undefined;
  return drawnBefore(code, look) ?? (drawn?.key === key ? drawn.result : undefined);
}

/** Still arriving (`streaming`), the block is shown as source and drawn once its fence has closed. */
export function MermaidBlock({ code, language, streaming }: CodeProps) {
  const t = useT();
  const look = useDocumentLook();
  const [view, setView] = useState<BlockView>('shown');
  const showDiagram = view === 'shown' && !streaming;
  const drawn = useDrawing(code, look, showDiagram);
  const requestOpenLink = useAppStore((s) => s.requestOpenLink);
  // A diagram's link opens, like every link, only after the person confirms its address.
  const openLink = (event: MouseEvent) => {
    const href = diagramLinkAt(event.target);
    if (!href) return;
    event.preventDefault();
    requestOpenLink(href);
  };

  let body;
  if (!showDiagram || !drawn) {
    body = (
      <>
        {showDiagram && (
          <p className="diagram-note" role="status">
            {t('preview.drawing')}
          </p>
        )}
        <HighlightedCode code={code} language={language} streaming={streaming} />
      </>
    );
  } else if ('error' in drawn) {
    body = (
      <>
        <div className="diagram-note diagram-error" role="note">
          <p>{t('preview.diagramFailed')}</p>
          {drawn.error !== '' && <p className="diagram-error-message">{drawn.error}</p>}
        </div>
        <HighlightedCode code={code} language={language} streaming={false} />
      </>
    );
  } else {
    body = (
      <div
        className="diagram"
        role="img"
        aria-label={t('preview.diagram')}
        onClick={openLink}
        // Mermaid's own output at securityLevel 'strict', sanitised by it with DOMPurify.
        dangerouslySetInnerHTML={{ __html: drawn.svg }}
      />
    );
  }

  return (
    <div className="code-block diagram-block">
      <div className="code-header">
        <span className="code-language">{language}</span>
        <div className="code-actions">
          <ViewToggle
            view={streaming ? 'source' : view}
            shownLabel={t('preview.diagram')}
            disabled={streaming}
            onChange={setView}
          />
          <CopyButton text={code} label={t('preview.copySource')} />
        </div>
      </div>
      {body}
    </div>
  );
}
