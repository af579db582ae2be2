// Line icons drawn inline as SVG, so nothing depends on an emoji or icon font being installed.
const PATHS = {
  chat: 'M4 5h16v11H8l-4 4z',
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1.5 1.5 0 1 0 0.01 0',
  audio: 'M9 18V6l11-2v12 M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3z M20 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z',
  video: 'M3 6h13v12H3z M16 10l5-3v10l-5-3',
  document: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 12h6 M9 16h6',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19 12l2-1-1-3-2 .3-1.3-1.3.3-2-3-1-1 2h-2l-1-2-3 1 .3 2L6 7.3 4 7l-1 3 2 1v2l-2 1 1 3 2-.3 1.3 1.3-.3 2 3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .3 1-3-2-1z',
  plus: 'M12 5v14 M5 12h14',
  pin: 'M9 4h6l-1 6 3 3H7l3-3z M12 13v7',
  unpin: 'M9 4h6l-1 6 3 3H7l3-3z M12 13v7 M4 4l16 16',
  edit: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  trash: 'M5 7h14 M10 7V4h4v3 M7 7l1 13h8l1-13',
  attach: 'M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.7 M20 4v5h-5',
  stop: 'M7 7h10v10H7z',
  logo: 'M12 3l9 9-9 9-9-9z',
  download: 'M12 4v11 M7 10l5 5 5-5 M5 20h14',
  archive: 'M3 4h18v4H3z M5 8v12h14V8 M10 12h4',
  folder: 'M3 6h6l2 2h10v11H3z',
  chevron: 'M9 6l6 6-6 6',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
