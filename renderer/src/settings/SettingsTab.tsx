// Settings in sections: service address, key (write-only), rate plan and demo; default model; money;
// chat; tools; your data; language and theme; Automatic1111 and diagnostics under Advanced.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CUSTOM_RATE } from '../../../shared/rate';
import type { SettingsPatch } from '../../../shared/channels';
import type { RatePlan, SettingsView, UserError } from '../../../shared/types';
import { checkWords, type CheckWords } from '../shell/first-run-words';
import { useAppStore } from '../store';
import { useLanguage, useT } from '../i18n/use-t';
import { ErrorNotice } from '../common/ErrorNotice';
import { SdApiSettings } from '../images/SdApiSettings';
import type { MessageKey } from '../i18n/en';
import { formatCount, localeOf, translateDynamic } from '../i18n/translate';
import { SemanticSearchCard } from './SemanticSearchCard';
import { TitleSettingsCard } from './TitleSettingsCard';
import { PromptsSettingsCard } from '../prompts/PromptsSettingsCard';
import { StudioSettingsCard } from './StudioSettingsCard';
import { SpendLimitsCard } from './SpendLimitsCard';
import { PriceBasisCard } from './PriceBasisCard';
import { ToolSettingsCard } from './ToolSettingsCard';
import { DiagnosticsCard } from './DiagnosticsCard';
import { McpServers } from './McpServers';
import { AppearanceCard } from './AppearanceCard';
import { DefaultModelCard } from './DefaultModelCard';
import { SettingsSections, type SettingsSectionId } from './SettingsSections';
import { keyStatusOf, keyStatusWords } from './key-status';
import { YourDataCard } from '../transfer/YourDataCard';
import { Field } from '../common/Field';
import { ConnectionFields } from '../common/ConnectionFields';
import './settings.css';

interface Draft {
  baseUrl: string;
  ratePlan: RatePlan;
  /** As typed in the field; read on Save. */
  customRate: string;
}

function draftOf(settings: SettingsView | null): Draft {
  return {
    baseUrl: settings?.baseUrl ?? '',
    ratePlan: settings?.ratePlan ?? 'standard',
    customRate: String(settings?.customRequestsPerSecond ?? CUSTOM_RATE.default),
  };
}

/** The typed rate when it is a number within the bounds, else null. */
function customRateOf(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && value >= CUSTOM_RATE.min && value <= CUSTOM_RATE.max ? value : null;
}

