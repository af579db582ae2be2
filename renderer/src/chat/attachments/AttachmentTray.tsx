// The composer's attachments and a sent message's: thumbnails and chips with progress and remove; a picture by address shown by its address, never loaded.
import { type ReactNode } from 'react';
import { type MessageAttachment, typeLabel } from '../../../../shared/attachments';
import { useLanguage, useT } from '../../i18n/use-t';
import { mediaUrl } from '../../common/media';
import { useAppStore } from '../../store';
import type { PendingAttachment } from '../../store/attachments-slice';
import { countWords, sizeWords } from '../../i18n/counts';
import { problemText } from '../../common/file-problems';
import { MessageAudio, MessageImage } from './MessageMedia';
import './attachments.css';
import { IconButton } from '../../common/IconButton';

function PhaseLine({ item }: { item: PendingAttachment }) {
  const t = useT();
  const language = useLanguage();
  if (item.phase === 'failed' && item.error)
    return (
      <span className="attachment-error" role="alert">
        {item.kind === 'document' && item.error.code === 'server_error'
          ? t('documents.serviceCouldNotRead')
          : problemText(t, item.error, language)}
        {item.error.message !== '' && item.error.fromService && (
          <> {t('common.serviceSaid', { message: item.error.message })}</>
        )}
      </span>
    );
  if (item.phase === 'converting') return <span>{t('attach.phase.converting')}</span>;
  if (item.phase === 'uploading')
    return (
      <span className="attachment-progress">
        <progress max={1} value={item.progress} aria-label={item.name} />
        {t('attach.phase.uploading', { percent: Math.round(item.progress * 100) })}
      </span>
    );
  if (item.phase === 'reading') return <span>{t('attach.phase.reading')}</span>;
  return item.attachment ? <AttachmentFacts attachment={item.attachment} /> : null;
}

export function AttachmentFacts({ attachment }: { attachment: MessageAttachment }) {
  const t = useT();
  const language = useLanguage();
  if (attachment.kind === 'document')
    return (
      <span>
        {t('attach.documentChip', {
          pages:
            attachment.pages !== undefined
              ? countWords(language, 'units.pages', attachment.pages)
              : t('documents.pagesUnknown'),
          tokens: countWords(language, 'units.tokens', attachment.tokens),
        })}
      </span>
    );
  if (attachment.kind === 'text')
    return (
      <span>
        {t('attach.textChip', {
          type: typeLabel(attachment.name, attachment.mime),
          size: sizeWords(attachment.size, language),
          tokens: countWords(language, 'units.tokens', attachment.tokens),
        })}
      </span>
    );
  if (attachment.kind === 'audio')
    return (
      <span>
        {t('attach.audioChip', {
          format: (attachment.format ?? '').toUpperCase(),
          size: sizeWords(attachment.size, language),
        })}
      </span>
    );
  if (attachment.url !== undefined)
    return <span>{t('attach.addressChip', { host: addressHost(attachment.url) })}</span>;
  return <span>{t('attach.imageChip', { size: sizeWords(attachment.size, language) })}</span>;
}

/** The site a picture's address names ("example.com"); the address itself if it names none. */
function addressHost(address: string): string {
  try {
    return new URL(address).host || address;
  } catch {
    return address;
  }
}

/** The file's name (cut with an ellipsis, whole in its tooltip: a picture's whole address) over a line of facts. */
function AttachmentText({
  name,
  title,
  children,
}: {
  name: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className="attachment-text">
      <span className="attachment-name" title={title ?? name}>
        {name}
      </span>
      <span className="attachment-facts">{children}</span>
    </span>
  );
}

function kindMark(kind: PendingAttachment['kind'], url?: string): string {
  if (url !== undefined) return 'URL';
  if (kind === 'text') return 'TXT';
  return kind === 'document' ? 'DOC' : kind === 'audio' ? '♪' : kind === 'image' ? 'IMG' : '?';
}

export function AttachmentTray({ conversationKey }: { conversationKey: string }) {
  const t = useT();
  const items = useAppStore((s) => s.pendingAttachments[conversationKey]);
  const remove = useAppStore((s) => s.removeAttachment);
  if (!items || items.length === 0) return null;
  return (
    <ul className="attachment-tray" aria-label={t('attach.list')}>
      {items.map((item) => {
        const thumb =
          item.previewUrl ??
          (item.attachment?.mediaId ? mediaUrl(item.attachment.mediaId, true) : null);
        return (
          <li
            key={item.localId}
            className={`attachment-chip${item.phase === 'failed' ? ' failed' : ''}`}
          >
            {thumb ? (
              <img className="attachment-thumb" src={thumb} alt={item.name} />
            ) : (
              <span className="attachment-kind" aria-hidden="true">
                {kindMark(item.kind, item.attachment?.url)}
              </span>
            )}
            <AttachmentText name={item.name} title={item.attachment?.url}>
              <PhaseLine item={item} />
            </AttachmentText>
            <IconButton
              label={t('attach.remove', { name: item.name })}
              small
              onClick={() => remove(conversationKey, item.localId)}
            >
              ×
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
}

/** Attachments shown in a sent message: thumbnails of images, a player for audio, chips for files. */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }) {
  const t = useT();
  return (
    <ul className="message-attachments" aria-label={t('attach.list')}>
      {attachments.map((a, index) => (
        <li
          key={`${a.fileId ?? a.documentId ?? ''}-${index}`}
          className={`attachment-chip sent${a.kind === 'audio' && a.mediaId ? ' with-audio' : ''}`}
          data-kind={a.kind}
        >
          {a.kind === 'image' && a.mediaId ? (
            <MessageImage attachment={{ ...a, mediaId: a.mediaId }} />
          ) : a.kind === 'audio' && a.mediaId ? (
            <MessageAudio attachment={{ ...a, mediaId: a.mediaId }} />
          ) : (
            <span className="attachment-kind" aria-hidden="true">
              {kindMark(a.kind, a.url)}
            </span>
          )}
          <AttachmentText name={a.name} title={a.url}>
            <AttachmentFacts attachment={a} />
          </AttachmentText>
        </li>
      ))}
    </ul>
  );
}
