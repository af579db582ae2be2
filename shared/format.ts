// Sizes in words, the same in core's messages and on screen: "840 KB", "12.4 MB".

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Binary units, one decimal above bytes (dropped when it is 0); the locale decides the decimal mark. */
export function formatBytes(bytes: number, locale = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = value.toLocaleString(locale, {
    maximumFractionDigits: unit === 0 ? 0 : 1,
    useGrouping: false,
  });
  return `${number} ${UNITS[unit]}`;
}
