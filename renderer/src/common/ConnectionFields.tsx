// The service's address and key as two fields, the same on the welcome screen and in Settings:
// their names, hints and input kinds are said here once. Each screen keeps its own values and
// adds what only it says about the key (whether one is set, where it is stored, a problem).
import type { ReactNode, Ref } from 'react';
import { useT } from '../i18n/use-t';
import { Field } from './Field';

interface ConnectionFieldsProps {
  baseUrl: string;
  onBaseUrlChange(value: string): void;
  apiKey: string;
  onApiKeyChange(value: string): void;
  /** The address field, for a screen that focuses it. */
  baseUrlRef?: Ref<HTMLInputElement>;
  baseUrlPlaceholder?: string;
  /** Both fields shown but not editable (the key was accepted). */
  disabled?: boolean;
  /** Said before the key's usual hint, such as whether a key is set. */
  keyStatus?: ReactNode;
  /** What is wrong with the key as entered; shown as a warning in place of the usual hint. */
  keyProblem?: string | null;
  /** More under the key's hint: storage warnings, a clear button. */
  keyExtra?: ReactNode;
}

export function ConnectionFields({
  baseUrl,
  onBaseUrlChange,
  apiKey,
  onApiKeyChange,
  baseUrlRef,
  baseUrlPlaceholder,
  disabled,
  keyStatus,
  keyProblem,
  keyExtra,
}: ConnectionFieldsProps) {
  const t = useT();
  return (
    <>
      <Field label={t('settings.baseUrl')} hint={t('settings.baseUrlHint')}>
        {(id) => (
          <input
            id={id}
            ref={baseUrlRef}
            className="input"
            type="text"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            placeholder={baseUrlPlaceholder}
            value={baseUrl}
            disabled={disabled}
            onChange={(event) => onBaseUrlChange(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('settings.apiKey')}>
        {(id) => (
          <>
            <input
              id={id}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('settings.apiKeyPlaceholder')}
              value={apiKey}
              disabled={disabled}
              onChange={(event) => onApiKeyChange(event.target.value)}
            />
            {keyProblem ? (
              <p className="hint warning">{keyProblem}</p>
            ) : (
              <p className="hint">
                {keyStatus}
                {keyStatus ? ' ' : null}
                {t('settings.keyHint')}
              </p>
            )}
            {keyExtra}
          </>
        )}
      </Field>
    </>
  );
}
