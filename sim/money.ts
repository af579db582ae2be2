// Money of the simulated accounts: integer micro-credits in, decimal strings out (never floats).

export const MICRO_PER_CREDIT = 1_000_000;

/** Credits given as a decimal string ("100.00") in micro-credits; more than 6 decimals is refused. */
export function creditsToMicro(credits: string): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(credits);
  if (!match) throw new Error(`not a credit amount: ${credits}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  return whole * MICRO_PER_CREDIT + fraction;
}

/** An integer scaled by 10^scale as a decimal string, trailing zeros trimmed down to minDecimals. */
export function formatScaled(value: number, scale: number, minDecimals = 0): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
  const negative = value < 0;
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}

/** A balance or a cost: at least 2 decimals, at most 6 ("100.00", "0.000123"). */
export function formatCredits(micro: number): string {
  return formatScaled(micro, 6, 2);
}

/**
 * A price per token given in micro-credits per million tokens, as the decimal string of
 * credits per token the model list carries ("0.00000015").
 */
export function formatPerTokenPrice(microPerMillion: number): string {
  return formatScaled(microPerMillion, 12);
}

/** Cost in micro-credits of `units` at `microPerMillion` micro-credits per million units, rounded up. */
export function costOfUnits(units: number, microPerMillion: number): number {
  return Math.ceil((units * microPerMillion) / 1_000_000);
}
