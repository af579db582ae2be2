// Voice mode in the composer: the switch that turns it on, and while on its state in words, Send now and Stop (Esc stops too).
import { useEffect } from 'react';
import { ErrorNotice } from '../../common/ErrorNotice';
import { useT } from '../../i18n/use-t';
import { useAppStore } from '../../store';
import type { VoiceProblemView } from '../../store/voice-slice';
import { sendQuestionNow, startVoiceMode, stopVoiceMode } from './voice-controller';
import './voice.css';

/** The composer bar's switch: pressed while voice mode is on; pressing it again stops it. */
export function VoiceButton() {
  const t = useT();
  const on = useAppStore((s) => s.voice.phase !== 'off');
  return (
    <button
      type="button"
      className={`button ghost voice-start${on ? ' on' : ''}`}
      title={t('voice.startHint')}
      aria-pressed={on}
      onClick={() => (on ? stopVoiceMode() : void startVoiceMode())}
    >
      {t('voice.start')}
    </button>
  );
}

function ProblemWords({ problem }: { problem: VoiceProblemView }) {
  const t = useT();
  const setVoice = useAppStore((s) => s.setVoice);
  const dismiss = () => setVoice({ problem: null });
  return (
    <div className="voice-problem">
      <p role="alert">{t(`voice.problem.${problem.kind}`, { reason: problem.reason })}</p>
      {problem.error ? (
        <ErrorNotice error={problem.error} onDismiss={dismiss} />
      ) : (
        <button type="button" className="button ghost" onClick={dismiss}>
          {t('voice.dismiss')}
        </button>
      )}
    </div>
  );
}

/** Above the message box while voice mode is on (or says why it stopped). */
export function VoicePanel({ conversationId }: { conversationId: string | null }) {
  const t = useT();
  const voice = useAppStore((s) => s.voice);
  const on = voice.phase !== 'off';

  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      // A dialog or menu that took this Escape for itself keeps voice mode going.
      if (event.key === 'Escape' && !event.defaultPrevented) stopVoiceMode();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [on]);

  // Another conversation opened: the rounds would go to it, so voice mode stops.
  useEffect(() => {
    if (on && voice.conversationId !== null && conversationId !== voice.conversationId)
      stopVoiceMode();
  }, [on, conversationId, voice.conversationId]);

  useEffect(() => stopVoiceMode, []);

  if (!on && !voice.problem) return null;
  return (
    <section
      className="voice-panel"
      aria-label={t('voice.region')}
      data-phase={voice.phase}
      data-replies-played={voice.repliesPlayed}
      data-sentences-played={voice.sentencesPlayed}
    >
      {on && (
        <div className="voice-state">
          <span className={`voice-dot ${voice.phase}`} aria-hidden="true" />
          <span role="status" className="voice-words">
            {t(`voice.phase.${voice.phase}`)}
          </span>
          {voice.repliesPlayed > 0 && (
            <span className="voice-count">{t('voice.played', { count: voice.repliesPlayed })}</span>
          )}
          {voice.phase === 'listening' && (
            <button type="button" className="button" onClick={sendQuestionNow}>
              {t('voice.sendNow')}
            </button>
          )}
          <span className="voice-hint">{t('voice.escHint')}</span>
          <button type="button" className="button stop" onClick={stopVoiceMode}>
            {t('voice.stop')}
          </button>
        </div>
      )}
      {voice.problem && <ProblemWords problem={voice.problem} />}
    </section>
  );
}
