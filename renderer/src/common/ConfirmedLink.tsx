// A link that leaves the app only through the link confirmation, however it is clicked.
import type { MouseEvent, ReactNode } from 'react';
import { useAppStore } from '../store';

/** The middle button: in a browser it opens the address in a new tab, asking nobody. */
const MIDDLE_BUTTON = 1;

export function ConfirmedLink({
  href,
  title,
  children,
}: {
  href: string;
  title?: string;
  children?: ReactNode;
}) {
  const requestOpenLink = useAppStore((s) => s.requestOpenLink);

  function ask(event: MouseEvent<HTMLAnchorElement>) {
    // The window never navigates nor opens a tab: the person confirms, then the system browser opens it.
    event.preventDefault();
    requestOpenLink(href);
  }

  return (
    <a
      href={href}
      title={title}
      rel="noreferrer noopener"
      onClick={ask}
      onAuxClick={(event) => {
        if (event.button === MIDDLE_BUTTON) ask(event);
      }}
    >
      {children}
    </a>
  );
}
