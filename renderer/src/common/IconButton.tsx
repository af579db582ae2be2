// A button shown as an icon or one sign: its name is spoken and shown as its tooltip.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'aria-label' | 'children'
> {
  /** What it does: its accessible name, and its tooltip unless `title` says more. */
  label: string;
  /** The smaller size of rows and lists. */
  small?: boolean;
  /** An Icon, or a sign such as × or ↑. */
  children: ReactNode;
}

export function IconButton({ label, small = false, className, title, ...rest }: IconButtonProps) {
  const classes = ['icon-button', small ? 'small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} aria-label={label} title={title ?? label} {...rest} />
  );
}
