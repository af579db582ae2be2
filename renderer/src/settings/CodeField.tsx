// One field of an MCP server's configuration, in monospace without spell check.
import { Field } from '../common/Field';

/** One field of a server's configuration: monospace, no spell check; several lines when `rows` is given. */
export function CodeField({
  label,
  hint,
  value,
  onChange,
  rows,
  type,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  type?: 'url';
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) =>
        rows === undefined ? (
          <input
            id={id}
            className="input mono"
            type={type}
            value={value}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <textarea
            id={id}
            className="input mono"
            rows={rows}
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}
