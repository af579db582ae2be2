// A dialog that lists kept things (assistants, saved prompts) and edits one at a time: New and Close in its head, the form in place of the list, and each item's Delete asked inline.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { UserError } from '../../../shared/types';
import { useT } from '../i18n/use-t';
import { ErrorNotice } from './ErrorNotice';
import { InlineConfirm } from './InlineConfirm';
import { ModalDialog } from './ModalDialog';

export function ListEditorDialog({
  title,
  newLabel,
  onNew,
  editing,
  onLeaveForm,
  onClose,
  className,
  panelRef,
  children,
}: {
  title: string;
  newLabel: string;
  onNew(): void;
  /** A form is open in place of the list. */
  editing: boolean;
  onLeaveForm(): void;
  onClose(): void;
  className: string;
  /** The dialog's panel, for an item whose controls are gone (deleted) to give focus to. */
  panelRef?: RefObject<HTMLDivElement | null>;
  /** The form or the list, as `editing` says. */
  children: ReactNode;
}) {
  const t = useT();
  const newButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // The form's controls go with it: focus comes back to New.
  useEffect(() => {
    if (wasEditing.current && !editing) newButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <ModalDialog
      title={title}
      headActions={
        <>
          <button ref={newButton} type="button" className="button primary small" onClick={onNew}>
            {newLabel}
          </button>
          <button type="button" className="button ghost small" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
      onClose={onClose}
      initialFocus={newButton}
      panelRef={panelRef}
      onKeyDown={(event) => {
        // Escape leaves the form first, the dialog only from the list.
        if (event.key !== 'Escape' || !editing) return;
        event.preventDefault();
        event.stopPropagation();
        onLeaveForm();
      }}
      className={className}
    >
      {children}
    </ModalDialog>
  );
}

/**
 * An item's Delete, asked inline with `message`: the button for its actions and, below them, the
 * question and any failure. `remove` answers a failure or null; the item's controls go with it,
 * so `onDeleted` says where focus goes.
 */
export function useItemDelete({
  message,
  remove,
  onDeleted,
}: {
  message: string;
  remove(): Promise<UserError | null>;
  onDeleted?(): void;
}): { button: ReactNode; question: ReactNode } {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
  return {
    button: (
      <button type="button" className="button ghost small" onClick={() => setConfirming(true)}>
        {t('common.delete')}
      </button>
    ),
    question: (
      <>
        {confirming && (
          <InlineConfirm
            label={t('common.delete')}
            message={message}
            onConfirm={() => {
              setConfirming(false);
              void remove().then((failure) => {
                if (failure) setError(failure);
                else onDeleted?.();
              });
            }}
            onCancel={() => setConfirming(false)}
          />
        )}
        {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      </>
    ),
  };
}
