// One picture large in a dialog: ← / → through the gallery, its prompt and settings, and what to do with it.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MediaItem, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { FromChatLink } from '../common/FromChatLink';
import { ModalDialog } from '../common/ModalDialog';
import { conversationsUsing, usageTitles } from '../common/deleted-media';
import { mediaUrl, saveMedia } from '../common/media';
import { useLanguage, useT } from '../i18n/use-t';
import { moneyWords } from '../i18n/money';
import { localeOf } from '../i18n/translate';
import { useAppStore } from '../store';
import { GALLERY_PAGE } from '../store/images-gallery-slice';
import { itemAt } from './Gallery';
import { copyImage } from './image-actions';
import { sendImageToChat } from './send-to-chat';
import './viewer.css';

function Details({ item }: { item: MediaItem }) {
  const t = useT();
  const language = useLanguage();
  const p = item.params;
  const modes: Record<string, string> = {
    generate: t('images.mode.generate'),
    edit: t('images.mode.edit'),
    sdapi: t('images.mode.sdapi'),
  };
  const rows: Array<[string, string]> = [];
  const add = (label: string, value: unknown) => {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number')
      rows.push([label, String(value)]);
  };
  add(t('images.details.mode'), typeof p.mode === 'string' ? (modes[p.mode] ?? p.mode) : null);
  add(t('images.details.model'), item.model);
  add(t('images.details.size'), p.size);
  add(t('images.details.aspectRatio'), p.aspectRatio);
  add(t('images.details.negative'), p.negativePrompt);
  add(t('images.details.steps'), p.steps);
  add(t('images.details.cost'), item.cost ? moneyWords(item.cost, language) : null);
  add(
    t('images.details.pixels'),
    item.width && item.height ? `${item.width} × ${item.height}` : '',
  );
  add(t('images.details.created'), new Date(item.createdAt).toLocaleString(localeOf(language)));
  add(t('images.details.revised'), item.extra.revisedPrompt);
  return (
    <section className="viewer-details" aria-label={t('images.details')}>
      <h3>{t('images.details')}</h3>
      <p className="viewer-prompt">{typeof p.prompt === 'string' ? p.prompt : item.title}</p>
      <FromChatLink item={item} />
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="detail-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {item.sources.length > 0 && (
        <div className="viewer-sources">
          <span className="label">{t('images.details.sources')}</span>
          <div className="viewer-source-list">
            {item.sources.map((id, i) => (
              <img key={`${id}-${i}`} src={mediaUrl(id, true)} alt={`${i + 1}`} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

export function ImageViewer({
  index,
  onIndex,
  onClose,
}: {
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const t = useT();
  const total = useAppStore((s) => s.galleryTotal);
  const pages = useAppStore((s) => s.galleryPages);
  const loadPage = useAppStore((s) => s.loadGalleryPage);
  const deleteImage = useAppStore((s) => s.deleteImage);
  const takeAsSource = useAppStore((s) => s.takeAsSource);
  const regenerate = useAppStore((s) => s.regenerateImage);
  const busy = useAppStore((s) => s.imageJob !== null);
  const dialog = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  /** The chats that show the picture, asked when Delete is pressed; null while asking. */
  const [usage, setUsage] = useState<{ id: string; title: string }[] | null>(null);
  const language = useLanguage();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const item = itemAt(pages, index);

  useEffect(() => {
    if (!item && index < total) void loadPage(Math.floor(index / GALLERY_PAGE));
  }, [item, index, total, loadPage]);

  useEffect(() => {
    setConfirming(false);
    setNotice(null);
    setError(null);
  }, [index]);

  useEffect(() => {
    if (total === 0) onClose();
    else if (index >= total) onIndex(total - 1);
  }, [index, total, onClose, onIndex]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest('input, textarea, select')) return;
    if (event.key === 'ArrowRight' && index < total - 1) onIndex(index + 1);
    else if (event.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
    else return;
    event.preventDefault();
  }

  function askDelete(target: MediaItem) {
    setUsage(null);
    setConfirming(true);
    void conversationsUsing(target.id).then(setUsage);
  }

  async function onDelete(target: MediaItem) {
    const failure = await deleteImage(target.id);
    if (failure) setError(failure);
    setConfirming(false);
    // The pressed button is gone: focus returns to the dialog, so Esc and the arrows still work.
    dialog.current?.focus();
  }

  function confirmText(): string {
    if (usage === null) return t('images.checkingUse');
    const titles = usageTitles(usage, t('chat.untitled'), language);
    if (usage.length === 1) return t('images.usedInOne', { titles });
    if (usage.length > 1) return t('images.usedInMany', { count: usage.length, titles });
    return t('images.confirmDelete');
  }

  return (
    <ModalDialog
      label={item?.title ?? t('images.gallery')}
      onClose={onClose}
      panelRef={dialog}
      onKeyDown={onKeyDown}
      className="viewer"
    >
      <div className="viewer-bar">
        <button
          type="button"
          className="button ghost"
          aria-label={t('images.previous')}
          disabled={index === 0}
          onClick={() => onIndex(index - 1)}
        >
          ←
        </button>
        <span className="hint">
          {t('images.viewer.position', { index: index + 1, total })} · {t('images.viewerKeys')}
        </span>
        <button
          type="button"
          className="button ghost"
          aria-label={t('images.next')}
          disabled={index >= total - 1}
          onClick={() => onIndex(index + 1)}
        >
          →
        </button>
        <button type="button" className="button ghost viewer-close" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className="viewer-body">
        <div className="viewer-image">
          {item && <img key={item.id} src={mediaUrl(item.id)} alt={item.title} />}
        </div>
        {item && (
          <div className="viewer-side">
            <Details item={item} />
            <div className="viewer-actions">
              <button
                type="button"
                className="button primary"
                disabled={busy || item.model === null}
                onClick={() => {
                  void regenerate(item);
                  onClose();
                }}
              >
                {t('images.regenerate')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  takeAsSource(item);
                  onClose();
                }}
              >
                {t('images.useAsSource')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() =>
                  void sendImageToChat(item).then((failure) => {
                    if (failure) setError(failure);
                    else onClose();
                  })
                }
              >
                {t('images.sendToChat')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() =>
                  void saveMedia(item).then((answer) => {
                    if (!answer.ok) setError(answer.error);
                  })
                }
              >
                {t('images.saveAs')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() =>
                  void copyImage(item).then((ok) =>
                    setNotice(ok ? t('images.copied') : t('images.copyFailed')),
                  )
                }
              >
                {t('images.copyImage')}
              </button>
              {!confirming ? (
                <button type="button" className="button danger" onClick={() => askDelete(item)}>
                  {t('images.delete')}
                </button>
              ) : (
                <div className="confirm" role="group" aria-label={t('images.confirmDelete')}>
                  <p role="status">{confirmText()}</p>
                  <div className="confirm-actions">
                    <button
                      type="button"
                      className="button danger"
                      disabled={usage === null}
                      onClick={() => void onDelete(item)}
                    >
                      {usage && usage.length > 0
                        ? t('images.deleteAnyway')
                        : t('images.deleteConfirm')}
                    </button>
                    <button
                      type="button"
                      className="button ghost"
                      onClick={() => {
                        setConfirming(false);
                        dialog.current?.focus();
                      }}
                    >
                      {t('common.cancel')}
                    </button>
                  </div>
                </div>
              )}
            </div>
            <div aria-live="polite" className="form-status">
              {notice && <p className="success">{notice}</p>}
            </div>
            {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
