// A JSON answer: the JSON pretty-printed (monospace, scrollable when big), what core's check found
// in words, and a Copy button for the JSON itself.
import { useMemo } from 'react';
import { unfenceJson } from '../../../shared/answer-format';
import type { ChatMessage } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { CopyButton } from '../common/CopyButton';
import './answer-format.css';

/** The answer's JSON formatted, or null when it does not parse (then the text is shown as written). */
function formatted(content: string): string | null {
  try {
    return JSON.stringify(JSON.parse(unfenceJson(content).json), null, 2);
  } catch {
    return null;
  }
}

export function JsonAnswer({ message }: { message: ChatMessage }) {
  const t = useT();
  const check = message.jsonCheck;
  const json = useMemo(() => formatted(message.content), [message.content]);
  if (!check) return null;
  const shown = json ?? message.content;

  let verdict: string;
  let good: boolean;
  if (!check.parsed) {
    verdict = t('format.notValidJson');
    good = false;
  } else if (check.valid === true) {
    verdict = t('format.matches');
    good = true;
  } else if (check.valid === false) {
    verdict = t('format.mismatch', { problems: check.problems.join('; ') });
    good = false;
  } else {
    verdict = t('format.validJson');
    good = true;
  }
  // The model's drift is worth a word only when it showed (a fence, or JSON that did not hold).
  const drifted = check.fenced === true || !check.parsed || check.valid === false;

  return (
    <section className="json-answer" aria-label={t('format.jsonAnswer')}>
      <pre className="json-answer-code" tabIndex={0}>
        <code>{shown}</code>
      </pre>
      <p className="json-answer-check">
        <span className={`json-answer-verdict ${good ? 'ok' : 'bad'}`} role="status">
          {verdict}
        </span>
        {json !== null && <CopyButton text={json} label={t('format.copyJson')} />}
      </p>
      {!check.parsed && check.problems.length > 0 && (
        <p className="json-answer-note">{check.problems.join(' ')}</p>
      )}
      {check.fenced && <p className="json-answer-note">{t('format.fenced')}</p>}
      {drifted && check.withoutBadge && (
        <p className="json-answer-note">{t('format.withoutBadge')}</p>
      )}
    </section>
  );
}
