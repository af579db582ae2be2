// The offer under a pasted web address: send it as a picture (the address itself goes to the service, which fetches it), or keep it as text.
import { useT } from '../../i18n/use-t';

export function AddressOffer({
  address,
  onAttach,
  onKeepText,
}: {
  address: string;
  onAttach(): void;
  onKeepText(): void;
}) {
  const t = useT();
  return (
    <div className="attachment-advice address-offer" role="note">
      <p className="address-offer-text">{t('attach.address.offer', { address })}</p>
      <div className="advice-actions">
        <button type="button" className="button primary" onClick={onAttach}>
          {t('attach.address.attach')}
        </button>
        <button type="button" className="button ghost" onClick={onKeepText}>
          {t('attach.address.keepText')}
        </button>
      </div>
    </div>
  );
}
