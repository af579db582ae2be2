// The list of every keyboard shortcut the app has, opened with ? or F1: a modal dialog, Esc closes it.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { MessageKey } from '../i18n/en';
import { translateDynamic } from '../i18n/translate';
import { useT } from '../i18n/use-t';
import './shortcuts-dialog.css';

/** A key as printed on it ("Ctrl+N"), or the dictionary key of one whose name is translated. */
type KeyName = string | { say: MessageKey };

interface Shortcut {
  keys: readonly KeyName[];
  does: MessageKey;
}

const GROUPS: ReadonlyArray<{ title: MessageKey; shortcuts: readonly Shortcut[] }> = [
  {
    title: 'shortcuts.group.everywhere',
    shortcuts: [
      { keys: ['?', 'F1'], does: 'shortcuts.help' },
      { keys: ['Ctrl+N'], does: 'shortcuts.newChat' },
      { keys: ['Ctrl+K'], does: 'shortcuts.search' },
      { keys: ['Ctrl+,'], does: 'shortcuts.settings' },
      {
        keys: [{ say: 'shortcuts.key.arrowsUpDown' }, { say: 'shortcuts.key.homeEnd' }],
        does: 'shortcuts.sections',
      },
      { keys: [{ say: 'shortcuts.key.arrowsLeftRight' }], does: 'shortcuts.modes' },
    ],
  },
  {
    title: 'shortcuts.group.chat',
    shortcuts: [
      { keys: ['Enter'], does: 'shortcuts.send' },
      { keys: ['Shift+Enter'], does: 'shortcuts.newLine' },
      { keys: ['Esc'], does: 'shortcuts.stop' },
      { keys: ['Esc'], does: 'shortcuts.cancelEdit' },
    ],
  },
  {
    title: 'shortcuts.group.conversations',
    shortcuts: [
      {
        keys: [{ say: 'shortcuts.key.arrowsUpDown' }, { say: 'shortcuts.key.homeEnd' }],
        does: 'shortcuts.rows',
      },
      { keys: [{ say: 'shortcuts.key.rowActions' }], does: 'shortcuts.rowActions' },
      { keys: [{ say: 'shortcuts.key.rowBack' }], does: 'shortcuts.rowBack' },
      { keys: ['Esc'], does: 'shortcuts.clearSearch' },
    ],
  },
  {
    title: 'shortcuts.group.images',
    shortcuts: [
      { keys: ['Ctrl+Enter'], does: 'shortcuts.generate' },
      {
        keys: [{ say: 'shortcuts.key.arrowsAll' }, 'Page Up', 'Page Down', 'Home', 'End'],
        does: 'shortcuts.gallery',
      },
      { keys: [{ say: 'shortcuts.key.arrowsLeftRight' }], does: 'shortcuts.viewer' },
      { keys: [{ say: 'shortcuts.key.altArrows' }], does: 'shortcuts.sources' },
    ],
  },
  {
    title: 'shortcuts.group.audio',
    shortcuts: [
      { keys: ['Ctrl+Enter'], does: 'shortcuts.create' },
      { keys: [{ say: 'shortcuts.key.space' }, 'Enter'], does: 'shortcuts.player' },
      {
        keys: [{ say: 'shortcuts.key.arrowsAll' }, { say: 'shortcuts.key.homeEnd' }],
        does: 'shortcuts.seek',
      },
    ],
  },
];

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Handled here, so the shell's Esc (stop the answer) does not act as well.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays inside the dialog while it is open: the list scrolls, the Close button is its stop.
    const focusable = dialog.current?.querySelectorAll<HTMLElement>('button, [tabindex="0"]');
    if (!focusable || focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) last.focus();
    else if (!event.shiftKey && document.activeElement === last) first.focus();
    else return;
    event.preventDefault();
  }

  const say = (key: KeyName) => (typeof key === 'string' ? key : translateDynamic(t, key.say));
  return (
    <div
      className="shortcuts-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="shortcuts-dialog"
        onKeyDown={onKeyDown}
      >
        <div className="shortcuts-head">
          <h2 id={titleId}>{t('shortcuts.title')}</h2>
          <button ref={closeButton} type="button" className="button" onClick={onClose}>
            {t('shortcuts.close')}
          </button>
        </div>
        <div className="shortcuts-body" tabIndex={0}>
          <p className="hint">{t('shortcuts.mac')}</p>
          {GROUPS.map((group) => (
            <table key={group.title} className="shortcuts-table">
              <caption>{translateDynamic(t, group.title)}</caption>
              <tbody>
                {group.shortcuts.map((shortcut) => (
                  <tr key={shortcut.does}>
                    <th scope="row">
                      {shortcut.keys.map((key, index) => (
                        <kbd key={index}>{say(key)}</kbd>
                      ))}
                    </th>
                    <td>{translateDynamic(t, shortcut.does)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </div>
    </div>
  );
}
