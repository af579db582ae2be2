// How the bench report writes a figure: durations, sizes, shares, medians, means and verdicts.

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const percent = (share: number) => `${(share * 100).toFixed(0)}%`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
}

export function verdict(ok: boolean): string {
  return ok ? 'met' : '**not met**';
}
