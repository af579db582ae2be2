// One list of conversation rows (pinned, a folder's, the rest or the archive), growing as it scrolls.
import type { ComponentType } from 'react';
import type { ConversationSummary } from '../../../shared/types';
import { useGrowingList } from '../common/growing-list';
import { onRowDragStart, rowIdOf } from './conversation-drag';
import { SelectableRow } from './SelectableRow';

export interface RowProps {
  summary: ConversationSummary;
  active: boolean;
  /** The one row of the list that Tab reaches (the others by arrow keys from it). */
  tabStop: boolean;
}

/** Where Tab lands in the list: the row focused last, else the open one, else the first. */
export interface Roving {
  tabStopId: string | null;
  onRowFocus: (id: string) => void;
}

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, checked: boolean, range: boolean) => void;
}

export function RowList({
  items,
  Row,
  activeId,
  selection,
  roving,
}: {
  items: readonly ConversationSummary[];
  Row: ComponentType<RowProps>;
  activeId: string | null;
  selection: Selection | null;
  roving: Roving;
}) {
  const { count, endRef } = useGrowingList(
    items.length,
    activeId ? items.findIndex((s) => s.id === activeId) : -1,
  );
  return (
    <ul
      className="stack conversation-list"
      onDragStart={onRowDragStart}
      onFocus={(event) => {
        const id = rowIdOf(event.target);
        if (id) roving.onRowFocus(id);
      }}
    >
      {items
        .slice(0, count)
        .map((summary) =>
          selection ? (
            <SelectableRow
              key={summary.id}
              summary={summary}
              checked={selection.selected.has(summary.id)}
              onToggle={selection.toggle}
            />
          ) : (
            <Row
              key={summary.id}
              summary={summary}
              active={summary.id === activeId}
              tabStop={summary.id === roving.tabStopId}
            />
          ),
        )}
      {count < items.length && <li className="conversation-more" ref={endRef} aria-hidden />}
    </ul>
  );
}
