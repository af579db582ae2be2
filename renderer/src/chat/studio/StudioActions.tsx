// Read aloud and Illustrate among an answer's actions: each made with the models chosen in Settings, linked back to this message.
import { useRef } from 'react';
import type { ChatMessage } from '../../../../shared/types';
import { useT } from '../../i18n/use-t';
import { useAppStore } from '../../store';

/** The text selected inside the message holding `control`, if the selection lies wholly in it. */
function selectedTextBy(control: Element): string {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return '';
  const article = control.closest('article');
  const range = selection.getRangeAt(0);
  if (!article || !article.contains(range.commonAncestorContainer)) return '';
  return selection.toString().trim();
}

interface StudioActionsProps {
  conversationId: string;
  message: ChatMessage;
  /** "answer 2": said in the buttons' names. */
  which: string;
}

export function StudioActions({ conversationId, message, which }: StudioActionsProps) {
  const t = useT();
  const busy = useAppStore((s) => s.studioBusy[message.id] ?? null);
  const readAloud = useAppStore((s) => s.readAloud);
  const illustrate = useAppStore((s) => s.illustrate);
  // The selection is read as the press begins: a click may move it before onClick runs.
  const selected = useRef('');
  const place = { conversationId, messageId: message.id };
  if (message.content.trim() === '') return null;
  return (
    <>
      <button
        type="button"
        className="text-button"
        disabled={busy !== null}
        aria-label={t('studio.readAloudOf', { message: which })}
        onClick={() => void readAloud(place, message.content)}
      >
        {t('studio.readAloud')}
      </button>
      <button
        type="button"
        className="text-button"
        disabled={busy !== null}
        title={t('studio.illustrateHint')}
        aria-label={t('studio.illustrateOf', { message: which })}
        onPointerDown={(event) => {
          selected.current = selectedTextBy(event.currentTarget);
        }}
        onClick={(event) => {
          const text = selected.current || selectedTextBy(event.currentTarget) || message.content;
          selected.current = '';
          void illustrate(place, text);
        }}
      >
        {t('studio.illustrate')}
      </button>
    </>
  );
}
