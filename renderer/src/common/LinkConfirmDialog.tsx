// The question before a link leaves the app: the whole address with its host set apart, Open link or Cancel.
import { useId, useRef, useState } from 'react';
import type { LinkAddress } from '../../../shared/links';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { ModalDialog } from './ModalDialog';
import './link-confirm.css';

function LinkConfirm({ address }: { address: LinkAddress }) {
  const t = useT();
  const confirm = useAppStore((s) => s.confirmOpenLink);
  const cancel = useAppStore((s) => s.cancelOpenLink);
  const [always, setAlways] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const textId = useId();

  return (
    // Cancel first: Enter or Space right after the click must not send the person away.
    <ModalDialog
      title={t('link.confirmTitle')}
      describedBy={textId}
      onClose={cancel}
      initialFocus={cancelButton}
      raised
      className="link-confirm"
    >
      <p id={textId}>{t(address.scheme === 'mailto:' ? 'link.confirmMail' : 'link.confirmWeb')}</p>
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
      <div className="modal-actions">
        <button ref={cancelButton} type="button" className="button" onClick={cancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button primary" onClick={() => confirm(always)}>
          {t('link.open')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Mounted once by the shell; shows itself while a link waits (store: linkToConfirm). */
export function LinkConfirmDialog() {
  const address = useAppStore((s) => s.linkToConfirm);
  // Keyed by the address, so a second link never inherits the first one's ticked box.
  return address ? <LinkConfirm key={address.href} address={address} /> : null;
}
