// The Documents tab: choose or drop a PDF/DOCX, extract text or OCR it, read, copy, save, send to chat; the history; decisions.
import { useEffect, useId, useRef, useState } from 'react';
import type { DocumentRecord, DocumentSummary, ExtractionMode } from '../../../shared/documents';
import { EXTRACT_TEXT_MODEL, PDF_OCR_MODEL } from '../../../shared/models';
import { DocumentCost } from '../models/MediaCost';
import type { Language, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBringIntoView } from '../common/bring-into-view';
import { CopyButton } from '../common/CopyButton';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { countWords, sizeWords } from '../i18n/counts';
import { useAppStore } from '../store';
import { documentFileProblem } from '../store/documents-slice';
import { fileProblem } from '../common/file-problems';
import { DecisionsPanel } from './DecisionsPanel';
import { Field } from '../common/Field';
import './documents.css';
import { IconButton } from '../common/IconButton';
import { saveTextFile } from '../common/save-text';

function Problem({ error, onDismiss }: { error: UserError; onDismiss(): void }) {
  const t = useT();
  const language = useLanguage();
  const own = fileProblem(t, error, language);
  if (own)
    return (
      <div className="error-notice" role="alert">
        <p className="error-sentence">{own}</p>
        <div className="error-actions">
          <button type="button" className="button ghost" onClick={onDismiss}>
            {t('common.close')}
          </button>
        </div>
      </div>
    );
  return (
    <>
      {error.code === 'server_error' && (
        <p className="hint warning" role="note">
          {t('documents.serviceCouldNotRead')}
        </p>
      )}
      {error.status === 413 && (
        <p className="hint warning" role="note">
          {t('documents.tooLargeForService')}
        </p>
      )}
      <ErrorNotice error={error} onDismiss={onDismiss} />
    </>
  );
}

function summaryLine(
  t: ReturnType<typeof useT>,
  d: Pick<DocumentSummary, 'mode' | 'pageCount' | 'tokens'>,
  language: Language,
) {
  const mode =
    d.mode === 'ocr'
      ? t('documents.mode.ocr')
      : d.mode === 'extract'
        ? t('documents.mode.extract')
        : t('documents.pasted');
  return t('documents.summary', {
    mode,
    pages:
      d.pageCount === null
        ? t('documents.pagesUnknown')
        : countWords(language, 'units.pages', d.pageCount),
    tokens: countWords(language, 'units.tokens', d.tokens),
  });
}

