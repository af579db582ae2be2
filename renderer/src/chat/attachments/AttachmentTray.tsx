// The composer's attachments: thumbnails and chips with progress and remove, and advice when the model cannot take them.
import { type ReactElement, type ReactNode } from 'react';
import { type MessageAttachment, typeLabel } from '../../../../shared/attachments';
import { visionVariant } from '../../../../shared/models';
import type { ModelInfo } from '../../../../shared/types';
import { useLanguage, useT } from '../../i18n/use-t';
import { mediaUrl } from '../../common/media';
import { useAppStore } from '../../store';
import type { PendingAttachment } from '../../store/attachments-slice';
import { countWords, sizeWords } from '../../i18n/counts';
import { problemText } from '../../common/file-problems';
import { MessageAudio, MessageImage } from './MessageMedia';
import './attachments.css';
import { IconButton } from '../../common/IconButton';
import { TechnicalDetails } from '../../common/TechnicalDetails';

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
  return <span>{t('attach.imageChip', { size: sizeWords(attachment.size, language) })}</span>;
}

/** The file's name (cut with an ellipsis, whole in its tooltip) over a line of facts. */
function AttachmentText({ name, children }: { name: string; children: ReactNode }) {
  return (
    <span className="attachment-text">
      <span className="attachment-name" title={name}>
        {name}
      </span>
      <span className="attachment-facts">{children}</span>
    </span>
  );
}

function kindMark(kind: PendingAttachment['kind']): string {
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
                {kindMark(item.kind)}
              </span>
            )}
            <AttachmentText name={item.name}>
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

function seesImages(model: ModelInfo | undefined, id: string): boolean {
  return id.startsWith('vis-') || (model?.badges.includes('vision') ?? false);
}

/**
 * Images are attached for a model that may not see them, and the person has not yet chosen
 * between its vis- variant and sending as chosen: sending waits for that choice.
 */
export function visionChoicePending(
  items: readonly Pick<PendingAttachment, 'kind' | 'phase'>[] | undefined,
  model: string,
  models: readonly ModelInfo[],
  keptFor: string | null,
): boolean {
  if (!items || models.length === 0) return false;
  const hasImage = items.some((i) => i.kind === 'image' && i.phase !== 'failed');
  return (
    hasImage &&
    !seesImages(
      models.find((m) => m.id === model),
      model,
    ) &&
    keptFor !== model
  );
}

/**
 * What to do when the attachments need a model that can take them: the vis- variant for images
 * (priced right only there), an audio-input model for audio; one click switches.
 */
export function AttachmentAdvice({
  conversationKey,
  model,
  onSwitch,
}: {
  conversationKey: string;
  model: string;
  onSwitch(modelId: string): void;
}) {
  const t = useT();
  const language = useLanguage();
  const items = useAppStore((s) => s.pendingAttachments[conversationKey]);
  const models = useAppStore((s) => s.models);
  const draft = useAppStore((s) => s.drafts[conversationKey] ?? '');
  const keptFor = useAppStore((s) => s.imagesKeptFor[conversationKey] ?? null);
  const keepModel = useAppStore((s) => s.keepModelForImages);
  const setKeptFor = (id: string): void => keepModel(conversationKey, id);
  if (!items || items.length === 0 || models.length === 0) return null;
  const info = models.find((m) => m.id === model);
  const kinds = new Set(items.filter((i) => i.phase !== 'failed').map((i) => i.kind));
  const notes: ReactElement[] = [];

  if (visionChoicePending(items, model, models, keptFor)) {
    const vision = visionVariant(model, models);
    notes.push(
      <div key="vision" className="attachment-advice" role="note">
        <p>
          <strong>
            {vision ? t('attach.vision.title', { model }) : t('attach.vision.none', { model })}
          </strong>{' '}
          {vision && t('attach.vision.body', { vision: vision.id })}
        </p>
        <TechnicalDetails>
          {vision ? t('attach.vision.bodyDetails') : t('attach.vision.noneDetails', { model })}
        </TechnicalDetails>
        <div className="advice-actions">
          {vision && (
            <button type="button" className="button primary" onClick={() => onSwitch(vision.id)}>
              {t('attach.vision.switch', { vision: vision.id })}
            </button>
          )}
          <button type="button" className="button ghost" onClick={() => setKeptFor(model)}>
            {t('attach.vision.keep')}
          </button>
        </div>
      </div>,
    );
  }

  // Only a list that states the model's inputs can say it takes no audio; otherwise the
  // service judges, and its refusal is shown.
  const statesNoAudio =
    info?.inputs !== undefined &&
    !info.inputs.includes('audio') &&
    !info.badges.includes('audio-input');
  if (kinds.has('audio') && statesNoAudio) {
    const audioModel = models.find((m) => m.badges.includes('audio-input'));
    notes.push(
      <div key="audio" className="attachment-advice" role="note">
        <p>
          {t('attach.audioUnsupported', {
            model,
            suggestion: audioModel?.id ?? '—',
          })}
        </p>
        <div className="advice-actions">
          {audioModel ? (
            <button
              type="button"
              className="button primary"
              onClick={() => onSwitch(audioModel.id)}
            >
              {t('attach.audio.switch', { model: audioModel.id })}
            </button>
          ) : (
            <span className="hint">{t('attach.audio.none')}</span>
          )}
        </div>
      </div>,
    );
  }

  const context = info?.contextLength ?? null;
  if (context !== null) {
    const attached = items.reduce((sum, i) => sum + (i.attachment?.tokens ?? 0), 0);
    const tokens = attached + Math.ceil(draft.length / 3.5);
    if (attached > 0 && tokens > context) {
      notes.push(
        <p key="context" className="hint warning" role="note">
          {t('attach.contextWarning', {
            tokens: countWords(language, 'units.tokens', tokens),
            model,
            limit: countWords(language, 'units.tokens', context),
          })}
        </p>,
      );
    }
  }
  return notes.length > 0 ? <div className="attachment-advice-list">{notes}</div> : null;
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
              {kindMark(a.kind)}
            </span>
          )}
          <AttachmentText name={a.name}>
            <AttachmentFacts attachment={a} />
          </AttachmentText>
        </li>
      ))}
    </ul>
  );
}
