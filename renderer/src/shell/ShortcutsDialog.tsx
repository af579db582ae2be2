// The list of every keyboard shortcut the app has, opened with ? or F1: a modal dialog, Esc closes it.
import { useRef } from 'react';
import { ModalDialog } from '../common/ModalDialog';
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
      { keys: ['/'], does: 'shortcuts.prompts' },
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
  const closeButton = useRef<HTMLButtonElement>(null);

  const say = (key: KeyName) => (typeof key === 'string' ? key : translateDynamic(t, key.say));
  return (
    <ModalDialog
      title={t('shortcuts.title')}
      headActions={
        <button ref={closeButton} type="button" className="button" onClick={onClose}>
          {t('shortcuts.close')}
        </button>
      }
      onClose={onClose}
      initialFocus={closeButton}
      raised
      className="shortcuts-dialog"
    >
      {/* The list scrolls under the head; it is a Tab stop of its own, so keys can scroll it. */}
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
    </ModalDialog>
  );
}
