// Settings, section "Appearance": the app's language and theme.
import type { ReactNode } from 'react';
import type { SettingsPatch } from '../../../shared/channels';
import type { Language, Theme } from '../../../shared/types';
import { Field } from '../common/Field';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

interface AppearanceCardProps {
  /** Saves the change, saying so (or what went wrong) in `status`. */
  save(patch: SettingsPatch): void;
  /** The section's notice and error, shared with the other sections. */
  status: ReactNode;
}

export function AppearanceCard({ save, status }: AppearanceCardProps) {
  const t = useT();
  const settings = useAppStore((s) => s.settings);
  return (
    <div className="settings-form">
      <section className="card">
        <h2>{t('settings.appearance')}</h2>
        <div className="field-row">
          <Field label={t('settings.language')}>
            {(id) => (
              <select
                id={id}
                className="input"
                value={settings?.language ?? 'en'}
                onChange={(event) => save({ language: event.target.value as Language })}
              >
                <option value="en">{t('settings.language.en')}</option>
                <option value="ru">{t('settings.language.ru')}</option>
              </select>
            )}
          </Field>
          <Field label={t('settings.theme')}>
            {(id) => (
              <select
                id={id}
                className="input"
                value={settings?.theme ?? 'system'}
                onChange={(event) => save({ theme: event.target.value as Theme })}
              >
                <option value="light">{t('settings.theme.light')}</option>
                <option value="dark">{t('settings.theme.dark')}</option>
                <option value="system">{t('settings.theme.system')}</option>
              </select>
            )}
          </Field>
        </div>
        <p className="hint">{t('settings.appearanceHint')}</p>
        <p className="hint">{t('shortcuts.hint')}</p>
        {status}
      </section>
    </div>
  );
}
