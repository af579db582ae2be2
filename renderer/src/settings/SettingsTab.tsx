// Settings: service address, key (write-only), rate plan, default model, language, theme, demo service.
import { useEffect, useState, type FormEvent } from 'react';
import { CUSTOM_RATE } from '../../../shared/rate';
import type { Language, RatePlan, SettingsView, Theme, UserError } from '../../../shared/types';
import { useAppStore } from '../store';
import { useT } from '../i18n/use-t';
import { ModelPicker } from '../models/ModelPicker';
import { ErrorNotice } from '../common/ErrorNotice';
import { SdApiSettings } from '../images/SdApiSettings';
import type { MessageKey } from '../i18n/en';
import { translateDynamic } from '../i18n/translate';
import { SemanticSearchCard } from './SemanticSearchCard';
import { TitleSettingsCard } from './TitleSettingsCard';
import { DiagnosticsCard } from './DiagnosticsCard';
import { Field } from '../common/Field';
import './settings.css';

interface Draft {
  baseUrl: string;
  ratePlan: RatePlan;
  /** As typed in the field; read on Save. */
  customRate: string;
  defaultModel: string;
}

function draftOf(settings: SettingsView | null): Draft {
  return {
    baseUrl: settings?.baseUrl ?? '',
    ratePlan: settings?.ratePlan ?? 'standard',
    customRate: String(settings?.customRequestsPerSecond ?? CUSTOM_RATE.default),
    defaultModel: settings?.defaultModel ?? '',
  };
}

/** The typed rate when it is a number within the bounds, else null. */
function customRateOf(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && value >= CUSTOM_RATE.min && value <= CUSTOM_RATE.max ? value : null;
}