export default function SettingsTab() {
  const t = useT();
  const locale = localeOf(useLanguage());
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const saveKey = useAppStore((s) => s.saveKey);
  const clearKey = useAppStore((s) => s.clearKey);
  const useDemoService = useAppStore((s) => s.useDemoService);
  const leaveDemoService = useAppStore((s) => s.leaveDemoService);
  const checkConnection = useAppStore((s) => s.checkConnection);
  const setWelcome = useAppStore((s) => s.setWelcome);
  const baseUrlField = useRef<HTMLInputElement>(null);
  /** What the service said of the key just entered, in words, and what became of the key. */
  const [checked, setChecked] = useState<{ words: CheckWords; then: MessageKey | null } | null>(
    null,
  );
  const [storeWithoutKeychain, setStoreWithoutKeychain] = useState(false);

  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [key, setKey] = useState('');
  const [error, setError] = useState<UserError | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<SettingsSectionId>('connection');
  const keyStatus = keyStatusOf(settings);

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
    success: MessageKey | (() => MessageKey | null),
  ) {
    setBusy(true);
    setError(null);
    setNotice(null);
    setChecked(null);
    const failure = await action();
    setBusy(false);
    if (failure) setError(failure);
    else setNotice(typeof success === 'function' ? success() : success);
  }

  /** Back from the demo: the address before it, or an empty field to fill, focused. */
  async function leaveDemo(): Promise<UserError | null> {
    const failure = await leaveDemoService();
    if (failure) return failure;
    setWelcome('auto');
    if ((useAppStore.getState().settings?.baseUrl ?? '') === '') {
      setTimeout(() => baseUrlField.current?.focus(), 0);
    }
    return null;
  }

  function afterLeavingDemo(): MessageKey {
    return (useAppStore.getState().settings?.baseUrl ?? '') === ''
      ? 'firstrun.enterAddress'
      : 'settings.demoLeft';
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    const newKey = key.trim();
    const customRate = customRateOf(draft.customRate);
    // A rate outside the bounds is shown as a warning under the field and not sent.
    if (draft.ratePlan === 'custom' && customRate === null) return;
    let keyVerdict: 'working' | 'refused' | 'unchecked' = 'unchecked';
    void run(
      async () => {
        let baseUrl = draft.baseUrl.trim();
        // A key typed while the demo's address is shown: back to the person's own address first.
        if (newKey && settings?.demo && baseUrl === settings.baseUrl) {
          const left = await leaveDemo();
          if (left) return left;
          baseUrl = useAppStore.getState().settings?.baseUrl ?? '';
          if (baseUrl === '') return null;
        }
        const failure = await updateSettings({
          baseUrl,
          ratePlan: draft.ratePlan,
          ...(customRate === null ? {} : { customRequestsPerSecond: customRate }),
        });
        if (failure || !newKey) return failure;
        const keyFailure = await saveKey(newKey, storeWithoutKeychain);
        if (keyFailure) return keyFailure;
        // The field is cleared once the key is stored, so it never lingers in the page.
        setKey('');
        // The key is asked about at once; "Key saved" is said only when the service accepted it.
        const check = await checkConnection(baseUrl);
        if ('code' in check) return check;
        keyVerdict =
          check.outcome === 'connected'
            ? 'working'
            : check.outcome === 'refused'
              ? 'refused'
              : 'unchecked';
        setChecked({
          words: checkWords(t, check, settings?.language ?? 'en'),
          then:
            keyVerdict === 'working'
              ? null
              : keyVerdict === 'refused'
                ? 'firstrun.keyKeptRefused'
                : 'firstrun.keyKeptUnchecked',
        });
        return null;
      },
      // Without a keychain (and without the person's yes) the key is in use but not saved.
      () =>
        !newKey
          ? 'settings.saved'
          : (useAppStore.getState().settings?.baseUrl ?? '') === ''
            ? 'firstrun.enterAddress'
            : keyVerdict !== 'working'
              ? null
              : useAppStore.getState().settings?.keyStorage === 'session'
                ? 'settings.keySessionOnly'
                : 'settings.keySaved',
    );
  }

  /** A change made by one choice (a model, the language, the theme): saved at once. */
  function save(patch: SettingsPatch) {
    void run(() => updateSettings(patch), 'settings.saved');
  }

  const status = (
    <>
      <div aria-live="polite" className="form-status">
        {notice && <p className="success">{translateDynamic(t, notice)}</p>}
        {checked && (
          <p className={checked.words.ok ? 'success' : 'hint warning'}>
            {checked.words.text}
            {checked.then && ` ${translateDynamic(t, checked.then)}`}
          </p>
        )}
      </div>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );

  return (
    <SettingsSections
      current={current}
      onSelect={(next) => {
        // What was said of one section's change is not carried to the next.
        setNotice(null);
        setChecked(null);
        setError(null);
        setCurrent(next);
      }}
    >
      {current === 'connection' && (
        <form className="settings-form" onSubmit={onSave}>
          <section className="card">
            <h2>{t('settings.connection')}</h2>
            {settings?.demo && <p className="pill">{t('settings.demoActive')}</p>}
            <ConnectionFields
              baseUrl={draft.baseUrl}
              onBaseUrlChange={(baseUrl) => setDraft({ ...draft, baseUrl })}
              apiKey={key}
              onApiKeyChange={setKey}
              baseUrlRef={baseUrlField}
              keyStatus={keyStatusWords(t, keyStatus)}
              keyExtra={
                <>
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
                  {keyStatus.set && keyStatus.verdict === 'refused' && (
                    <p className="hint warning">{t('firstrun.keyNotWorking')}</p>
                  )}
                  {keyStatus.set && keyStatus.verdict === 'working' && (
                    <p className="hint">{t('firstrun.keyWorking')}</p>
                  )}
                  {settings?.keyElsewhere && (
                    <p className="hint warning">
                      {t('settings.keyElsewhere', { host: settings.keyElsewhere })}
                    </p>
                  )}
                  {keyStatus.set && (
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
              }
            />

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
                  {
                    min: formatCount(CUSTOM_RATE.min, locale),
                    max: formatCount(CUSTOM_RATE.max, locale),
                  },
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

            <div className="form-actions">
              <button type="submit" className="button primary" disabled={busy}>
                {t('common.save')}
              </button>
              {settings?.demo ? (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void run(leaveDemo, afterLeavingDemo)}
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
            {status}
          </section>
        </form>
      )}

      {current === 'models' && <DefaultModelCard save={save} status={status} />}

      {current === 'money' && (
        <div className="settings-form">
          <PriceBasisCard />
          <SpendLimitsCard />
        </div>
      )}

      {current === 'chat' && (
        <div className="settings-form">
          <TitleSettingsCard />
          <StudioSettingsCard />
          <PromptsSettingsCard />
        </div>
      )}

      {current === 'tools' && (
        <div className="settings-form">
          <McpServers />
          <ToolSettingsCard />
        </div>
      )}

      {current === 'data' && (
        <div className="settings-form">
          <YourDataCard />
          <SemanticSearchCard />
        </div>
      )}

      {current === 'appearance' && <AppearanceCard save={save} status={status} />}

      {current === 'advanced' && (
        <div className="settings-form">
          <SdApiSettings />
          <DiagnosticsCard />
        </div>
      )}
    </SettingsSections>
  );
}
