// Managing assistants: the list (built-ins can be copied, the person's own edited or deleted), a form for one, and "Start chat".
import { useId, useState } from 'react';
import type { Assistant, UserError } from '../../../shared/types';
import { TEMPERATURE_RANGE } from '../../../shared/models';
import { ErrorNotice } from '../common/ErrorNotice';
import { ListEditorDialog, useItemDelete } from '../common/ListEditorDialog';
import { Field } from '../common/Field';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import type { AssistantDraft } from '../store/organise-slice';
import './organise.css';

interface FormState {
  id?: string;
  name: string;
  systemPrompt: string;
  model: string;
  temperature: string;
  maxTokens: string;
}

function formOf(a: Assistant | null, copyName?: string): FormState {
  return {
    id: a && !a.builtIn && copyName === undefined ? a.id : undefined,
    name: copyName ?? a?.name ?? '',
    systemPrompt: a?.systemPrompt ?? '',
    model: a?.model ?? '',
    temperature: a?.temperature?.toString() ?? '',
    maxTokens: a?.maxTokens?.toString() ?? '',
  };
}

/** '' is null (the default); anything else must be a number in range. */
function parse(text: string, min: number, max: number, integer: boolean): number | null | 'bad' {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) return 'bad';
  return n;
}

function AssistantForm({
  initial,
  onDone,
}: {
  initial: FormState;
  onDone: (saved: Assistant | null) => void;
}) {
  const t = useT();
  const saveAssistant = useAppStore((s) => s.saveAssistant);
  const models = useAppStore((s) => s.models);
  const listId = useId();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<UserError | null>(null);
  const temperature = parse(form.temperature, TEMPERATURE_RANGE.min, TEMPERATURE_RANGE.max, false);
  const maxTokens = parse(form.maxTokens, 1, 1_000_000, true);
  const valid = form.name.trim() !== '' && temperature !== 'bad' && maxTokens !== 'bad';

  async function save() {
    if (temperature === 'bad' || maxTokens === 'bad' || form.name.trim() === '') return;
    const draft: AssistantDraft = {
      ...(form.id ? { id: form.id } : {}),
      name: form.name.trim(),
      systemPrompt: form.systemPrompt,
      model: form.model.trim(),
      temperature,
      maxTokens,
    };
    const saved = await saveAssistant(draft);
    if ('code' in saved) setError(saved);
    else onDone(saved);
  }

  return (
    <form
      className="assistant-form"
      aria-label={t('organise.assistantForm')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label={t('organise.assistantName')}>
        {(id) => (
          <input
            id={id}
            className="input"
            value={form.name}
            autoFocus
            maxLength={80}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('chat.systemPrompt')}>
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={5}
            placeholder={t('chat.systemPromptPlaceholder')}
            value={form.systemPrompt}
            onChange={(event) => setForm({ ...form, systemPrompt: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('organise.assistantModel')} hint={t('organise.assistantModelHint')}>
        {(id) => (
          <>
            <input
              id={id}
              className="input"
              list={listId}
              value={form.model}
              onChange={(event) => setForm({ ...form, model: event.target.value })}
            />
            <datalist id={listId}>
              {models
                .filter((m) => m.kind === 'chat' || m.kind === 'vision')
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
            </datalist>
          </>
        )}
      </Field>
      <div className="assistant-numbers">
        <Field
          label={t('chat.temperature')}
          hint={temperature === 'bad' ? t('chat.temperatureRange', TEMPERATURE_RANGE) : undefined}
          warning
        >
          {(id) => (
            <input
              id={id}
              className="input"
              inputMode="decimal"
              placeholder={t('chat.temperaturePlaceholder')}
              value={form.temperature}
              onChange={(event) => setForm({ ...form, temperature: event.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('chat.maxTokens')}
          hint={maxTokens === 'bad' ? t('organise.invalidNumber') : undefined}
          warning
        >
          {(id) => (
            <input
              id={id}
              className="input"
              inputMode="numeric"
              placeholder={t('chat.temperaturePlaceholder')}
              value={form.maxTokens}
              onChange={(event) => setForm({ ...form, maxTokens: event.target.value })}
            />
          )}
        </Field>
      </div>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <div className="confirm-actions">
        <button type="submit" className="button primary" disabled={!valid}>
          {t('common.save')}
        </button>
        <button type="button" className="button ghost" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function AssistantItem({
  assistant,
  onEdit,
  onCopy,
  onStart,
}: {
  assistant: Assistant;
  onEdit: () => void;
  onCopy: () => void;
  onStart: () => void;
}) {
  const t = useT();
  const deleteAssistant = useAppStore((s) => s.deleteAssistant);
  const deletion = useItemDelete({
    message: t('organise.deleteAssistantConfirm', { name: assistant.name }),
    remove: () => deleteAssistant(assistant.id),
  });
  return (
    <li className="assistant-item">
      <div className="assistant-item-head">
        <strong>{assistant.name}</strong>
        {assistant.builtIn && <span className="assistant-badge">{t('organise.builtIn')}</span>}
      </div>
      <p className="assistant-prompt">{assistant.systemPrompt}</p>
      <div
        className="assistant-item-actions"
        role="group"
        aria-label={t('organise.assistantActions', { name: assistant.name })}
      >
        <button type="button" className="button primary small" onClick={onStart}>
          {t('organise.startChat')}
        </button>
        {!assistant.builtIn && (
          <button type="button" className="button small" onClick={onEdit}>
            {t('organise.editAssistant')}
          </button>
        )}
        <button type="button" className="button small" onClick={onCopy}>
          {t('organise.copyAssistant')}
        </button>
        {!assistant.builtIn && deletion.button}
      </div>
      {deletion.question}
    </li>
  );
}

export function AssistantsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const assistants = useAppStore((s) => s.assistants);
  const startChatWith = useAppStore((s) => s.startChatWith);
  const [editing, setEditing] = useState<FormState | null>(null);
  const [error, setError] = useState<UserError | null>(null);

  return (
    <ListEditorDialog
      title={t('organise.assistants')}
      newLabel={t('organise.newAssistant')}
      onNew={() => setEditing(formOf(null))}
      editing={editing !== null}
      onLeaveForm={() => setEditing(null)}
      onClose={onClose}
      className="assistants-dialog"
    >
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {editing ? (
        <AssistantForm
          key={editing.id ?? editing.name}
          initial={editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <ul className="assistant-list">
          {assistants.map((a) => (
            <AssistantItem
              key={a.id}
              assistant={a}
              onEdit={() => setEditing(formOf(a))}
              onCopy={() => setEditing(formOf(a, t('organise.copyName', { name: a.name })))}
              onStart={() => {
                void startChatWith(a).then((failure) => {
                  if (failure) setError(failure);
                  else onClose();
                });
              }}
            />
          ))}
        </ul>
      )}
    </ListEditorDialog>
  );
}
