// The question before a link leaves the app: the whole address with its host set apart, Open link or Cancel.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LinkAddress } from '../../../shared/links';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './link-confirm.css';

function LinkConfirm({ address }: { address: LinkAddress }) {
  const t = useT();
  const confirm = useAppStore((s) => s.confirmOpenLink);
  const cancel = useAppStore((s) => s.cancelOpenLink);
  const [always, setAlways] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // Cancel first: Enter or Space right after the click must not send the person away.
    cancelButton.current?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays inside the dialog while it is open.
    const focusable = dialog.current?.querySelectorAll<HTMLElement>('button, input');
    if (!focusable || focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) last.focus();
    else if (!event.shiftKey && document.activeElement === last) first.focus();
    else return;
    event.preventDefault();
  }

  return (
    <div
      className="link-confirm-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && cancel()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="link-confirm"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{t('link.confirmTitle')}</h2>
        <p id={textId}>
          {t(address.scheme === 'mailto:' ? 'link.confirmMail' : 'link.confirmWeb')}
        </p>
        <p className="link-address" aria-label={t('link.address')}>
          <span className="link-address-part">{address.before}</span>
          <strong className="link-address-host">{address.highlighted}</strong>
          <span className="link-address-part">{address.after}</span>
        </p>
        {address.trustKey !== null && (
          <label className="link-confirm-always">
            <input
              type="checkbox"
              checked={always}
              onChange={(event) => setAlways(event.target.checked)}
            />
            {t('link.alwaysOpen', { host: address.trustKey })}
          </label>
        )}
        <div className="link-confirm-actions">
          <button ref={cancelButton} type="button" className="button" onClick={cancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary" onClick={() => confirm(always)}>
            {t('link.open')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Mounted once by the shell; shows itself while a link waits (store: linkToConfirm). */
export function LinkConfirmDialog() {
  const address = useAppStore((s) => s.linkToConfirm);
  // Keyed by the address, so a second link never inherits the first one's ticked box.
  return address ? <LinkConfirm key={address.href} address={address} /> : null;
}
