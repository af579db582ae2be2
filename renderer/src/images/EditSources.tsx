// Source images of an edit: added from files, paste or drop, reordered with buttons or Alt+arrows, removed.
import { countWords, sizeWords } from '../i18n/counts';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { MAX_SOURCE_IMAGES } from '../../../shared/images';
import type { Language } from '../../../shared/types';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import type { SourceRefusal } from '../store/images-form-slice';
import type { Translate } from '../i18n/translate';
import { errorSentence } from '../common/errors';
import { IconButton } from '../common/IconButton';

export function refusalText(t: Translate, refusal: SourceRefusal, language: Language): string {
  switch (refusal.kind) {
    case 'tooLarge':
      return t('images.refusal.tooLarge', {
        name: refusal.name,
        size: sizeWords(refusal.size, language),
        limit: sizeWords(refusal.limit, language),
      });
    case 'notImage':
      return t('images.refusal.notImage', { name: refusal.name });
    case 'tooMany':
      return t('images.refusal.tooMany', {
        images: countWords(language, 'units.sourceImages', refusal.limit),
      });
    case 'upload':
      return `${t('images.refusal.upload', { name: refusal.name })} ${errorSentence(t, refusal.error)}`;
  }
}

/** Image files among pasted or dropped items. */
export function imageFiles(list: DataTransfer | null): File[] {
  if (!list) return [];
  return Array.from(list.files).filter(
    (file) => file.type === '' || file.type.startsWith('image/'),
  );
}

export function EditSources({ limit }: { limit: number | null }) {
  const t = useT();
  const language = useLanguage();
  const sources = useAppStore((s) => s.editSources);
  const refusal = useAppStore((s) => s.sourceRefusal);
  const addSourceFiles = useAppStore((s) => s.addSourceFiles);
  const moveEditSource = useAppStore((s) => s.moveEditSource);
  const removeEditSource = useAppStore((s) => s.removeEditSource);
  const dismissSourceRefusal = useAppStore((s) => s.dismissSourceRefusal);
  const fileInput = useRef<HTMLInputElement>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // Keeps the keyboard on a source after it moved, so Alt+arrow can be pressed again.
  useEffect(() => {
    if (focusKey) items.current.get(focusKey)?.focus();
  }, [focusKey, sources]);

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, key: string, index: number) {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowLeft')) {
      moveEditSource(key, -1);
      setFocusKey(key);
    } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowRight')) {
      moveEditSource(key, 1);
      setFocusKey(key);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      removeEditSource(key);
      const next = sources[index + 1] ?? sources[index - 1];
      setFocusKey(next?.key ?? null);
    } else return;
    event.preventDefault();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void addSourceFiles(imageFiles(event.dataTransfer));
  }

  const over = limit !== null && sources.length > limit;
  return (
    <section
      className={`image-sources${dragging ? ' dragging' : ''}`}
      aria-label={t('images.sources')}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div className="image-sources-head">
        <h3>{t('images.sources')}</h3>
        <span className={over ? 'limit over' : 'limit'}>
          {limit === null
            ? `${sources.length} / ${MAX_SOURCE_IMAGES}`
            : `${sources.length} / ${limit}`}
        </span>
      </div>
      <p className="hint">
        {limit === null
          ? t('images.limit.unknown', { max: MAX_SOURCE_IMAGES })
          : limit === 1
            ? t('images.limit.one')
            : t('images.limit.many', {
                images: countWords(language, 'units.sourceImages', limit),
              })}
      </p>
      {over && (
        <p className="hint warning" role="status">
          {t('images.limit.over', { count: sources.length, extra: sources.length - limit })}
        </p>
      )}
      {sources.length > 0 && (
        <ol className="stack source-list">
          {sources.map((source, index) => (
            <li
              key={source.key}
              ref={(el) => {
                if (el) items.current.set(source.key, el);
                else items.current.delete(source.key);
              }}
              className="source-item"
              tabIndex={0}
              aria-label={t('images.source', { index: index + 1, name: source.name })}
              onKeyDown={(event) => onKeyDown(event, source.key, index)}
              onBlur={() => setFocusKey(null)}
            >
              <span className="source-index">{index + 1}</span>
              <img src={source.previewUrl} alt="" className="source-thumb" />
              <span className="source-name" title={source.name}>
                {source.name}
                {source.progress !== null && (
                  <span className="hint">
                    {' '}
                    {t('images.uploading', { percent: Math.round(source.progress * 100) })}
                  </span>
                )}
              </span>
              <span className="source-actions">
                <IconButton
                  label={`${t('images.moveUp')}: ${source.name}`}
                  title={t('images.moveUp')}
                  small
                  disabled={index === 0}
                  onClick={() => moveEditSource(source.key, -1)}
                >
                  ↑
                </IconButton>
                <IconButton
                  label={`${t('images.moveDown')}: ${source.name}`}
                  title={t('images.moveDown')}
                  small
                  disabled={index === sources.length - 1}
                  onClick={() => moveEditSource(source.key, 1)}
                >
                  ↓
                </IconButton>
                <IconButton
                  label={`${t('images.removeSource')}: ${source.name}`}
                  title={t('images.removeSource')}
                  small
                  onClick={() => removeEditSource(source.key)}
                >
                  ×
                </IconButton>
              </span>
            </li>
          ))}
        </ol>
      )}
      {sources.length > 1 && <p className="hint">{t('images.sourceKeys')}</p>}
      <div className="source-add">
        <button
          type="button"
          className="button"
          disabled={sources.length >= MAX_SOURCE_IMAGES}
          onClick={() => fileInput.current?.click()}
        >
          {t('images.addSource')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/bmp"
          multiple
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void addSourceFiles(files);
          }}
        />
        <span className="hint">
          {dragging
            ? t('images.dropHere')
            : t('images.sourcesHint', {
                images: countWords(language, 'units.sourceImages', MAX_SOURCE_IMAGES),
              })}
        </span>
      </div>
      {refusal && (
        <div className="error-notice" role="alert">
          <p className="error-sentence">{refusalText(t, refusal, language)}</p>
          <div className="error-actions">
            <button type="button" className="button ghost" onClick={dismissSourceRefusal}>
              {t('common.close')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
