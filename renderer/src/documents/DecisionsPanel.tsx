// Decisions about the document's text: yes/no, choice and score questions in any mix; answers as probability bars with confidence.
import { useMemo, useState } from 'react';
import type {
  DecisionOutcome,
  DecisionQuestionInput,
  DecisionRun,
  DecisionType,
} from '../../../shared/documents';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { localeOf } from '../i18n/translate';
import { useAppStore } from '../store';
import { Field } from '../common/Field';
import { ModelPicker } from '../models/ModelPicker';
import { looksLikeDecisionModel } from '../models/model-groups';
import { defaultModelFor } from '../../../shared/model-defaults';

interface QuestionDraft {
  key: number;
  type: DecisionType;
  instructions: string;
  /** noul: [true, false] descriptions; choice: options. */
  options: { label: string; description: string }[];
  /** score: comma-separated labels. */
  scale: string;
}

let nextKey = 1;

function newQuestion(type: DecisionType = 'noul'): QuestionDraft {
  return {
    key: nextKey++,
    type,
    instructions: '',
    options:
      type === 'choice'
        ? [
            { label: '', description: '' },
            { label: '', description: '' },
          ]
        : [
            { label: 'true', description: '' },
            { label: 'false', description: '' },
          ],
    scale: 'low, medium, high',
  };
}

function toInput(q: QuestionDraft): DecisionQuestionInput {
  if (q.type === 'score')
    return {
      type: 'score',
      instructions: q.instructions,
      options: q.scale
        .split(',')
        .map((label) => label.trim())
        .filter((label) => label !== '')
        .map((label) => ({ label, description: '' })),
    };
  return { type: q.type, instructions: q.instructions, options: q.options };
}

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

function Outcome({ outcome }: { outcome: DecisionOutcome }) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const rows = Object.entries(outcome.probabilities);
  return (
    <li className="decision-outcome">
      <p className="decision-question">{outcome.question.instructions}</p>
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

function Run({ run }: { run: DecisionRun }) {
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
          <Outcome key={i} outcome={outcome} />
        ))}
      </ul>
    </section>
  );
}

function QuestionEditor({
  question,
  number,
  onChange,
  onRemove,
}: {
  question: QuestionDraft;
  number: number;
  onChange(next: QuestionDraft): void;
  onRemove?: () => void;
}) {
  const t = useT();
  const setOption = (index: number, patch: Partial<QuestionDraft['options'][number]>) =>
    onChange({
      ...question,
      options: question.options.map((o, i) => (i === index ? { ...o, ...patch } : o)),
    });
  return (
    <fieldset className="decision-question-editor">
      <legend>{t('decisions.question', { number })}</legend>
      <div className="field-row">
        <Field label={t('decisions.type')}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={question.type}
              onChange={(event) => {
                const type = event.target.value as DecisionType;
                onChange({
                  ...newQuestion(type),
                  key: question.key,
                  instructions: question.instructions,
                });
              }}
            >
              <option value="noul">{t('decisions.type.noul')}</option>
              <option value="choice">{t('decisions.type.choice')}</option>
              <option value="score">{t('decisions.type.score')}</option>
            </select>
          )}
        </Field>
        <Field label={t('decisions.instructions')} className="grow">
          {(id) => (
            <input
              id={id}
              className="input"
              value={question.instructions}
              onChange={(event) => onChange({ ...question, instructions: event.target.value })}
            />
          )}
        </Field>
      </div>
      {question.type === 'noul' && (
        <div className="field-row">
          <input
            className="input"
            aria-label={t('decisions.trueMeans')}
            placeholder={t('decisions.trueMeans')}
            value={question.options[0]?.description ?? ''}
            onChange={(event) => setOption(0, { description: event.target.value })}
          />
          <input
            className="input"
            aria-label={t('decisions.falseMeans')}
            placeholder={t('decisions.falseMeans')}
            value={question.options[1]?.description ?? ''}
            onChange={(event) => setOption(1, { description: event.target.value })}
          />
        </div>
      )}
      {question.type === 'choice' && (
        <>
          {question.options.map((option, i) => (
            <div key={i} className="field-row">
              <input
                className="input"
                aria-label={t('decisions.optionLabel', { number: i + 1 })}
                placeholder={t('decisions.optionLabel', { number: i + 1 })}
                value={option.label}
                onChange={(event) => setOption(i, { label: event.target.value })}
              />
              <input
                className="input grow"
                aria-label={t('decisions.optionDescription', { number: i + 1 })}
                placeholder={t('decisions.optionDescription', { number: i + 1 })}
                value={option.description}
                onChange={(event) => setOption(i, { description: event.target.value })}
              />
            </div>
          ))}
          <button
            type="button"
            className="text-button"
            onClick={() =>
              onChange({
                ...question,
                options: [...question.options, { label: '', description: '' }],
              })
            }
          >
            {t('decisions.addOption')}
          </button>
        </>
      )}
      {question.type === 'score' && (
        <Field label={t('decisions.scale')}>
          {(id) => (
            <input
              id={id}
              className="input"
              value={question.scale}
              onChange={(event) => onChange({ ...question, scale: event.target.value })}
            />
          )}
        </Field>
      )}
      {onRemove && (
        <button type="button" className="text-button" onClick={onRemove}>
          {t('decisions.removeQuestion', { number })}
        </button>
      )}
    </fieldset>
  );
}

export function DecisionsPanel({ text }: { text: string }) {
  const t = useT();
  const models = useAppStore((s) => s.models);
  const record = useAppStore((s) => s.openDocument);
  const decide = useAppStore((s) => s.decide);
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => [newQuestion()]);
  // No invented default: the list's decision model, if it has one.
  const [chosen, setModel] = useState('');
  const prefer = useMemo(
    () => ({ label: t('models.likelyDecision'), test: looksLikeDecisionModel }),
    [t],
  );
  const model = chosen || defaultModelFor('decisions', models);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
  const ready =
    model !== '' && text.trim() !== '' && questions.every((q) => q.instructions.trim() !== '');

  async function ask() {
    setBusy(true);
    setError(null);
    const failure = await decide({ text, model, questions: questions.map(toInput) });
    setBusy(false);
    setError(failure);
  }

  const runs = [...(record?.decisions ?? [])].reverse();
  return (
    <section className="card decisions">
      <h2>{t('decisions.title')}</h2>
      <p className="hint">{t('decisions.hint')}</p>
      <Field label={t('decisions.model')}>
        {(id) => (
          <ModelPicker
            selectId={id}
            label={t('decisions.model')}
            value={model}
            onChange={setModel}
            showDetails={false}
            prefer={prefer}
            task="decisions"
          />
        )}
      </Field>
      {questions.map((q, i) => (
        <QuestionEditor
          key={q.key}
          question={q}
          number={i + 1}
          onChange={(next) => setQuestions(questions.map((x) => (x.key === q.key ? next : x)))}
          onRemove={
            questions.length > 1
              ? () => setQuestions(questions.filter((x) => x.key !== q.key))
              : undefined
          }
        />
      ))}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => setQuestions([...questions, newQuestion()])}
        >
          {t('decisions.add')}
        </button>
      </div>
      {/* The question's own action stands alone: one button style per row. */}
      <div className="form-actions">
        <button
          type="button"
          className="button primary"
          disabled={!ready || busy}
          onClick={() => void ask()}
        >
          {busy ? t('decisions.asking') : t('decisions.ask')}
        </button>
        {text.trim() === '' && <span className="hint">{t('decisions.needText')}</span>}
      </div>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {runs.map((run) => (
        <Run key={run.id} run={run} />
      ))}
    </section>
  );
}
