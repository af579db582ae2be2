// A Copy button that says "Copied" for a moment after it worked.
import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { copyText } from './clipboard';

export function CopyButton({
  text,
  label,
  className = 'text-button',
}: {
  text: string;
  label?: string;
  /** The look of the other buttons in its row. */
  className?: string;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={className}
      aria-label={label ?? t('common.copy')}
      onClick={() => void copyText(text).then(setCopied)}
    >
      {copied ? t('common.copied') : t('common.copy')}
    </button>
  );
}
