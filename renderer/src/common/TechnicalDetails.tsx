// The technical side of a message (an endpoint, a model list's naming, a count of requests), one click away under "Details" so the sentence above it stays plain.
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

export function TechnicalDetails({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <details className="technical-details">
      <summary>{t('common.details')}</summary>
      <div className="technical-details-body">{children}</div>
    </details>
  );
}
