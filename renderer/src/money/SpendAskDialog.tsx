// The question before a paid action: every reason in words with its figures, and the person's Go on or Don't.
import { useId, useRef } from 'react';
import type { SpendFeature } from '../../../shared/spending';
import { ModalDialog } from '../common/ModalDialog';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { questionWords } from './spend-words';
import './spending-ask.css';

const TITLE = {
  chat: 'spending.ask.chat',
  titles: 'spending.ask.titles',
  images: 'spending.ask.images',
  speech: 'spending.ask.speech',
  music: 'spending.ask.music',
  transcription: 'spending.ask.transcription',
  video: 'spending.ask.video',
  documents: 'spending.ask.documents',
  decisions: 'spending.ask.decisions',
  embeddings: 'spending.ask.embeddings',
} as const satisfies Record<SpendFeature, string>;

export function SpendAskDialog() {
  const ask = useAppStore((s) => s.spendAsk);
  return ask ? <SpendAsk key={ask.questions.map((q) => q.kind).join()} /> : null;
}

function SpendAsk() {
  const t = useT();
  const language = useLanguage();
  const ask = useAppStore((s) => s.spendAsk)!;
  const answer = useAppStore((s) => s.answerSpendAsk);
  const stopButton = useRef<HTMLButtonElement>(null);
  const textId = useId();

  const danger = ask.questions.some(
    (q) => q.kind === 'status_red' || q.kind === 'no_balance' || q.kind === 'above_balance',
  );
  return (
    // "Don't" first: an Enter still held from the click that asked must not spend.
    <ModalDialog
      role="alertdialog"
      title={t(TITLE[ask.feature])}
      describedBy={textId}
      onClose={() => answer(false)}
      backdropCloses={false}
      initialFocus={stopButton}
      raised
      className={danger ? 'spend-ask danger' : 'spend-ask'}
    >
      <div id={textId}>
        <ul className="spend-ask-reasons">
          {ask.questions.map((q) => (
            <li key={q.kind}>{questionWords(t, language, q)}</li>
          ))}
        </ul>
        <p className="hint">{t('spending.ask.nothingSent')}</p>
      </div>
      <div className="modal-actions">
        <button ref={stopButton} type="button" className="button" onClick={() => answer(false)}>
          {t('spending.ask.stop')}
        </button>
        <button type="button" className="button primary" onClick={() => answer(true)}>
          {t('spending.ask.go')}
        </button>
      </div>
    </ModalDialog>
  );
}
