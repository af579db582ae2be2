// Where Tab goes inside a modal dialog, so that focus never leaves it for the page behind.

/** What a person can reach with Tab inside a dialog (those shown are kept by the caller). */
export const TABBABLE = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The control that Tab (Shift+Tab when `backwards`) moves to among a dialog's `controls`, in
 * order, with `active` focused; `active` null is the dialog itself, focused on open. Null: the
 * browser's own move, which stays inside (or, with no controls, there is nowhere to go).
 */
export function nextInTrap<T>(
  controls: readonly T[],
  active: T | null,
  backwards: boolean,
): T | null {
  if (controls.length === 0) return null;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  if (active === null) return backwards ? last : first;
  if (backwards && active === first) return last;
  if (!backwards && active === last) return first;
  return null;
}
