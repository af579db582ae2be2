// Two buttons that switch a code block between its source and what it shows (a diagram, a preview).
import { useT } from '../../i18n/use-t';

export type BlockView = 'shown' | 'source';

interface ViewToggleProps {
  view: BlockView;
  /** The name of the shown view: "Diagram" or "Preview". */
  shownLabel: string;
  /** While the block is still arriving only its source can be shown. */
  disabled: boolean;
  onChange(view: BlockView): void;
}

export function ViewToggle({ view, shownLabel, disabled, onChange }: ViewToggleProps) {
  const t = useT();
  const option = (value: BlockView, label: string) => (
    <button
      type="button"
      className="view-toggle-option"
      aria-pressed={view === value}
      disabled={disabled && value === 'shown'}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="view-toggle" role="group" aria-label={t('preview.view')}>
      {option('shown', shownLabel)}
      {option('source', t('preview.source'))}
    </div>
  );
}