export default function SettingsTab() {
  const t = useT();
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const saveKey = useAppStore((s) => s.saveKey);
  const clearKey = useAppStore((s) => s.clearKey);
  const useDemoService = useAppStore((s) => s.useDemoService);
  const leaveDemoService = useAppStore((s) => s.leaveDemoService);
  const [storeWithoutKeychain, setStoreWithoutKeychain] = useState(false);

  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [key, setKey] = useState('');
  const [error, setError] = useState<UserError | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);

  // When core reports new settings (another window, demo switch), the form follows them.
  const savedDraft = JSON.stringify(draftOf(settings));
  const [shownDraft, setShownDraft] = useState(savedDraft);
  if (savedDraft !== shownDraft) {
    setShownDraft(savedDraft);
    setDraft(draftOf(settings));
  }

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice]);

  async function run(
    action: () => Promise<UserError | null>,
    success: MessageKey | (() => MessageKey),
  ) {
    setBusy(true);
    setError(null);
    setNotice(null);
    const failure = await action();
    setBusy(false);
    if (failure) setError(failure);
    else setNotice(typeof success === 'function' ? success() : success);
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    const newKey = key.trim();
    const customRate = customRateOf(draft.customRate);
    // A rate outside the bounds is shown as a warning under the field and not sent.
    if (draft.ratePlan === 'custom' && customRate === null) return;
    void run(
      async () => {
        const failure = await updateSettings({
          baseUrl: draft.baseUrl.trim(),
          ratePlan: draft.ratePlan,
          ...(customRate === null ? {} : { customRequestsPerSecond: customRate }),
          defaultModel: draft.defaultModel,
        });
        if (failure || !newKey) return failure;
        const keyFailure = await saveKey(newKey, storeWithoutKeychain);
        // The field is cleared once the key is stored, so it never lingers in the page.
        if (!keyFailure) setKey('');
        return keyFailure;
      },
      // Without a keychain (and without the person's yes) the key is in use but not saved.
      () =>
        !newKey
          ? 'settings.saved'
          : useAppStore.getState().settings?.keyStorage === 'session'
            ? 'settings.keySessionOnly'
            : 'settings.keySaved',
    );
  }

  return (
    <div className="settings scroll-area">
      <form className="settings-form" onSubmit={onSave}>
        <h1>{t('settings.title')}</h1>

        <section className="card">
          <h2>{t('settings.connection')}</h2>
          {settings?.demo && <p className="pill">{t('settings.demoActive')}</p>}
          <Field label={t('settings.baseUrl')} hint={t('settings.baseUrlHint')}>
            {(id) => (
              <input
                id={id}
                className="input"
                type="text"
                inputMode="url"
                spellCheck={false}
                autoComplete="off"
                value={draft.baseUrl}
                onChange={(event) => setDraft({ ...draft, baseUrl: event.target.value })}
              />
            )}
          </Field>

          <Field label={t('settings.apiKey')}>
            {(id) => (
              <>
                <input
                  id={id}
                  className="input"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t('settings.apiKeyPlaceholder')}
                  value={key}
                  onChange={(event) => setKey(event.target.value)}
                />
                <p className="hint">
                  {settings?.keySet && settings.keyLast4
                    ? t('settings.keySet', { last4: settings.keyLast4 })
                    : t('settings.keyNotSet')}{' '}
                  {t('settings.keyHint')}
                </p>
                {settings && !settings.keychain && (
                  <>
                    <p className="hint warning">
                      {settings.keyStorage === 'session'
                        ? t('settings.keySessionOnly')
                        : t('settings.noKeychain')}
                    </p>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={storeWithoutKeychain}
                        onChange={(event) => setStoreWithoutKeychain(event.target.checked)}
                      />
                      {t('settings.storeWithoutKeychain')}
                    </label>
                  </>
                )}
                {settings?.keyElsewhere && (
                  <p className="hint warning">
                    {t('settings.keyElsewhere', { host: settings.keyElsewhere })}
                  </p>
                )}
                {settings?.keySet && (
                  <button
                    type="button"
                    className="button ghost"
                    disabled={busy}
                    onClick={() => void run(clearKey, 'settings.keyCleared')}
                  >
                    {t('settings.clearKey')}
                  </button>
                )}
              </>
            )}
          </Field>

          <Field label={t('settings.ratePlan')}>
            {(id) => (
              <select
                id={id}
                className="input"
                value={draft.ratePlan}
                onChange={(event) =>
                  setDraft({ ...draft, ratePlan: event.target.value as RatePlan })
                }
              >
                <option value="standard">{t('settings.ratePlan.standard')}</option>
                <option value="fast">{t('settings.ratePlan.fast')}</option>
                <option value="custom">{t('settings.ratePlan.custom')}</option>
              </select>
            )}
          </Field>
          {draft.ratePlan === 'fast' && <p className="hint">{t('settings.ratePlan.fastHint')}</p>}
          {draft.ratePlan === 'custom' && (
            <Field
              label={t('settings.customRate')}
              hint={t(
                customRateOf(draft.customRate) === null
                  ? 'settings.customRateInvalid'
                  : 'settings.customRateHint',
                { min: CUSTOM_RATE.min, max: CUSTOM_RATE.max },
              )}
              warning={customRateOf(draft.customRate) === null}
            >
              {(id) => (
                <input
                  id={id}
                  className="input"
                  type="number"
                  inputMode="decimal"
                  min={CUSTOM_RATE.min}
                  max={CUSTOM_RATE.max}
                  step={CUSTOM_RATE.step}
                  value={draft.customRate}
                  onChange={(event) => setDraft({ ...draft, customRate: event.target.value })}
                />
              )}
            </Field>
          )}

          <div className="field">
            <span className="label">{t('settings.defaultModel')}</span>
            <ModelPicker
              label={t('settings.defaultModel')}
              value={draft.defaultModel}
              onChange={(defaultModel) => setDraft({ ...draft, defaultModel })}
            />
          </div>

          <div className="form-actions">
            <button type="submit" className="button primary" disabled={busy}>
              {t('common.save')}
            </button>
            {settings?.demo ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run(leaveDemoService, 'settings.demoLeft')}
              >
                {t('settings.leaveDemo')}
              </button>
            ) : (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void run(useDemoService, 'settings.demoEnabled')}
              >
                {t('settings.demo')}
              </button>
            )}
          </div>
          <p className="hint">{t('settings.demoHint')}</p>
          <div aria-live="polite" className="form-status">
            {notice && <p className="success">{translateDynamic(t, notice)}</p>}
          </div>
          {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
        </section>

        <section className="card">
          <h2>{t('settings.appearance')}</h2>
          <div className="field-row">
            <Field label={t('settings.language')}>
              {(id) => (
                <select
                  id={id}
                  className="input"
                  value={settings?.language ?? 'en'}
                  onChange={(event) =>
                    void run(
                      () => updateSettings({ language: event.target.value as Language }),
                      'settings.saved',
                    )
                  }
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
                  onChange={(event) =>
                    void run(
                      () => updateSettings({ theme: event.target.value as Theme }),
                      'settings.saved',
                    )
                  }
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
        </section>
        <SdApiSettings />
      </form>
      {/* Outside the form: Enter in these fields must not save the connection settings. */}
      <div className="settings-form">
        <SemanticSearchCard />
        <TitleSettingsCard />
        <DiagnosticsCard />
      </div>
    </div>
  );
}
