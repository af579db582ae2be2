// The one frame of every modal dialog: the backdrop, the panel with its name, focus moved in on open
// and back to the opener on close, Escape to close, and Tab kept inside.
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { nextInTrap, TABBABLE } from './focus-trap';
import './modal-dialog.css';

/** The accessible name: a visible title (in the head), or a label where the dialog shows none. */
type DialogName = { title: ReactNode; label?: undefined } | { label: string; title?: undefined };

type ModalDialogProps = DialogName & {
  /** 'alertdialog' for a question to answer before going on. */
  role?: 'dialog' | 'alertdialog';
  /** Controls beside the title, in the head. */
  headActions?: ReactNode;
  /** The id of what the dialog asks or says, read with its name. */
  describedBy?: string;
  /** Escape, and a press on the backdrop unless `backdropCloses` is false. */
  onClose: () => void;
  /** False for a question that must be answered with one of its buttons. */
  backdropCloses?: boolean;
  /** The control focused on open (a safe answer first); the panel itself when not given. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The panel, for a dialog that puts focus back on it when the focused control goes away. */
  panelRef?: RefObject<HTMLDivElement | null>;
  /** The dialog's own keys, seen first: one it calls preventDefault on is not the frame's. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Drawn over the other dialogs: a question that may come while one of them is open. */
  raised?: boolean;
  /** The dialog's own class beside "modal" (its width, its layout). */
  className?: string;
  children: ReactNode;
};

export function ModalDialog({
  title,
  label,
  role = 'dialog',
  headActions,
  describedBy,
  onClose,
  backdropCloses = true,
  initialFocus,
  panelRef,
  onKeyDown,
  raised = false,
  className,
  children,
}: ModalDialogProps) {
  const ownPanel = useRef<HTMLDivElement>(null);
  const panel = panelRef ?? ownPanel;
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? panel.current)?.focus();
    return () => opener?.focus();
  }, [initialFocus, panel]);

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || !panel.current) return;
    if (event.key === 'Escape') {
      // The dialog's Escape alone: the shell's (stop the answer) must not act as well.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      const controls = [...panel.current.querySelectorAll<HTMLElement>(TABBABLE)].filter(
        (control) => control.checkVisibility(),
      );
      const focused = document.activeElement as HTMLElement | null;
      const next = nextInTrap(controls, focused === panel.current ? null : focused, event.shiftKey);
      if (next === null && controls.length > 0) return;
      event.preventDefault();
      next?.focus();
    }
  }

  return (
    <div
      className={raised ? 'modal-backdrop raised' : 'modal-backdrop'}
      onMouseDown={(event) => backdropCloses && event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={title === undefined ? undefined : titleId}
        aria-label={label}
        aria-describedby={describedBy}
        className={className ? `modal ${className}` : 'modal'}
        tabIndex={-1}
        onKeyDown={keyDown}
      >
        {title !== undefined && (
          <div className="modal-head">
            <h2 id={titleId}>{title}</h2>
            {headActions}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
