// Beside "New chat": a menu of assistants to start a chat from, and the way to manage them.
import { useEffect, useRef, useState } from 'react';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { AssistantsDialog } from './AssistantsDialog';
import './organise.css';
import { IconButton } from '../common/IconButton';

export function AssistantPicker() {
  const t = useT();
  const assistants = useAppStore((s) => s.assistants);
  const loadAssistants = useAppStore((s) => s.loadAssistants);
  const startChatWith = useAppStore((s) => s.startChatWith);
  const dialogOpen = useAppStore((s) => s.assistantsOpen);
  const setDialogOpen = useAppStore((s) => s.setAssistantsOpen);
  const language = useAppStore((s) => s.settings?.language ?? 'en');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
  const box = useRef<HTMLDivElement>(null);

  // Built-in assistants speak the person's language: read them again when it changes.
  useEffect(() => {
    void loadAssistants();
  }, [loadAssistants, language]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div
      className="assistant-picker"
      ref={box}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
        }
      }}
    >
      <IconButton
        label={t('organise.fromAssistant')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name="sparkle" size={17} />
      </IconButton>
      {open && (
        <div className="assistant-menu" role="menu" aria-label={t('organise.assistants')}>
          {assistants.map((a) => (
            <button
              key={a.id}
              type="button"
              role="menuitem"
              className="assistant-menu-item"
              title={a.systemPrompt}
              onClick={() => {
                setOpen(false);
                void startChatWith(a).then(setError);
              }}
            >
              {a.name}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            className="assistant-menu-item manage"
            onClick={() => {
              setOpen(false);
              setDialogOpen(true);
            }}
          >
            {t('organise.manageAssistants')}
          </button>
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {dialogOpen && <AssistantsDialog onClose={() => setDialogOpen(false)} />}
    </div>
  );
}
