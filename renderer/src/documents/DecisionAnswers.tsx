// The answers of a decisions run: each question by its name, as probability bars with confidence.
import type { DecisionOutcome, DecisionRun } from '../../../shared/documents';
import { defaultQuestionName } from '../../../shared/documents';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { localeOf } from '../i18n/translate';

function percent(p: number): number {
  return Math.round(p * 100);
}

function Bars({ rows, chosen }: { rows: Array<[string, number]>; chosen?: string }) {
  return (
    <ul className="decision-bars">
      {rows.map(([label, p]) => (
        <li key={label} className={label === chosen ? 'chosen' : undefined}>
          <span className="bar-label">{label}</span>
          <span
            className="bar"
            role="meter"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent(p)}
          >
            <span className="bar-fill" style={{ width: `${percent(p)}%` }} />
          </span>
          <span className="bar-value">{percent(p)}%</span>
        </li>
      ))}
    </ul>
  );
}

function Outcome({ outcome, place }: { outcome: DecisionOutcome; place: number }) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const rows = Object.entries(outcome.probabilities);
  return (
    <li className="decision-outcome">
      <p className="decision-question">
        {/* Runs kept before questions had names sent them as q1, q2 … by place. */}
        <span className="decision-name">{outcome.name ?? defaultQuestionName(place)}</span>{' '}
        {outcome.question.instructions}
      </p>
      {outcome.type === 'noul' && typeof outcome.value === 'number' && (
        <>
          <p className="decision-answer">
            {t('decisions.chosen', {
              value: outcome.value >= 0.5 ? t('decisions.yes') : t('decisions.no'),
            })}
          </p>
          <Bars
            rows={[
              [t('decisions.yes'), outcome.value],
              [t('decisions.no'), 1 - outcome.value],
            ]}
            chosen={outcome.value >= 0.5 ? t('decisions.yes') : t('decisions.no')}
          />
        </>
      )}
      {outcome.type === 'choice' && (
        <>
          <p className="decision-answer">
            {t('decisions.chosen', { value: String(outcome.value) })}
          </p>
          <Bars rows={rows} chosen={String(outcome.value)} />
        </>
      )}
      {outcome.type === 'score' && typeof outcome.value === 'number' && (
        <>
          <p className="decision-answer">
            {t('decisions.score', {
              value: outcome.value.toLocaleString(locale, { maximumFractionDigits: 2 }),
            })}
          </p>
          <Bars rows={rows} />
        </>
      )}
      {outcome.confidence !== null && (
        <p className="hint">
          {t('decisions.confidence', { percent: percent(outcome.confidence) })}
        </p>
      )}
    </li>
  );
}

export function DecisionRunAnswers({ run }: { run: DecisionRun }) {
  const t = useT();
  const money = useMoney();
  const locale = localeOf(useLanguage());
  return (
    <section className="decision-run" aria-label={t('decisions.answers')}>
      <p className="hint">
        {t('decisions.runAt', {
          model: run.model,
          time: new Date(run.createdAt).toLocaleString(locale),
        })}
        {run.cost !== null && ` · ${t('documents.cost', { cost: money(run.cost) })}`}
      </p>
      <ul className="stack decision-outcomes">
        {run.outcomes.map((outcome, i) => (
          <Outcome key={i} outcome={outcome} place={i + 1} />
        ))}
      </ul>
    </section>
  );
}
