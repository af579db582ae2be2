// The notice at 80 % of a daily or monthly budget: said once for that day or month, asking nothing.
import { useLanguage, useT } from '../i18n/use-t';
import { moneyWords } from '../i18n/money';
import { useAppStore } from '../store';

export function BudgetNotice() {
  const t = useT();
  const language = useLanguage();
  const notice = useAppStore((s) => s.budgetNotice);
  const dismiss = useAppStore((s) => s.dismissBudgetNotice);
  const openView = useAppStore((s) => s.setSpendingViewOpen);
  if (!notice) return null;
  const figures = {
    spent: moneyWords(notice.spent, language),
    budget: moneyWords(notice.budget, language),
  };
  return (
    <section className="budget-notice" role="status" aria-label={t('spending.notice.label')}>
      <p>
        {notice.kind === 'daily'
          ? t('spending.notice.daily', figures)
          : t('spending.notice.monthly', figures)}
      </p>
      <button type="button" className="button" onClick={() => openView(true)}>
        {t('spending.view.open')}
      </button>
      <button type="button" className="button" onClick={dismiss}>
        {t('common.close')}
      </button>
    </section>
  );
}
