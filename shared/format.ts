// Sizes in binary units: core's English messages ("840 KB", "12.4 MB"), and the scale the screen's words use (renderer/src/i18n/counts.ts).

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export type ByteUnit = (typeof UNITS)[number];

/** A size in the largest binary unit under it, and how many decimals it is shown with. */
export function bytesInUnit(bytes: number): { value: number; unit: ByteUnit; decimals: 0 | 1 } {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return { value, unit: UNITS[unit]!, decimals: unit === 0 ? 0 : 1 };
}

/** Binary units, one decimal above bytes (dropped when it is 0); the locale decides the decimal mark. */
export function formatBytes(bytes: number, locale = 'en'): string {
  const { value, unit, decimals } = bytesInUnit(bytes);
  const number = value.toLocaleString(locale, {
    maximumFractionDigits: decimals,
    useGrouping: false,
  });
  return `${number} ${unit}`;
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
