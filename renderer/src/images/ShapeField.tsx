// The picture's shape in the Images form: a size and an aspect ratio, each a suggested one or any typed in the document's form.
import { useState } from 'react';
import { ASPECT_RATIOS, FREE_SIZES, isImageSize, type ImageShape } from '../../../shared/images';
import { isAspectRatio } from '../../../shared/aspect-ratio';
import { Field } from '../common/Field';
import { useT } from '../i18n/use-t';

/** The choice that opens the typed field; no size or ratio can be spelled so. */
const OTHER = 'other';

/** A choice's words in the person's language: its label, "Other…", the typed field and its hints. */
interface ChoiceWords {
  label: string;
  other: string;
  typed: string;
  typedHint: string;
  wrong: string;
}

/** A suggested value from a list, or "Other…" and a field for any value in the document's form. */
function ShapeChoice(props: {
  words: ChoiceWords;
  value: string;
  suggestions: readonly string[];
  emptyLabel: string;
  hint: string | false;
  /** How a suggestion reads in the list ("1024 × 1024"). */
  show(value: string): string;
  isWellFormed(text: string): boolean;
  placeholder: string;
  onChange(value: string): void;
}) {
  const { words, value, suggestions, onChange } = props;
  // A typed value stays in its own field, even when it spells a suggested one on the way.
  const [typing, setTyping] = useState(() => value !== '' && !suggestions.includes(value));
  const wrong = typing && value.trim() !== '' && !props.isWellFormed(value.trim());
  return (
    <div className="shape-choice">
      <Field label={words.label} hint={props.hint}>
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
            <option value="">{props.emptyLabel}</option>
            {suggestions.map((item) => (
              <option key={item} value={item}>
                {props.show(item)}
              </option>
            ))}
            <option value={OTHER}>{words.other}</option>
          </select>
        )}
      </Field>
      {typing && (
        <Field label={words.typed} hint={wrong ? words.wrong : words.typedHint} warning={wrong}>
          {(id) => (
            <input
              id={id}
              className="input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder={props.placeholder}
              aria-invalid={wrong || undefined}
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
      )}
    </div>
  );
}

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
    <ShapeChoice
      key="size"
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
  );
  const aspectField = (
    <ShapeChoice
      key="aspect"
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
      show={(item) => item}
      isWellFormed={isAspectRatio}
      placeholder="5:4"
      onChange={(next) => {
        onAspect(next);
        if (next.trim()) onSize('');
      }}
    />
  );
  return (
    <div className="field-row">
      {shape.kind === 'aspect' ? [aspectField, sizeField] : [sizeField, aspectField]}
    </div>
  );
}
