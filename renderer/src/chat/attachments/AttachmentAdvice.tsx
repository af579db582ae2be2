// Advice above the message box when what goes out needs another model: pictures for a model not priced for them, audio for one that takes none, attachments over the context.
import type { ReactElement } from 'react';
import { visionVariant } from '../../../../shared/models';
import { useLanguage, useT } from '../../i18n/use-t';
import { useAppStore } from '../../store';
import { countWords } from '../../i18n/counts';
import { TechnicalDetails } from '../../common/TechnicalDetails';
import { picturesGoing, visionChoicePending } from './vision-choice';

/**
 * The vis- variant for pictures (priced right only there), whether they are attached now or
 * already in the conversation; an audio-input model for audio; one click switches.
 */
export function AttachmentAdvice({
  conversationKey,
  model,
  onSwitch,
  vision: adviseVision = true,
}: {
  conversationKey: string;
  model: string;
  onSwitch(modelId: string): void;
  /** Off while comparing: the compared models get this advice in the compare bar instead. */
  vision?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const items = useAppStore((s) => s.pendingAttachments[conversationKey]);
  const conversation = useAppStore((s) => s.open[conversationKey]);
  const models = useAppStore((s) => s.models);
  const draft = useAppStore((s) => s.drafts[conversationKey] ?? '');
  const keptFor = useAppStore((s) => s.imagesKeptFor[conversationKey] ?? null);
  const keepModel = useAppStore((s) => s.keepModelForImages);
  const setKeptFor = (id: string): void => keepModel(conversationKey, id);
  if (models.length === 0) return null;
  const pending = items ?? [];
  const info = models.find((m) => m.id === model);
  const kinds = new Set(pending.filter((i) => i.phase !== 'failed').map((i) => i.kind));
  const notes: ReactElement[] = [];

  const pictures = picturesGoing(pending, conversation);
  if (adviseVision && visionChoicePending(pictures, model, models, keptFor)) {
    const vision = visionVariant(model, models);
    const fromHistory = pictures === 'history';
    notes.push(
      <div key="vision" className="attachment-advice" role="note">
        <p>
          <strong>
            {vision
              ? t(fromHistory ? 'attach.vision.historyTitle' : 'attach.vision.title', { model })
              : t(fromHistory ? 'attach.vision.historyNone' : 'attach.vision.none', { model })}
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

  // A warning only: pictures and audio count by Atelier's own estimate, and the service decides.
  const context = info?.contextLength ?? null;
  if (context !== null) {
    const attached = pending.reduce((sum, i) => sum + (i.attachment?.tokens ?? 0), 0);
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
