// A value chosen from suggestions, or "Other…" and a field to type any value in the document's form (a size, a ratio).
import { useState } from 'react';
import { Field } from './Field';

/** The choice that opens the typed field; no size or ratio can be spelled so. */
const OTHER = 'other';

/** The choice's words in the person's language: its label, "Other…", the typed field and its hints. */
export interface SuggestedOrTypedWords {
  label: string;
  other: string;
  typed: string;
  typedHint: string;
  wrong: string;
}

/**
 * The list, then the typed field when "Other…" is chosen. A typed value stays in its own field,
 * even when it spells a suggested one on the way; one in another form is named under it.
 */
export function SuggestedOrTyped(props: {
  words: SuggestedOrTypedWords;
  value: string;
  suggestions: readonly string[];
  /** The first choice, meaning "none"; without it a value is required, and an empty one is wrong. */
  emptyLabel?: string;
  hint?: string | false;
  /** How a suggestion reads in the list ("1024 × 1024"); as it is by default. */
  show?(value: string): string;
  isWellFormed(text: string): boolean;
  placeholder: string;
  inputMode?: 'text' | 'decimal';
  onChange(value: string): void;
}) {
  const { words, value, suggestions, onChange } = props;
  const [typing, setTyping] = useState(() => value !== '' && !suggestions.includes(value));
  const typed = value.trim();
  const wrong =
    typing && (typed === '' ? props.emptyLabel === undefined : !props.isWellFormed(typed));
  return (
    <>
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
            {props.emptyLabel !== undefined && <option value="">{props.emptyLabel}</option>}
            {suggestions.map((item) => (
              <option key={item} value={item}>
                {props.show ? props.show(item) : item}
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
              inputMode={props.inputMode}
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
    </>
  );
}
