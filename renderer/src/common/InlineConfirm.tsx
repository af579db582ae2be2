// The inline "are you sure?" of a delete: a sentence, a danger button (focused) and Cancel, in
// one alertdialog. Each caller keeps its own state; this only draws the question and answers it.
import { useT } from '../i18n/use-t';

interface InlineConfirmProps {
  /** The accessible name of the alertdialog (what is being asked about). */
  label: string;
  /** The sentence that asks. */
  message: string;
  /** The danger button's words; "Delete" when not given. */
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function InlineConfirm({
  label,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: InlineConfirmProps) {
  const t = useT();
  return (
    <div role="alertdialog" aria-label={label} className="confirm">
      <p>{message}</p>
      <div className="confirm-actions">
        <button type="button" className="button danger" autoFocus onClick={onConfirm}>
          {confirmLabel ?? t('common.delete')}
        </button>
        <button type="button" className="button ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
