// The welcome screen: with nothing set up, the service's address and key (checked at once), or the demo.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ConnectionCheck, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { ConnectionFields } from '../common/ConnectionFields';
import { useTitleCost } from '../common/title-cost';
import { moneyWords } from '../i18n/money';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { checkWords } from './first-run-words';
import './first-run.css';

export function FirstRun() {
  const t = useT();
  const language = useLanguage();
  const settings = useAppStore((s) => s.settings);
  const welcome = useAppStore((s) => s.welcome);
  const setWelcome = useAppStore((s) => s.setWelcome);
  const checkConnection = useAppStore((s) => s.checkConnection);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const saveKey = useAppStore((s) => s.saveKey);
  const startDemo = useAppStore((s) => s.useDemoService);
  const waiting = useAppStore((s) => (s.drafts[s.activeId ?? ''] ?? '').trim() !== '');
  const [baseUrl, setBaseUrl] = useState(settings?.baseUrl ?? '');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const [keyNeeded, setKeyNeeded] = useState(false);
  const address = useRef<HTMLInputElement>(null);

  useEffect(() => {
    address.current?.focus();
  }, []);

  async function connect(event: FormEvent) {
    event.preventDefault();
    if (key.trim() === '') {
      setKeyNeeded(true);
      return;
    }
    setKeyNeeded(false);
    setBusy(true);
    setError(null);
    setCheck(null);
    const result = await checkConnection(baseUrl.trim(), key.trim());
    if ('code' in result) {
      setBusy(false);
      setError(result);
      return;
    }
    // Only a key the service accepted is kept: anything else leaves nothing behind.
    if (result.outcome === 'connected') {
      // Held open first, so the screen stays to say so once the key makes the setup complete.
      setWelcome('connected');
      const failure =
        (await updateSettings({ baseUrl: baseUrl.trim() })) ?? (await saveKey(key.trim()));
      if (failure) {
        setWelcome('auto');
        setBusy(false);
        setError(failure);
        return;
      }
      setKey('');
    }
    setBusy(false);
    setCheck(result);
  }

  async function tryDemo() {
    setBusy(true);
    setError(null);
    const failure = await startDemo();
    setBusy(false);
    if (failure) setError(failure);
    else setWelcome('dismissed');
  }

  const words = check ? checkWords(t, check, language) : null;
  const connected = welcome === 'connected';

  return (
    <div className="first-run scroll-area">
      <div className="first-run-column">
        <h1>{t('firstrun.title')}</h1>
        <p className="first-run-lead">{t('firstrun.lead')}</p>
        {waiting && !connected && <p className="hint warning">{t('firstrun.waiting')}</p>}

        <form className="card" onSubmit={(event) => void connect(event)}>
          <h2>{t('firstrun.connectTitle')}</h2>
          <ConnectionFields
            baseUrl={baseUrl}
            onBaseUrlChange={setBaseUrl}
            apiKey={key}
            onApiKeyChange={setKey}
            baseUrlRef={address}
            baseUrlPlaceholder="https://…/v1"
            disabled={connected}
            keyProblem={keyNeeded ? t('firstrun.keyNeeded') : null}
          />
          <div className="form-actions">
            {connected ? (
              <button
                type="button"
                className="button primary"
                onClick={() => setWelcome('dismissed')}
              >
                {t('firstrun.start')}
              </button>
            ) : (
              <button type="submit" className="button primary" disabled={busy}>
                {t('firstrun.connect')}
              </button>
            )}
          </div>
          <div className="form-status" aria-live="polite">
            {busy && <p className="hint">{t('firstrun.checking')}</p>}
            {words && (
              <p
                className={words.ok ? 'success' : 'first-run-problem'}
                role={words.ok ? undefined : 'alert'}
              >
                {words.text}
                {!words.ok && ` ${t('firstrun.nothingSaved')}`}
              </p>
            )}
            {connected && settings?.keyStorage === 'session' && (
              <p className="hint warning">{t('settings.keySessionOnly')}</p>
            )}
          </div>
          {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
        </form>

        <TitlesOffer />

        {!connected && (
          <section className="card">
            <h2>{t('firstrun.demoTitle')}</h2>
            <p className="hint">{t('firstrun.demoBody')}</p>
            <div className="form-actions">
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void tryDemo()}
              >
                {t('settings.demo')}
              </button>
            </div>
          </section>
        )}

        {!connected && (
          <p className="first-run-later">
            <button type="button" className="text-button" onClick={() => setWelcome('dismissed')}>
              {t('firstrun.later')}
            </button>{' '}
            <span className="hint">{t('firstrun.laterHint')}</span>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * Automatic titles, offered before the first conversation: on unless turned off, with what one
 * title costs with the model that would make it (once the service's list is in).
 */
function TitlesOffer() {
  const t = useT();
  const language = useLanguage();
  const on = useAppStore((s) => s.settings?.autoTitle ?? true);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const listed = useAppStore((s) => s.models.length > 0);
  const { model, cost } = useTitleCost();
  const [error, setError] = useState<UserError | null>(null);

  let price: string;
  if (!listed) price = t('firstrun.titlesCostLater');
  else if (!model) price = t('firstrun.titlesNoModel');
  else if (cost === null) price = t('firstrun.titlesNoPrice', { model: model.name });
  else price = t('firstrun.titlesCost', { cost: moneyWords(cost, language), model: model.name });

  return (
    <section className="card" aria-label={t('firstrun.titlesTitle')}>
      <h2>{t('firstrun.titlesTitle')}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) =>
            void updateSettings({ autoTitle: event.target.checked }).then(setError)
          }
        />
        {t('firstrun.titlesOn')}
      </label>
      <p className="hint">{t('firstrun.titlesBody')}</p>
      <p className="hint first-run-title-cost">{price}</p>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
