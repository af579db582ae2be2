// The Automatic1111 section of Settings: how to map sdapi/txt2img, and the address with the key masked.
import { sdapiAddress } from '../../../shared/images';
import { CopyButton } from '../common/CopyButton';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';

export function SdApiSettings() {
  const t = useT();
  const settings = useAppStore((s) => s.settings);
  const ready = Boolean(settings?.baseUrl && settings.keySet);
  // The renderer never holds the key: the address shows where it goes, masked.
  const masked = settings?.keyLast4 ? `••••${settings.keyLast4}` : '<API key>';
  const address = settings ? sdapiAddress(settings.baseUrl, masked) : '';
  return (
    <section className="card" aria-labelledby="sdapi-settings-title">
      <h2 id="sdapi-settings-title">{t('images.sdSettings.title')}</h2>
      <p className="hint">{t('images.sdSettings.body')}</p>
      {ready ? (
        <div className="field">
          <span className="label">{t('images.sdSettings.address')}</span>
          <div className="sdapi-address">
            <code aria-label={t('images.sdSettings.address')}>{address}</code>
            <CopyButton text={address} />
          </div>
          <p className="hint">{t('images.sdSettings.keyNote', { masked })}</p>
          <p className="hint">{t('images.sdSettings.tryIt')}</p>
        </div>
      ) : (
        <p className="hint">{t('images.sdSettings.noService')}</p>
      )}
    </section>
  );
}
