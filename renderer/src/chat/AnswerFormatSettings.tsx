// "Answer format" in the conversation settings: free text, JSON, or JSON with a schema (an editor
// with templates; the schema is checked as JSON here and as a JSON Schema by core before it is saved).
import { useState } from 'react';
import {
  ANSWER_SCHEMA_MAX_CHARS,
  ANSWER_SCHEMA_NAME,
  SCHEMA_TEMPLATES,
} from '../../../shared/answer-format';
import type { AnswerFormat } from '../../../shared/tools';
import type { Conversation, UserError } from '../../../shared/types';
import { useAppStore } from '../store';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import './answer-format.css';

type Choice = AnswerFormat['type'];

const pretty = (schema: unknown) => JSON.stringify(schema, null, 2);

export function AnswerFormatSettings({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const language = useLanguage();
  const updateConversation = useAppStore((s) => s.updateConversation);
  const current = conversation.answerFormat ?? { type: 'text' as const };
  const [choice, setChoice] = useState<Choice>(current.type);
  const [name, setName] = useState(current.type === 'json_schema' ? current.name : 'answer');
  const [schemaText, setSchemaText] = useState(
    current.type === 'json_schema' ? pretty(current.schema) : '',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const [justSaved, setJustSaved] = useState(false);

  const savedSchema = current.type === 'json_schema' ? current : null;
  const unsaved =
    choice === 'json_schema' &&
    (savedSchema === null ||
      savedSchema.name !== name ||
      pretty(savedSchema.schema) !== schemaText);

  async function save(answerFormat: AnswerFormat): Promise<boolean> {
    const failure = await updateConversation(conversation.id, { answerFormat });
    setError(failure);
    return failure === null;
  }

  function choose(next: Choice) {
    setChoice(next);
    setProblem(null);
    setJustSaved(false);
    // Free text and JSON take effect at once; a schema waits for "Save schema".
    if (next !== 'json_schema' && next !== current.type) void save({ type: next });
  }

  function applyTemplate(id: string) {
    const template = SCHEMA_TEMPLATES.find((item) => item.id === id);
    if (!template) return;
    setName(template.name);
    setSchemaText(pretty(template.schema));
    setProblem(null);
    setJustSaved(false);
  }

  async function saveSchema() {
    setJustSaved(false);
    if (!ANSWER_SCHEMA_NAME.test(name)) return setProblem(t('format.badName'));
    let schema: unknown;
    try {
      schema = JSON.parse(schemaText);
    } catch (e) {
      return setProblem(t('format.notJson', { reason: e instanceof Error ? e.message : '' }));
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
      return setProblem(t('format.notObject'));
    if (JSON.stringify(schema).length > ANSWER_SCHEMA_MAX_CHARS)
      return setProblem(
        t('format.tooLong', {
          max: countWords(language, 'units.characters', ANSWER_SCHEMA_MAX_CHARS),
        }),
      );
    setProblem(null);
    // Core compiles it as a JSON Schema and refuses it, in words, when it is not one.
    const saved = await save({
      type: 'json_schema',
      name,
      schema: schema as Record<string, unknown>,
    });
    if (saved) {
      setSchemaText(pretty(schema));
      setJustSaved(true);
    }
  }

  return (
    <div className="answer-format">
      <Field
        label={t('format.answerFormat')}
        hint={choice === 'json' ? t('format.jsonHint') : undefined}
      >
        {(id) => (
          <select
            id={id}
            className="input"
            value={choice}
            onChange={(event) => choose(event.target.value as Choice)}
          >
            <option value="text">{t('format.text')}</option>
            <option value="json">{t('format.json')}</option>
            <option value="json_schema">{t('format.jsonSchema')}</option>
          </select>
        )}
      </Field>
      {choice === 'json_schema' && (
        <div className="answer-schema">
          <div className="answer-schema-templates" role="group" aria-label={t('format.templates')}>
            <span className="hint">{t('format.templates')}:</span>
            {SCHEMA_TEMPLATES.map((template) => (
              <button
                key={template.id}
                type="button"
                className="button"
                onClick={() => applyTemplate(template.id)}
              >
                {t(`format.template.${template.id}`)}
              </button>
            ))}
          </div>
          <Field label={t('format.schemaName')} hint={t('format.schemaNameHint')}>
            {(id) => (
              <input
                id={id}
                className="input"
                value={name}
                maxLength={64}
                spellCheck={false}
                onChange={(event) => {
                  setName(event.target.value);
                  setJustSaved(false);
                }}
              />
            )}
          </Field>
          <Field
            label={t('format.schema')}
            hint={problem ?? t('format.schemaHint')}
            warning={problem !== null}
          >
            {(id) => (
              <textarea
                id={id}
                className="input answer-schema-editor"
                rows={9}
                spellCheck={false}
                value={schemaText}
                placeholder='{ "type": "object", "properties": { … } }'
                onChange={(event) => {
                  setSchemaText(event.target.value);
                  setJustSaved(false);
                }}
              />
            )}
          </Field>
          <div className="answer-schema-actions">
            <button
              type="button"
              className="button primary"
              disabled={schemaText.trim() === '' || !unsaved}
              onClick={() => void saveSchema()}
            >
              {t('format.saveSchema')}
            </button>
            {justSaved && !unsaved && (
              <span className="hint" role="status">
                {t('format.schemaSaved')}
              </span>
            )}
            {unsaved && schemaText.trim() !== '' && (
              <span className="hint">{t('format.schemaUnsaved')}</span>
            )}
          </div>
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
