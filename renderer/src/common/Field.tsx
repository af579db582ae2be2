// A labelled field: the label, its control (given the id the label points at), and an optional hint.
import { useId, type ReactNode } from 'react';

interface FieldProps {
  /** The control's visible name, which is also its accessible name. */
  label: ReactNode;
  /** Renders the control with the id the label points at. */
  children(id: string): ReactNode;
  /** A line under the control: what it takes, its limits. */
  hint?: ReactNode;
  /** The hint says the value will not do (shown as a warning). */
  warning?: boolean;
  /** Extra classes beside "field", for a feature's own layout. */
  className?: string;
}

export function Field({ label, children, hint, warning = false, className }: FieldProps) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <p className={warning ? 'hint warning' : 'hint'}>{hint}</p>}
    </div>
  );
}
