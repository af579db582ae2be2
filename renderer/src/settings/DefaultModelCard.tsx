// Settings, section "Default model": the model new chats start with, or the service's default.
import type { ReactNode } from 'react';
import type { SettingsPatch } from '../../../shared/channels';
import { ModelPicker } from '../models/ModelPicker';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { chatDefaultOf } from '../store/models-slice';

interface DefaultModelCardProps {
  /** Saves the change, saying so (or what went wrong) in `status`. */
  save(patch: SettingsPatch): void;
  /** The section's notice and error, shared with the other sections. */
  status: ReactNode;
}

export function DefaultModelCard({ save, status }: DefaultModelCardProps) {
  const t = useT();
  const settings = useAppStore((s) => s.settings);
  // With no model chosen, what a new chat takes: the live list's default, by name.
  const automaticModel = useAppStore((s) => {
    const id = chatDefaultOf(s);
    return id ? (s.models.find((m) => m.id === id)?.name ?? id) : '';
  });
  return (
    <div className="settings-form">
      <section className="card">
        <h2>{t('settings.section.models')}</h2>
        <div className="field">
          <span className="label">{t('settings.defaultModel')}</span>
          <ModelPicker
            label={t('settings.defaultModel')}
            value={settings?.defaultModel ?? ''}
            onChange={(defaultModel) => save({ defaultModel })}
          />
          <p className="hint">{t('settings.defaultModelHint')}</p>
          {settings?.defaultModel ? (
            <button
              type="button"
              className="text-button"
              onClick={() => save({ defaultModel: '' })}
            >
              {t('settings.defaultModelAutomatic')}
            </button>
          ) : (
            <p className="hint" role="status">
              {automaticModel
                ? t('settings.defaultModelAutomaticNow', { model: automaticModel })
                : t('settings.defaultModelAutomaticNone')}
            </p>
          )}
        </div>
        {status}
      </section>
    </div>
  );
}
