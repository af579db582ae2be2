// The speech voice as a labelled choice of the six the document names, for the Audio tab's form and Settings' chat card.
import { VOICES, type Voice } from '../../../shared/audio';
import { Field } from './Field';

export function VoiceSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Voice;
  onChange(voice: Voice): void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          className="input voice-select"
          value={value}
          onChange={(event) => onChange(event.target.value as Voice)}
        >
          {VOICES.map((voice) => (
            <option key={voice} value={voice}>
              {voice}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
