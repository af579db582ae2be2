// One row of an audio list (made sounds, kept transcripts): a button that opens the item, showing
// its title and facts, marked when it is the one shown; the row's other actions come as children.
import type { ReactNode } from 'react';

interface HistoryRowProps {
  /** The item shown now. */
  current: boolean;
  /** The open button's accessible name. */
  openLabel: string;
  onOpen(): void;
  /** A small picture of the item's kind, before its title. */
  icon?: ReactNode;
  title: ReactNode;
  facts: ReactNode;
  /** The row's other actions (download, delete, a confirm). */
  children?: ReactNode;
}

export function HistoryRow({
  current,
  openLabel,
  onOpen,
  icon,
  title,
  facts,
  children,
}: HistoryRowProps) {
  return (
    <li className="history-item" aria-current={current || undefined}>
      <button type="button" className="history-open" aria-label={openLabel} onClick={onOpen}>
        {icon && (
          <span className="history-kind" aria-hidden="true">
            {icon}
          </span>
        )}
        <span className="history-text">
          <span className="history-title">{title}</span>
          <span className="history-facts">{facts}</span>
        </span>
      </button>
      {children}
    </li>
  );
}
