// Settings: how many rounds of tool calls one answer may take (toolRoundLimit).
import { useEffect, useState } from 'react';
import type { UserError } from '../../../shared/types';
import { DEFAULT_TOOL_ROUND_LIMIT, TOOL_ROUND_LIMIT } from '../../../shared/tools';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function ToolSettingsCard() {
  const t = useT();
  const saved = useAppStore((s) => s.settings?.toolRoundLimit ?? DEFAULT_TOOL_ROUND_LIMIT);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [value, setValue] = useState(String(saved));
  const [error, setError] = useState<UserError | null>(null);

  useEffect(() => setValue(String(saved)), [saved]);

  function commit() {
    const n = Number(value);
    if (!Number.isInteger(n) || n < TOOL_ROUND_LIMIT.min || n > TOOL_ROUND_LIMIT.max) {
      setValue(String(saved));
      return;
    }
    if (n !== saved) void updateSettings({ toolRoundLimit: n }).then(setError);
  }

  return (
    <section className="card" aria-label={t('tools.settingsTitle')}>
      <h2>{t('tools.settingsTitle')}</h2>
      <Field
        label={t('tools.roundLimit')}
        hint={t('tools.roundLimitHint', { min: TOOL_ROUND_LIMIT.min, max: TOOL_ROUND_LIMIT.max })}
      >
        {(id) => (
          <input
            id={id}
            className="input"
            type="number"
            inputMode="numeric"
            min={TOOL_ROUND_LIMIT.min}
            max={TOOL_ROUND_LIMIT.max}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
          />
        )}
      </Field>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
