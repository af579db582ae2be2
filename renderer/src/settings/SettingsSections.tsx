// Settings as a list of sections on the left and the chosen one beside it: a vertical tab list
// (arrow keys, Home and End move between sections), one section shown at a time.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';

export const SETTINGS_SECTIONS = [
  'connection',
  'models',
  'money',
  'chat',
  'tools',
  'data',
  'appearance',
  'advanced',
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number];

/** The section a key press in the list moves to, or null for a key the list leaves alone. */
export function sectionAfterKey(current: SettingsSectionId, key: string): SettingsSectionId | null {
  const at = SETTINGS_SECTIONS.indexOf(current);
  const count = SETTINGS_SECTIONS.length;
  const index =
    key === 'ArrowDown'
      ? (at + 1) % count
      : key === 'ArrowUp'
        ? (at - 1 + count) % count
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : null;
  return index === null ? null : (SETTINGS_SECTIONS[index] ?? null);
}

interface SettingsSectionsProps {
  current: SettingsSectionId;
  onSelect(section: SettingsSectionId): void;
  /** The chosen section's cards. */
  children: ReactNode;
}

export function SettingsSections({ current, onSelect, children }: SettingsSectionsProps) {
  const t = useT();
  const tabs = useRef(new Map<SettingsSectionId, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const next = sectionAfterKey(current, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    tabs.current.get(next)?.focus();
  }

  return (
    <div className="settings">
      <div className="settings-side">
        <h1>{t('settings.title')}</h1>
        <div
          role="tablist"
          aria-orientation="vertical"
          aria-label={t('settings.sections')}
          className="settings-section-list"
          onKeyDown={onKeyDown}
        >
          {SETTINGS_SECTIONS.map((id) => (
            <button
              key={id}
              ref={(element) => {
                if (element) tabs.current.set(id, element);
                else tabs.current.delete(id);
              }}
              type="button"
              role="tab"
              id={`settings-tab-${id}`}
              aria-selected={id === current}
              aria-controls={`settings-panel-${id}`}
              tabIndex={id === current ? 0 : -1}
              className="settings-section-tab"
              onClick={() => onSelect(id)}
            >
              {t(`settings.section.${id}`)}
            </button>
          ))}
        </div>
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${current}`}
        aria-labelledby={`settings-tab-${current}`}
        className="settings-panel scroll-area"
      >
        {children}
      </div>
    </div>
  );
}
