// The Images and Audio lists' filter: what was made in the tab (the default), or what was made from or attached to chats.
import type { MediaOriginChoice } from '../../../shared/studio-actions';
import { useT } from '../i18n/use-t';
import './origin-filter.css';

export function OriginFilter({
  value,
  onChange,
}: {
  value: MediaOriginChoice;
  onChange(origin: MediaOriginChoice): void;
}) {
  const t = useT();
  const options = [
    { origin: 'made', label: t('studio.originMade') },
    { origin: 'chats', label: t('studio.originChats') },
  ] as const;
  return (
    <div className="origin-filter" role="group" aria-label={t('studio.origin')}>
      {options.map(({ origin, label }) => (
        <button
          key={origin}
          type="button"
          className={`button ${origin === value ? 'primary' : 'ghost'}`}
          aria-pressed={origin === value}
          onClick={() => onChange(origin)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
