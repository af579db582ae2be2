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

/** A duration for people: "40 sec", "3 min", "1 hr 5 min" (in the locale's short units). */
export function formatDuration(seconds: number, locale = 'en'): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(
      value,
    );
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return unit(total, 'second');
  const minutes = Math.round(total / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}
