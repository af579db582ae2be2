// A conversation's row in select mode: a checkbox with its title.
import type { ConversationSummary } from '../../../shared/types';
import { useT } from '../i18n/use-t';

export function SelectableRow({
  summary,
  checked,
  onToggle,
}: {
  summary: ConversationSummary;
  checked: boolean;
  onToggle: (id: string, checked: boolean, range: boolean) => void;
}) {
  const t = useT();
  return (
    <li className={`conversation selectable${checked ? ' active' : ''}`}>
      <label className="conversation-check">
        <input
          type="checkbox"
          checked={checked}
          // Click (also fired by Space) carries Shift, for ranges; the state follows the store.
          onChange={() => undefined}
          onClick={(event) => onToggle(summary.id, event.currentTarget.checked, event.shiftKey)}
        />
        <span className="conversation-title">{summary.title || t('chat.untitled')}</span>
      </label>
    </li>
  );
}
