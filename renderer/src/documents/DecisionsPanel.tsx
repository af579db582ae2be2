// Decisions about the document's text: named yes/no, choice and score questions in any mix, and their answers.
import { useMemo, useState } from 'react';
import {
  decisionQuestionNames,
  defaultQuestionName,
  repeatedQuestionName,
  type DecisionQuestionInput,
  type DecisionType,
} from '../../../shared/documents';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { DecisionRunAnswers } from './DecisionAnswers';
import { Field } from '../common/Field';
import { ModelPicker } from '../models/ModelPicker';
import { looksLikeDecisionModel } from '../models/model-groups';
import { defaultModelFor } from '../../../shared/model-defaults';

interface QuestionDraft {
  key: number;
  /** Its name in the request; '' goes as q1, q2 … by place. */
  name: string;
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
    name: '',
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
  const named = q.name.trim() === '' ? {} : { name: q.name.trim() };
  if (q.type === 'score')
    return {
      ...named,
      type: 'score',
      instructions: q.instructions,
      options: q.scale
        .split(',')
        .map((label) => label.trim())
        .filter((label) => label !== '')
        .map((label) => ({ label, description: '' })),
    };
  return { ...named, type: q.type, instructions: q.instructions, options: q.options };
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
      <Field
        label={t('decisions.name')}
        hint={t('decisions.nameHint', { name: defaultQuestionName(number) })}
      >
        {(id) => (
          <input
            id={id}
            className="input"
            value={question.name}
            placeholder={defaultQuestionName(number)}
            onChange={(event) => onChange({ ...question, name: event.target.value })}
          />
        )}
      </Field>
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
                  name: question.name,
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
  const repeated = repeatedQuestionName(decisionQuestionNames(questions));
  const ready =
    model !== '' &&
    repeated === null &&
    text.trim() !== '' &&
    questions.every((q) => q.instructions.trim() !== '');

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
      {model === '' && <p className="hint warning">{t('decisions.chooseModel')}</p>}
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
      {repeated !== null && (
        <p className="hint warning" role="alert">
          {t('decisions.nameRepeated', { name: repeated })}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {runs.map((run) => (
        <DecisionRunAnswers key={run.id} run={run} />
      ))}
    </section>
  );
}
