// Deleting a question that has an answer: the answer goes with it unless the person keeps it (an answer left alone is still sent as context).
import { useT } from '../i18n/use-t';

interface DeleteQuestionConfirmProps {
  /** true: the question and its answer; false: only the question. */
  onDelete: (withAnswer: boolean) => void;
  onCancel: () => void;
}

export function DeleteQuestionConfirm({ onDelete, onCancel }: DeleteQuestionConfirmProps) {
  const t = useT();
  return (
    <div role="alertdialog" aria-label={t('chat.deleteQuestionLabel')} className="confirm">
      <p>{t('chat.deleteQuestionAsk')}</p>
      <div className="confirm-actions">
        <button type="button" className="button danger" autoFocus onClick={() => onDelete(true)}>
          {t('chat.deleteQuestionAndAnswer')}
        </button>
        <button type="button" className="button" onClick={() => onDelete(false)}>
          {t('chat.deleteOnlyQuestion')}
        </button>
        <button type="button" className="button ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
