// The conversation header's Export button: a small menu of the three formats, saved through core.
import { useEffect, useId, useRef, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/transfer';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { useT } from '../i18n/use-t';
import { invoke } from '../platform';
import { deliverPrepared } from './deliver';
import './transfer.css';

export function ExportMenu({ conversationId }: { conversationId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function exportAs(format: ExportFormat) {
    setOpen(false);
    setBusy(true);
    setError(null);
    const prepared = await invoke('transfer.export', { conversationId, format });
    const delivered = prepared.ok ? await deliverPrepared(prepared.data) : prepared;
    setBusy(false);
    if (!delivered.ok) setError(delivered.error);
  }

  return (
    <div className="export-menu" ref={root}>
      <button
        type="button"
        className="button ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        <Icon name="download" size={16} /> {t('transfer.export')}
      </button>
      {open && (
        <div
          className="export-menu-list"
          role="menu"
          id={menuId}
          aria-label={t('transfer.exportMenu')}
        >
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="export-menu-item"
              onClick={() => void exportAs(format)}
            >
              {t(`transfer.format.${format}`)}
            </button>
          ))}
        </div>
      )}
      {error && (
        <div className="export-menu-error">
          <ErrorNotice error={error} onDismiss={() => setError(null)} />
        </div>
      )}
    </div>
  );
}
