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
import { InlineConfirm } from '../common/InlineConfirm';
import { ModalDialog } from '../common/ModalDialog';
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
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
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
        <button type="button" className="button ghost small" onClick={() => setConfirming(true)}>
          {t('common.delete')}
        </button>
      </div>
      {confirming && (
        <InlineConfirm
          label={t('common.delete')}
          message={t('prompts.deleteConfirm', { name: prompt.name })}
          onConfirm={() => {
            setConfirming(false);
            void deletePrompt(prompt.id).then((failure) => {
              if (failure) setError(failure);
              else onDeleted();
            });
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </li>
  );
}

export function PromptManager({ onClose }: { onClose: () => void }) {
  const t = useT();
  const prompts = useAppStore((s) => s.prompts);
  const error = useAppStore((s) => s.promptsError);
  const loadPrompts = useAppStore((s) => s.loadPrompts);
  const [editing, setEditing] = useState<FormState | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  // The form's controls go with it: focus comes back to New prompt.
  useEffect(() => {
    if (wasEditing.current && !editing) newButton.current?.focus();
    wasEditing.current = editing !== null;
  }, [editing]);

  useEffect(() => {
    void loadPrompts();
  }, [loadPrompts]);

  return (
    <ModalDialog
      title={t('prompts.manager')}
      headActions={
        <>
          <button
            ref={newButton}
            type="button"
            className="button primary small"
            onClick={() => setEditing({ name: '', text: '' })}
          >
            {t('prompts.new')}
          </button>
          <button type="button" className="button ghost small" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
      onClose={onClose}
      initialFocus={newButton}
      panelRef={panel}
      onKeyDown={(event) => {
        // Escape leaves the form first, the dialog only from the list.
        if (event.key !== 'Escape' || !editing) return;
        event.preventDefault();
        event.stopPropagation();
        setEditing(null);
      }}
      className="prompt-manager"
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
    </ModalDialog>
  );
}
