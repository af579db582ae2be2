// Saved prompts in the Message box: "/" at the start or after a space opens a filtered list (↑ ↓ Enter Tab Escape), a prompt with variables asks for them, and its text takes the place of the "/query".
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { promptVariables, type Prompt } from '../../../shared/prompts';
import { ErrorNotice } from '../common/ErrorNotice';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { matchingPrompts, replaceSlash, slashQueryAt, type SlashQuery } from './slash';
import './prompts.css';

// The forms load when first opened: the Message box is on the first screen.
const PromptFillDialog = lazy(() =>
  import('./PromptFillDialog').then((m) => ({ default: m.PromptFillDialog })),
);
const PromptManager = lazy(() =>
  import('./PromptManager').then((m) => ({ default: m.PromptManager })),
);

export interface PromptSlash {
  /** For the Message box: it names the list and its active option while the list is open. */
  inputProps: {
    'aria-autocomplete': 'list';
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
    onSelect: () => void;
    onInput: () => void;
    onBlur: () => void;
  };
  /** The list's keys, seen first; true when the key was the list's (the box must not act on it). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The list and the forms, drawn inside the composer. */
  element: ReactNode;
}

export function usePromptSlash(
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
): PromptSlash {
  const t = useT();
  const listId = useId();
  const prompts = useAppStore((s) => s.prompts);
  const promptsError = useAppStore((s) => s.promptsError);
  const loadPrompts = useAppStore((s) => s.loadPrompts);
  const managerOpen = useAppStore((s) => s.promptManagerOpen);
  // The Chat panel stays mounted behind other tabs: Settings draws its own manager there.
  const onChatTab = useAppStore((s) => s.tab === 'chat');
  const setManagerOpen = useAppStore((s) => s.setPromptManagerOpen);
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // With no prompt matching, Enter sends the message as typed unless an arrow chose "Manage prompts…".
  const [moved, setMoved] = useState(false);
  const [filling, setFilling] = useState<{ prompt: Prompt; span: SlashQuery } | null>(null);
  const caretAfter = useRef<number | null>(null);

  const slash = caret === null ? null : slashQueryAt(text, Math.min(caret, text.length));
  const open = slash !== null && dismissedAt !== slash.start && !filling && !managerOpen;
  const matches = open && prompts ? matchingPrompts(prompts, slash.query) : [];
  const count = matches.length + 1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Each "/" asks for the list again, so a restore or a change in another window shows.
  const slashStart = open ? slash.start : null;
  useEffect(() => {
    if (slashStart !== null) void loadPrompts();
  }, [slashStart, loadPrompts]);
  // Escape shuts the list for this "/" only: once it is gone, the next one opens it again.
  const slashGone = slash === null;
  useEffect(() => {
    if (slashGone) setDismissedAt(null);
  }, [slashGone]);
  const query = slash?.query;
  useEffect(() => {
    setActive(0);
    setMoved(false);
  }, [query]);
  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });
  // The caret goes after the inserted text once the box holds it.
  useEffect(() => {
    const at = caretAfter.current;
    if (at === null || !box.current) return;
    caretAfter.current = null;
    box.current.focus();
    box.current.setSelectionRange(at, at);
  }, [text, box, filling]);

  const syncCaret = () => setCaret(box.current?.selectionStart ?? null);

  function insert(value: string, span: SlashQuery) {
    const next = replaceSlash(text, span, value);
    caretAfter.current = next.caret;
    setCaret(next.caret);
    setText(next.text);
  }

  function choose(index: number) {
    if (!slash) return;
    const prompt = matches[index];
    if (!prompt) {
      setManagerOpen(true);
      return;
    }
    if (promptVariables(prompt.text).length === 0) insert(prompt.text, slash);
    else setFilling({ prompt, span: slash });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.nativeEvent.isComposing) return false;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      setActive((active + (key === 'ArrowDown' ? 1 : count - 1)) % count);
      setMoved(true);
    } else if ((key === 'Enter' || key === 'Tab') && !event.shiftKey) {
      if (!prompts || (matches.length === 0 && !moved)) return false;
      choose(active);
    } else if (key === 'Escape') {
      setDismissedAt(slash.start);
      event.stopPropagation();
    } else return false;
    event.preventDefault();
    return true;
  }

  const element = (
    <>
      {open && (
        <div className="prompt-menu">
          {prompts === null ? (
            promptsError ? (
              // No Retry here: a click would take focus from the box and close the list; the next "/" asks again.
              <ErrorNotice error={promptsError} />
            ) : (
              <p className="prompt-menu-note">{t('prompts.loading')}</p>
            )
          ) : (
            matches.length === 0 && (
              <p className="prompt-menu-note" role="status">
                {t('prompts.none', { query: slash.query })}
              </p>
            )
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label={t('prompts.menu')}
            className="prompt-menu-list"
          >
            {matches.map((p, index) => (
              <li
                key={p.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`prompt-option${index === active ? ' active' : ''}`}
                // The Message box keeps focus: the list is its own.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(index)}
              >
                <span className="prompt-option-name">{p.name}</span>
                <span className="prompt-option-text">{p.text}</span>
              </li>
            ))}
            <li
              id={optionId(matches.length)}
              role="option"
              aria-selected={active === matches.length}
              className={`prompt-option manage${active === matches.length ? ' active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(matches.length)}
              onClick={() => choose(matches.length)}
            >
              <span className="prompt-option-name">{t('prompts.manage')}</span>
            </li>
          </ul>
          <p className="prompt-menu-keys" aria-hidden="true">
            {t('prompts.menuHint')}
          </p>
        </div>
      )}
      <Suspense fallback={null}>
        {filling && (
          <PromptFillDialog
            prompt={filling.prompt}
            onCancel={() => setFilling(null)}
            onFill={(filled) => {
              insert(filled, filling.span);
              setFilling(null);
            }}
          />
        )}
        {managerOpen && onChatTab && (
          <PromptManager
            onClose={() => {
              setManagerOpen(false);
              box.current?.focus();
            }}
          />
        )}
      </Suspense>
    </>
  );

  return {
    inputProps: {
      'aria-autocomplete': 'list',
      ...(open ? { 'aria-controls': listId, 'aria-activedescendant': optionId(active) } : {}),
      onSelect: syncCaret,
      onInput: syncCaret,
      onBlur: () => {
        // A form opened from the list keeps the place of its "/query".
        if (!filling && !managerOpen) setCaret(null);
      },
    },
    onKeyDown,
    element,
  };
}
