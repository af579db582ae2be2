// A video's aspect ratio: one of the suggested ratios, or any other typed in the document's <w>:<h> form.
import { useState } from 'react';
import { Field } from '../common/Field';
import { useT } from '../i18n/use-t';
import { VIDEO_ASPECT_RATIOS } from '../../../shared/video';
import { isAspectRatio } from '../../../shared/aspect-ratio';

/** The choice that opens the typed field; no ratio can be spelled so. */
const OTHER = 'other';

const isSuggested = (ratio: string) => (VIDEO_ASPECT_RATIOS as readonly string[]).includes(ratio);

/** Whether `ratio` can be sent: the tab keeps Generate off while it cannot. */
export function aspectRatioSendable(ratio: string): boolean {
  return isAspectRatio(ratio.trim());
}

export function AspectRatioField({
  value,
  onChange,
}: {
  value: string;
  onChange(ratio: string): void;
}) {
  const t = useT();
  // A typed ratio stays in its own field, even when it spells a suggested one on the way.
  const [typing, setTyping] = useState(() => !isSuggested(value));
  const wrong = typing && !aspectRatioSendable(value);
  return (
    <>
      <Field label={t('video.aspectRatio')}>
        {(id) => (
          <select
            id={id}
            className="input"
            value={typing ? OTHER : value}
            onChange={(event) => {
              const chosen = event.target.value;
              setTyping(chosen === OTHER);
              if (chosen !== OTHER) onChange(chosen);
            }}
          >
            {VIDEO_ASPECT_RATIOS.map((ratio) => (
              <option key={ratio} value={ratio}>
                {ratio}
              </option>
            ))}
            <option value={OTHER}>{t('video.aspectOther')}</option>
          </select>
        )}
      </Field>
      {typing && (
        <Field
          label={t('video.aspectTyped')}
          hint={wrong ? t('video.aspectWrong') : t('video.aspectTypedHint')}
          warning={wrong}
        >
          {(id) => (
            <input
              id={id}
              className="input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder="2:1"
              aria-invalid={wrong || undefined}
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
}
