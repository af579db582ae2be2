// The picture's shape in the Images form: a size and an aspect ratio, each a suggested one or any typed in the document's form.
import { ASPECT_RATIOS, FREE_SIZES, isImageSize, type ImageShape } from '../../../shared/images';
import { isAspectRatio } from '../../../shared/aspect-ratio';
import { SuggestedOrTyped } from '../common/SuggestedOrTyped';
import { useT } from '../i18n/use-t';

export function ShapeField({
  shape,
  size,
  aspectRatio,
  emptySizeLabel,
  onSize,
  onAspect,
}: {
  shape: ImageShape;
  size: string;
  aspectRatio: string;
  emptySizeLabel: string;
  onSize(size: string): void;
  onAspect(ratio: string): void;
}) {
  const t = useT();
  // Any model may take either: the list does not say which wants aspect_ratio. The guess only
  // orders the fields and sets the first choice; a value in one clears the other.
  const sizeField = (
    <div key="size" className="shape-choice">
      <SuggestedOrTyped
        words={{
          label: t('images.size'),
          other: t('images.sizeOther'),
          typed: t('images.sizeTyped'),
          typedHint: t('images.sizeTypedHint'),
          wrong: t('images.sizeWrong'),
        }}
        value={size}
        suggestions={shape.kind === 'size' ? shape.sizes : FREE_SIZES}
        emptyLabel={emptySizeLabel}
        hint={shape.kind === 'size' && shape.fixed && t('images.shape.fixed')}
        show={(item) => item.replace('x', ' × ')}
        isWellFormed={isImageSize}
        placeholder="1280x720"
        onChange={(next) => {
          onSize(next);
          if (next.trim()) onAspect('');
        }}
      />
    </div>
  );
  const aspectField = (
    <div key="aspect" className="shape-choice">
      <SuggestedOrTyped
        words={{
          label: t('images.aspectRatio'),
          other: t('images.aspectOther'),
          typed: t('images.aspectTyped'),
          typedHint: t('images.aspectTypedHint'),
          wrong: t('images.aspectWrong'),
        }}
        value={aspectRatio}
        suggestions={ASPECT_RATIOS}
        emptyLabel={t('images.aspectNotSent')}
        hint={shape.kind === 'aspect' && t('images.shape.aspect')}
        isWellFormed={isAspectRatio}
        placeholder="5:4"
        onChange={(next) => {
          onAspect(next);
          if (next.trim()) onSize('');
        }}
      />
    </div>
  );
  return (
    <div className="field-row">
      {shape.kind === 'aspect' ? [aspectField, sizeField] : [sizeField, aspectField]}
    </div>
  );
}
