// Settings card for diagnostics: the debug address, a test request, what the service received (once per interval, with a countdown), the legacy address.
import { useCallback, useEffect, useId, useState } from 'react';
import type { DebugTestResult, DiagnosticsView } from '../../../shared/diagnostics';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { useT } from '../i18n/use-t';
import { invoke } from '../platform';
import { useAppStore } from '../store';
import { Field } from '../common/Field';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // The clock may have stood still since the last countdown: catch up before the first tick.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function DiagnosticsCard() {
  const t = useT();
  const baseUrl = useAppStore((s) => s.settings?.baseUrl ?? '');
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [view, setView] = useState<DiagnosticsView | null>(null);
  const [debugAddress, setDebugAddress] = useState('');
  const [legacyAddress, setLegacyAddress] = useState('');
  const [test, setTest] = useState<DebugTestResult | null>(null);
  const [received, setReceived] = useState<string | null>(null);
  const [nextFetchAt, setNextFetchAt] = useState(0);
  const [error, setError] = useState<UserError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { title: useId() };
  const renderedAt = Date.now();
  const now = Math.max(useNow(nextFetchAt > renderedAt), renderedAt);
  const waitSeconds = Math.max(0, Math.ceil((nextFetchAt - now) / 1000));

  const show = useCallback((next: DiagnosticsView) => {
    setView(next);
    setDebugAddress(next.debugBaseUrl);
    setLegacyAddress(next.legacyBaseUrl);
    setNextFetchAt(next.nextFetchAt);
  }, []);

  useEffect(() => {
    void invoke('diagnostics.get', {}).then((answer) => answer.ok && show(answer.data));
  }, [show, baseUrl]);

  async function run<T>(
    action: () => Promise<{ ok: true; data: T } | { ok: false; error: UserError }>,
  ): Promise<T | null> {
    setBusy(true);
    setError(null);
    setNotice(null);
    const answer = await action();
    setBusy(false);
    if (answer.ok) return answer.data;
    setError(answer.error);
    return null;
  }

  async function saveAddresses() {
    const next = await run(() =>
      invoke('diagnostics.update', {
        debugBaseUrl: debugAddress.trim() === view?.defaultDebugBaseUrl ? null : debugAddress,
        legacyBaseUrl: legacyAddress.trim() === view?.defaultLegacyBaseUrl ? null : legacyAddress,
      }),
    );
    if (next) {
      show(next);
      setNotice(t('diagnostics.saved'));
    }
  }

  async function sendTest() {
    const result = await run(() => invoke('diagnostics.sendTest', {}));
    if (result) setTest(result);
  }

  async function fetchReceived() {
    const result = await run(() => invoke('diagnostics.fetchReceived', {}));
    const refreshed = await invoke('diagnostics.get', {});
    if (refreshed.ok) setNextFetchAt(refreshed.data.nextFetchAt);
    if (result) setReceived(JSON.stringify(result.call, null, 2));
  }

  async function switchAddress(which: 'main' | 'legacy') {
    if (!view) return;
    const target = which === 'legacy' ? legacyAddress.trim() : view.mainBaseUrl;
    if (which === 'legacy') {
      // Remember the main address, so switching back needs no typing.
      const kept = await run(() =>
        invoke('diagnostics.update', { mainBaseUrl: baseUrl, legacyBaseUrl: legacyAddress }),
      );
      if (!kept) return;
    }
    const failure = await updateSettings({ baseUrl: target });
    if (failure) {
      setError(failure);
      return;
    }
    if (which === 'main') await invoke('diagnostics.update', { mainBaseUrl: null });
    const answer = await invoke('diagnostics.get', {});
    if (answer.ok) show(answer.data);
  }

  const usingLegacy = view !== null && baseUrl !== '' && baseUrl === view.legacyBaseUrl;
  const seconds = Math.round((view?.minIntervalMs ?? 20_000) / 1000);

  return (
    <section className="card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('diagnostics.title')}</h2>
      <p className="hint">{t('diagnostics.body', { seconds })}</p>
      <Field
        label={t('diagnostics.debugAddress')}
        hint={view && t('diagnostics.debugDefault', { address: view.defaultDebugBaseUrl })}
      >
        {(id) => (
          <input
            id={id}
            className="input"
            type="text"
            inputMode="url"
            spellCheck={false}
            value={debugAddress}
            onChange={(event) => setDebugAddress(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('diagnostics.legacyAddress')} hint={t('diagnostics.legacyHint')}>
        {(id) => (
          <input
            id={id}
            className="input"
            type="text"
            inputMode="url"
            spellCheck={false}
            value={legacyAddress}
            onChange={(event) => setLegacyAddress(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('diagnostics.addressInUse')}>
        {(id) => (
          <select
            id={id}
            className="input"
            value={usingLegacy ? 'legacy' : 'main'}
            disabled={busy || !view}
            onChange={(event) => void switchAddress(event.target.value as 'main' | 'legacy')}
          >
            <option value="main">{t('diagnostics.useMain')}</option>
            <option value="legacy">{t('diagnostics.useLegacy')}</option>
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void saveAddresses()}
        >
          {t('diagnostics.saveAddress')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void sendTest()}>
          {t('diagnostics.sendTest')}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy || waitSeconds > 0}
          onClick={() => void fetchReceived()}
        >
          {t('diagnostics.fetch')}
        </button>
        {waitSeconds > 0 && (
          <span className="countdown" role="timer" aria-live="off">
            {t('diagnostics.fetchIn', { seconds: waitSeconds })}
          </span>
        )}
      </div>
      <div aria-live="polite" className="form-status">
        {notice && <p className="success">{notice}</p>}
        {test && <p>{t('diagnostics.testSent', { status: test.status })}</p>}
      </div>
      {received !== null && (
        <div className="field">
          <span className="label">{t('diagnostics.received')}</span>
          <pre className="debug-received" aria-label={t('diagnostics.received')} tabIndex={0}>
            {received}
          </pre>
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
