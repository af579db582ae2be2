// Managing saved prompts: the list (shipped and own alike can be edited or deleted), and a form for one (name and text).
import { useEffect, useRef, useState } from 'react';
import {
  PROMPT_NAME_MAX,
  PROMPT_TEXT_MAX,
  promptVariables,
  type Prompt,
} from '../../../shared/prompts';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { ListEditorDialog, useItemDelete } from '../common/ListEditorDialog';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './prompt-forms.css';

interface FormState {
  id?: string;
  name: string;
  text: string;
}

function PromptForm({ initial, onDone }: { initial: FormState; onDone: () => void }) {
  const t = useT();
  const savePrompt = useAppStore((s) => s.savePrompt);
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<UserError | null>(null);
  const valid = form.name.trim() !== '' && form.text.trim() !== '';

  async function save() {
    if (!valid) return;
    const saved = await savePrompt({
      ...(form.id ? { id: form.id } : {}),
      name: form.name.trim(),
      text: form.text,
    });
    if ('code' in saved) setError(saved);
    else onDone();
  }

  return (
    <form
      className="prompt-form"
      aria-label={t('prompts.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label={t('prompts.name')}>
        {(id) => (
          <input
            id={id}
            className="input"
            value={form.name}
            autoFocus
            maxLength={PROMPT_NAME_MAX}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        )}
      </Field>
      <Field
        label={t('prompts.text')}
        hint={t('prompts.textHint', { example: `{{${t('prompts.exampleName')}}}` })}
      >
        {(id) => (
          <textarea
            id={id}
            className="input"
            rows={6}
            maxLength={PROMPT_TEXT_MAX}
            value={form.text}
            onChange={(event) => setForm({ ...form, text: event.target.value })}
          />
        )}
      </Field>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <div className="confirm-actions">
        <button type="submit" className="button primary" disabled={!valid}>
          {t('common.save')}
        </button>
        <button type="button" className="button ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function PromptItem({
  prompt,
  onEdit,
  onDeleted,
}: {
  prompt: Prompt;
  onEdit: () => void;
  /** Its controls are gone with it: focus goes back to the dialog. */
  onDeleted: () => void;
}) {
  const t = useT();
  const deletePrompt = useAppStore((s) => s.deletePrompt);
  const deletion = useItemDelete({
    message: t('prompts.deleteConfirm', { name: prompt.name }),
    remove: () => deletePrompt(prompt.id),
    onDeleted,
  });
  const variables = promptVariables(prompt.text);
  return (
    <li className="prompt-item">
      <div className="prompt-item-head">
        <strong>{prompt.name}</strong>
        {prompt.shipped && <span className="prompt-badge">{t('prompts.shipped')}</span>}
      </div>
      <p className="prompt-item-text">{prompt.text.trim()}</p>
      {variables.length > 0 && (
        <p className="hint">
          {t('prompts.asks', { names: variables.map((v) => v.label).join(', ') })}
        </p>
      )}
      <div
        className="prompt-item-actions"
        role="group"
        aria-label={t('prompts.actions', { name: prompt.name })}
      >
        <button type="button" className="button small" onClick={onEdit}>
          {t('prompts.edit')}
        </button>
        {deletion.button}
      </div>
      {deletion.question}
    </li>
  );
}

export function PromptManager({ onClose }: { onClose: () => void }) {
  const t = useT();
  const prompts = useAppStore((s) => s.prompts);
  const error = useAppStore((s) => s.promptsError);
  const loadPrompts = useAppStore((s) => s.loadPrompts);
  const [editing, setEditing] = useState<FormState | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void loadPrompts();
  }, [loadPrompts]);

  return (
    <ListEditorDialog
      title={t('prompts.manager')}
      newLabel={t('prompts.new')}
      onNew={() => setEditing({ name: '', text: '' })}
      editing={editing !== null}
      onLeaveForm={() => setEditing(null)}
      onClose={onClose}
      className="prompt-manager"
      panelRef={panel}
    >
      <p className="hint">{t('prompts.managerHint')}</p>
      {error && <ErrorNotice error={error} />}
      {editing ? (
        <PromptForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} />
      ) : prompts === null ? (
        <p className="hint">{t('prompts.loading')}</p>
      ) : prompts.length === 0 ? (
        <p className="hint">{t('prompts.empty')}</p>
      ) : (
        <ul className="prompt-list">
          {prompts.map((p) => (
            <PromptItem
              key={p.id}
              prompt={p}
              onEdit={() => setEditing({ id: p.id, name: p.name, text: p.text })}
              onDeleted={() => panel.current?.focus()}
            />
          ))}
        </ul>
      )}
    </ListEditorDialog>
  );
}
