// The Model field of a task's form: the one picker with the task's kinds first, under its visible label.
import type { ModelTask } from '../../../shared/model-defaults';
import { useT } from '../i18n/use-t';
import { ModelPicker } from '../models/ModelPicker';
import { Field } from './Field';

interface KindModelSelectProps {
  value: string;
  task: ModelTask;
  onChange(id: string): void;
  /** Said after the chosen model's facts (e.g. what it takes). */
  hint?: string;
  /** The field's name; "Model" unless the place needs another. */
  label?: string;
}

export function KindModelSelect({ value, task, onChange, hint, label }: KindModelSelectProps) {
  const t = useT();
  const name = label ?? t('models.label');
  return (
    <Field label={name}>
      {(id) => (
        <ModelPicker
          selectId={id}
          label={name}
          value={value}
          task={task}
          onChange={onChange}
          hint={hint}
        />
      )}
    </Field>
  );
}
