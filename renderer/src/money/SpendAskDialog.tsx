// The question before a paid action: every reason in words with its figures, and the person's Go on or Don't.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { SpendFeature } from '../../../shared/spending';
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
  const dialog = useRef<HTMLDivElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // "Don't" first: an Enter still held from the click that asked must not spend.
    stopButton.current?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      answer(false);
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = dialog.current?.querySelectorAll<HTMLElement>('button');
    if (!focusable || focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) last.focus();
    else if (!event.shiftKey && document.activeElement === last) first.focus();
    else return;
    event.preventDefault();
  }

  const danger = ask.questions.some(
    (q) => q.kind === 'status_red' || q.kind === 'no_balance' || q.kind === 'above_balance',
  );
  return (
    <div className="spend-ask-backdrop">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className={danger ? 'spend-ask danger' : 'spend-ask'}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{t(TITLE[ask.feature])}</h2>
        <div id={textId}>
          <ul className="spend-ask-reasons">
            {ask.questions.map((q) => (
              <li key={q.kind}>{questionWords(t, language, q)}</li>
            ))}
          </ul>
          <p className="hint">{t('spending.ask.nothingSent')}</p>
        </div>
        <div className="spend-ask-actions">
          <button ref={stopButton} type="button" className="button" onClick={() => answer(false)}>
            {t('spending.ask.stop')}
          </button>
          <button type="button" className="button primary" onClick={() => answer(true)}>
            {t('spending.ask.go')}
          </button>
        </div>
      </div>
    </div>
  );
}
