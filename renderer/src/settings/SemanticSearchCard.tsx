// Settings card for semantic search: the embedding model, the cost estimate shown before turning it on, and progress.
import { useCallback, useEffect, useId, useState } from 'react';
import { formatDuration } from '../../../shared/format';
import type { SemanticEstimate, SemanticStatus } from '../../../shared/semantic';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { usePriceBasis } from '../models/price-words';
import { embeddingEstimate } from '../../../shared/estimates';
import { formatCount, localeOf } from '../i18n/translate';
import { invoke } from '../platform';
import { useAppStore } from '../store';
import { Field } from '../common/Field';
import { ModelPicker } from '../models/ModelPicker';

const POLL_MS = 1500;

export function SemanticSearchCard() {
  const t = useT();
  const money = useMoney();
  const language = useLanguage();
  const locale = localeOf(language);
  const models = useAppStore((s) => s.models);
  const askBeforeSpending = useAppStore((s) => s.askBeforeSpending);
  const basis = usePriceBasis();
  const [status, setStatus] = useState<SemanticStatus | null>(null);
  // '' until core says which it uses; the picker then keeps it to the list in use.
  const [model, setModel] = useState('');
  const [estimate, setEstimate] = useState<SemanticEstimate | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const refresh = useCallback(async () => {
    const answer = await invoke('semantic.status', {});
    if (answer.ok) setStatus(answer.data);
    return answer.ok ? answer.data : null;
  }, []);

  useEffect(() => {
    void refresh().then((s) => s && setModel(s.model));
  }, [refresh]);

  // While on, the counts move as the background pass embeds.
  useEffect(() => {
    if (!status?.enabled) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [status?.enabled, refresh]);

  // Core counted the tokens; their cost follows the price basis in Settings at once.
  const estimatedCost = estimate
    ? (embeddingEstimate(
        models.find((m) => m.id === estimate.model) ?? null,
        { tokens: estimate.tokens },
        basis,
      )?.high ?? estimate.cost)
    : null;

  async function estimateCost() {
    setBusy(true);
    setError(null);
    const answer = await invoke('semantic.estimate', { model });
    setBusy(false);
    if (answer.ok) setEstimate(answer.data);
    else setError(answer.error);
  }

  async function configure(enabled: boolean) {
    // Indexing spends in the background: it asks first like any paid action.
    if (enabled && !(await askBeforeSpending({ feature: 'embeddings', estimate: estimatedCost })))
      return;
    setBusy(true);
    setError(null);
    const answer = await invoke('semantic.configure', { enabled, model });
    setBusy(false);
    if (answer.ok) {
      setStatus(answer.data);
      setEstimate(null);
    } else setError(answer.error);
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('semantic.title')}</h2>
      <p className="hint">{t('semantic.body')}</p>
      <Field label={t('semantic.model')}>
        {(id) => (
          <ModelPicker
            selectId={id}
            label={t('semantic.model')}
            task="embedding"
            value={model}
            disabled={status?.enabled}
            onChange={(next) => {
              setModel(next);
              setEstimate(null);
            }}
          />
        )}
      </Field>
      <p className="form-status" role="status">
        {status?.enabled
          ? t('semantic.on', {
              indexed: countWords(language, 'units.passages', status.indexed),
              pending: formatCount(status.pending, locale),
            })
          : t('semantic.off')}
        {status?.running && ` ${t('semantic.running')}`}
        {status?.enabled &&
          status.pending > 0 &&
          ` ${t('semantic.timeLeft', { time: formatDuration(status.secondsLeft, locale) })}`}
      </p>
      {status?.lastError && (
        <p className="hint warning">{t('semantic.lastError', { message: status.lastError })}</p>
      )}
      {!status?.enabled && estimate && (
        <p className="semantic-estimate">
          {t('semantic.estimated', {
            passages: countWords(language, 'units.passages', estimate.texts),
            tokens: countWords(language, 'units.tokens', estimate.tokens),
            time: formatDuration(estimate.seconds, locale),
            cost:
              estimatedCost === null
                ? t('semantic.costUnknown')
                : t('semantic.costCredits', { cost: money(estimatedCost) }),
          })}
        </p>
      )}
      <div className="form-actions">
        {status?.enabled ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void configure(false)}
          >
            {t('semantic.disable')}
          </button>
        ) : estimate ? (
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void configure(true)}
          >
            {t('semantic.enable')}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void estimateCost()}
          >
            {t('semantic.estimate')}
          </button>
        )}
      </div>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
