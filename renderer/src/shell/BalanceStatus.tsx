// The always-visible balance: credits, a coloured status dot, subscription end, or why it is unknown.
import { Icon } from '../common/Icon';
import { useAppStore } from '../store';
import { useLanguage, useT } from '../i18n/use-t';
import { formatLocalInstant, formatSubscriptionEnd } from './balance-format';
import { moneyWords } from '../i18n/money';
import { errorSentence } from '../common/errors';
import { subscriptionProblem, userStatusNote } from '../../../shared/balance';
import { IconButton } from '../common/IconButton';
import { preloadSpendingView } from '../money/deferred-view';

const DOT_CLASS = ['dot-green', 'dot-yellow', 'dot-red'] as const;
const STATUS_KEY = ['balance.status.green', 'balance.status.yellow', 'balance.status.red'] as const;

export function BalanceStatus() {
  const t = useT();
  const language = useLanguage();
  const balance = useAppStore((s) => s.balance);
  const loading = useAppStore((s) => s.balanceLoading);
  const refreshBalance = useAppStore((s) => s.refreshBalance);
  const openSpending = useAppStore((s) => s.setSpendingViewOpen);
  const demo = useAppStore((s) => s.settings?.demo === true);

  let body: React.ReactNode;
  if (!balance) {
    body = <span className="muted">{t('balance.checking')}</span>;
  } else if (balance.state === 'ok') {
    const status = balance.userStatus;
    // user_status_text also carries other problems, so it is shown even when the status is green.
    const serviceNote = userStatusNote(balance);
    const statusText =
      serviceNote ?? (status != null && status !== 0 ? t(STATUS_KEY[status]) : null);
    const subscription = subscriptionProblem(balance);
    const ends = balance.subscriptionEndUtc
      ? formatSubscriptionEnd(balance.subscriptionEndUtc, language)
      : null;
    const localEnds = balance.subscriptionEndUtc
      ? formatLocalInstant(balance.subscriptionEndUtc, language)
      : null;
    body = (
      <>
        <span className="balance-line">
          {status != null && (
            <span
              className={`status-dot ${DOT_CLASS[status]}`}
              title={statusText ?? t(STATUS_KEY[status])}
              aria-hidden="true"
            />
          )}
          <strong>
            {balance.credits === null
              ? t('balance.credits', { credits: '—' })
              : moneyWords(balance.credits, language, 'down')}
          </strong>
        </span>
        {statusText && (
          <span
            className={`balance-note ${status === 2 ? 'danger' : status === 1 ? 'warning' : 'muted'}`}
          >
            {statusText}
          </span>
        )}
        {subscription && (
          <span className="balance-note warning">
            {t('balance.subscription', { status: subscription })}
          </span>
        )}
        {ends && (
          <span className="balance-note muted" title={localEnds ?? undefined}>
            {t('balance.subscriptionUntil', { date: ends })} ({t('balance.moscowTime')}, UTC+3)
          </span>
        )}
      </>
    );
  } else if (balance.state === 'off') {
    body = (
      <>
        <span className="balance-note warning">
          {t('balance.off', { reason: balance.reason ?? '—' })}
        </span>
        <span className="balance-note muted">{t('balance.offHelp')}</span>
      </>
    );
  } else if (balance.state === 'unknown') {
    body = <span className="balance-note muted">{t('balance.unknown')}</span>;
  } else {
    body = (
      <>
        <span className="balance-note danger">{t('balance.error')}</span>
        {balance.error && (
          <span className="balance-note muted">{errorSentence(t, balance.error)}</span>
        )}
      </>
    );
  }

  return (
    <div className="balance">
      <div role="status" aria-label={t('balance.label')} className="balance-status">
        <span className="balance-title">
          {t('balance.label')}
          {demo && (
            <span className="demo-badge" title={t('balance.demoHint')}>
              {t('balance.demo')}
            </span>
          )}
        </span>
        {body}
      </div>
      <IconButton
        label={t('balance.refresh')}
        disabled={loading}
        onClick={() => void refreshBalance(true)}
      >
        <span className={loading ? 'spin' : undefined}>
          <Icon name="refresh" size={16} />
        </span>
      </IconButton>
      <button
        type="button"
        className="balance-spending"
        onPointerEnter={() => void preloadSpendingView()}
        onFocus={() => void preloadSpendingView()}
        onClick={() => openSpending(true)}
      >
        {t('spending.view.open')}
      </button>
    </div>
  );
}
