// A video's aspect ratio: one of the suggested ratios, or any other typed in the document's <w>:<h> form.
import { SuggestedOrTyped } from '../common/SuggestedOrTyped';
import { useT } from '../i18n/use-t';
import { VIDEO_ASPECT_RATIOS } from '../../../shared/video';
import { isAspectRatio } from '../../../shared/aspect-ratio';

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
  // The document requires a ratio for a video: no "none" choice, and an empty typed one is wrong.
  return (
    <SuggestedOrTyped
      words={{
        label: t('video.aspectRatio'),
        other: t('video.aspectOther'),
        typed: t('video.aspectTyped'),
        typedHint: t('video.aspectTypedHint'),
        wrong: t('video.aspectWrong'),
      }}
      value={value}
      suggestions={VIDEO_ASPECT_RATIOS}
      isWellFormed={isAspectRatio}
      placeholder="2:1"
      inputMode="decimal"
      onChange={onChange}
    />
  );
}