function History() {
  const t = useT();
  const language = useLanguage();
  const documents = useAppStore((s) => s.documents);
  const problems = useAppStore((s) => s.documentProblems);
  const open = useAppStore((s) => s.openDocument);
  const showDocument = useAppStore((s) => s.showDocument);
  const deleteDocument = useAppStore((s) => s.deleteDocument);
  const [error, setError] = useState<UserError | null>(null);
  return (
    <aside className="sidebar documents-history" aria-label={t('documents.history')}>
      <h2 className="sidebar-heading">{t('documents.history')}</h2>
      {problems > 0 && (
        <p className="hint warning">
          {t('documents.problems', {
            files: countWords(language, 'units.documentFiles', problems),
          })}
        </p>
      )}
      {documents.length === 0 ? (
        <p className="sidebar-empty">{t('documents.historyEmpty')}</p>
      ) : (
        <ul className="stack conversation-list">
          {documents.map((d) => (
            <li key={d.id} className={`conversation${open?.id === d.id ? ' active' : ''}`}>
              <a
                href={`#document/${encodeURIComponent(d.id)}`}
                className="conversation-link"
                aria-current={open?.id === d.id ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void showDocument(d.id).then(setError);
                }}
              >
                <span className="conversation-title">{d.name}</span>
                <span className="snippet">
                  {summaryLine(t, d, language)}
                  {d.origin === 'chat' ? ` · ${t('documents.fromChat')}` : ''}
                </span>
              </a>
              <div className="conversation-actions">
                <IconButton
                  label={t('documents.delete', { name: d.name })}
                  small
                  onClick={() => void deleteDocument(d.id).then(setError)}
                >
                  ×
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </aside>
  );
}

function Pages({ record }: { record: DocumentRecord }) {
  const t = useT();
  const language = useLanguage();
  if (!record.pages || record.pages.length === 0) return null;
  const withImages = record.pages.filter((p) => p.images.length > 0);
  return (
    <section className="card document-pages">
      <h2>{t('documents.pages')}</h2>
      {record.badImages > 0 && (
        <p className="hint warning" role="note">
          {t('documents.badImages', {
            images: countWords(language, 'units.pageImages', record.badImages),
          })}
        </p>
      )}
      {withImages.length > 0 && (
        <div role="group" aria-label={t('documents.gallery')} className="page-gallery">
          {withImages.flatMap((page) =>
            page.images.map((src, i) => (
              <img
                key={`${page.index}-${i}`}
                src={src}
                alt={t('documents.pageImage', { number: page.index + 1, index: i + 1 })}
              />
            )),
          )}
        </div>
      )}
      {record.pages.map((page) => (
        <details key={page.index} className="page-markdown" open={record.pages!.length <= 3}>
          <summary>{t('documents.page', { number: page.index + 1 })}</summary>
          <pre className="plain-text">{page.markdown}</pre>
        </details>
      ))}
    </section>
  );
}

export default function DocumentsTab() {
  const t = useT();
  const money = useMoney();
  const language = useLanguage();
  const loadDocuments = useAppStore((s) => s.loadDocuments);
  const extractDocument = useAppStore((s) => s.extractDocument);
  const extraction = useAppStore((s) => s.extraction);
  const record = useAppStore((s) => s.openDocument);
  const sendDocumentToChat = useAppStore((s) => s.sendDocumentToChat);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ExtractionMode>('extract');
  const [returnImages, setReturnImages] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), images: useId() };
  // The text lands below the form: a new one, or a new problem, is brought into view.
  const resultInView = useBringIntoView(record?.id, 'start');
  const errorInView = useBringIntoView(error);

  useEffect(() => {
    void loadDocuments();
  }, [loadDocuments]);

  // A newly shown document replaces the text box; edits stay until another one is shown.
  const [shownId, setShownId] = useState<string | null>(null);
  if ((record?.id ?? null) !== shownId) {
    setShownId(record?.id ?? null);
    setText(record?.text ?? '');
  }

  function choose(next: File | undefined) {
    if (!next) return;
    setError(documentFileProblem(next));
    setFile(next);
    if (!/\.pdf$/i.test(next.name) && next.type !== 'application/pdf') setMode('extract');
  }

  async function extract() {
    if (!file) return;
    setError(null);
    const failure = await extractDocument(file, mode, mode === 'ocr' && returnImages);
    setError(failure);
  }

  const isPdf = file ? /\.pdf$/i.test(file.name) || file.type === 'application/pdf' : true;
  const busy = extraction !== null;
  const baseName = (record?.name ?? 'document').replace(/\.[^.]*$/, '');

  return (
    <div className="documents">
      <History />
      <div
        className={`documents-main scroll-area${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          if (!Array.from(event.dataTransfer.types).includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          choose(event.dataTransfer.files[0]);
        }}
      >
        <h1>{t('documents.title')}</h1>
        <section className="card">
          <div className="document-chooser">
            <button type="button" className="button" onClick={() => picker.current?.click()}>
              {t('documents.choose')}
            </button>
            <input
              ref={picker}
              type="file"
              hidden
              accept=".pdf,.docx,application/pdf"
              aria-label={t('documents.chooseInput')}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <span className="hint">
              {file
                ? t('documents.chosen', { name: file.name, size: sizeWords(file.size, language) })
                : t('documents.drop')}
            </span>
          </div>
          <div className="field-row">
            <Field label={t('documents.mode')}>
              {(id) => (
                <select
                  id={id}
                  className="input"
                  value={mode}
                  onChange={(event) => setMode(event.target.value as ExtractionMode)}
                >
                  <option value="extract">{t('documents.mode.extract')}</option>
                  <option value="ocr" disabled={!isPdf}>
                    {t('documents.mode.ocr')}
                  </option>
                </select>
              )}
            </Field>
            {mode === 'ocr' && (
              <div className="field checkbox-field">
                <label htmlFor={ids.images}>
                  <input
                    id={ids.images}
                    type="checkbox"
                    checked={returnImages}
                    onChange={(event) => setReturnImages(event.target.checked)}
                  />{' '}
                  {t('documents.returnImages')}
                </label>
              </div>
            )}
          </div>
          <p className="hint">{t('documents.ocrHint')}</p>
          <DocumentCost
            modelId={mode === 'ocr' ? PDF_OCR_MODEL : EXTRACT_TEXT_MODEL}
            pages={null}
          />
          <div className="form-actions">
            <button
              type="button"
              className="button primary"
              disabled={!file || busy}
              onClick={() => void extract()}
            >
              {t('documents.extract')}
            </button>
            {extraction && (
              <span className="attachment-progress" role="status">
                {extraction.phase === 'uploading' ? (
                  <>
                    <progress max={1} value={extraction.progress} aria-label={extraction.name} />
                    {t('documents.uploading', { percent: Math.round(extraction.progress * 100) })}
                  </>
                ) : (
                  t('documents.extracting')
                )}
              </span>
            )}
          </div>
          {error && (
            <div ref={errorInView}>
              <Problem error={error} onDismiss={() => setError(null)} />
            </div>
          )}
        </section>

        <section className="card" ref={resultInView}>
          <label htmlFor={ids.text} className="label">
            {t('documents.text')}
          </label>
          {record && (
            <p className="hint">
              {record.name} · {summaryLine(t, record, language)}
              {record.cost !== null && ` · ${t('documents.cost', { cost: money(record.cost) })}`}
            </p>
          )}
          <textarea
            id={ids.text}
            className="input document-text"
            value={text}
            placeholder={t('documents.textPlaceholder')}
            onChange={(event) => setText(event.target.value)}
            rows={14}
          />
          <div className="form-actions">
            {/* One look for the whole row: plain secondary buttons. */}
            <CopyButton text={text} label={t('documents.copy')} className="button" />
            <button
              type="button"
              className="button"
              disabled={text === ''}
              onClick={() => saveTextFile(text, `${baseName}.txt`, 'text/plain')}
            >
              {t('documents.saveTxt')}
            </button>
            <button
              type="button"
              className="button"
              disabled={text === ''}
              onClick={() =>
                saveTextFile(
                  record?.pages?.map((p) => p.markdown).join('\n\n---\n\n') ?? text,
                  `${baseName}.md`,
                  'text/markdown',
                )
              }
            >
              {t('documents.saveMd')}
            </button>
            <button
              type="button"
              className="button"
              disabled={!record}
              onClick={() => record && sendDocumentToChat(record)}
            >
              {t('documents.toChat')}
            </button>
          </div>
        </section>

        {record && <Pages record={record} />}
        <DecisionsPanel text={text} />
      </div>
    </div>
  );
}
