// A ```html or ```svg block: its source, a Preview in a sandboxed frame, Copy and Save as file.
import { useMemo, useState } from 'react';
import { CopyButton } from '../../common/CopyButton';
import { saveTextFile } from '../../common/save-text';
import { useT } from '../../i18n/use-t';
import { previewFile } from './code-kind';
import { HighlightedCode, type CodeProps } from './HighlightedCode';
import { PREVIEW_SANDBOX, previewDocument } from './preview-document';
import { ViewToggle, type BlockView } from './ViewToggle';

interface PreviewBlockProps extends CodeProps {
  kind: 'html' | 'svg';
  /** The language highlight.js colours the source as. */
  highlightAs: string;
}

/**
 * The frame runs nothing and reaches nothing (preview-document.ts): the sandbox has no allow-*
 * token, so no script, no same origin, no forms, popups nor navigation of the app; its policy
 * fetches from no address at all. It is made only when the person asks for the preview.
 */
function PreviewFrame({ kind, code }: { kind: 'html' | 'svg'; code: string }) {
  const t = useT();
  const page = useMemo(() => previewDocument(kind, code), [kind, code]);
  return (
    <>
      <iframe
        className={`preview-frame ${kind}`}
        title={t(kind === 'html' ? 'preview.htmlTitle' : 'preview.svgTitle')}
        sandbox={PREVIEW_SANDBOX}
        referrerPolicy="no-referrer"
        srcDoc={page}
      />
      <p className="preview-note">{t('preview.frameNote')}</p>
    </>
  );
}

export function PreviewBlock({ code, language, streaming, kind, highlightAs }: PreviewBlockProps) {
  const t = useT();
  const [view, setView] = useState<BlockView>('source');
  const shown = streaming ? 'source' : view;
  const file = previewFile(kind);
  return (
    <div className="code-block preview-block">
      <div className="code-header">
        <span className="code-language">{language}</span>
        <div className="code-actions">
          <ViewToggle
            view={shown}
            shownLabel={t('preview.preview')}
            disabled={streaming}
            onChange={setView}
          />
          <CopyButton text={code} label={t('preview.copySource')} />
          <button
            type="button"
            className="text-button"
            disabled={streaming}
            onClick={() => saveTextFile(code, file.name, file.mime)}
          >
            {t('preview.save')}
          </button>
        </div>
      </div>
      {shown === 'shown' ? (
        <PreviewFrame kind={kind} code={code} />
      ) : (
        <HighlightedCode code={code} language={highlightAs} streaming={streaming} />
      )}
    </div>
  );
}
