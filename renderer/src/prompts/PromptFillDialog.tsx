// The small form a prompt with {{variables}} opens: one field per variable, the first focused, Enter fills the text in.
import { useRef, useState } from 'react';
import { fillPrompt, promptVariables, type Prompt } from '../../../shared/prompts';
import { Field } from '../common/Field';
import { ModalDialog } from '../common/ModalDialog';
import { useT } from '../i18n/use-t';
import './prompt-forms.css';

export function PromptFillDialog({
  prompt,
  onFill,
  onCancel,
}: {
  prompt: Prompt;
  /** The prompt's text with the values in. */
  onFill: (text: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const variables = promptVariables(prompt.text);
  const [values, setValues] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      title={t('prompts.fillTitle', { name: prompt.name })}
      onClose={onCancel}
      initialFocus={first}
      className="prompt-fill-dialog"
    >
      <form
        className="prompt-fill"
        onSubmit={(event) => {
          event.preventDefault();
          onFill(fillPrompt(prompt.text, values));
        }}
      >
        {variables.map((variable, index) => (
          <Field key={variable.key} label={variable.label}>
            {(id) => (
              <input
                id={id}
                ref={index === 0 ? first : undefined}
                className="input"
                value={values[variable.key] ?? ''}
                onChange={(event) => setValues({ ...values, [variable.key]: event.target.value })}
              />
            )}
          </Field>
        ))}
        <p className="hint">{t('prompts.fillHint')}</p>
        <div className="confirm-actions">
          <button type="submit" className="button primary">
            {t('prompts.insert')}
          </button>
          <button type="button" className="button ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
