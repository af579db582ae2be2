// Prices from the model list in one form for people, and estimates before spending: exact decimals, never floats.
import type { ModelInfo, PriceUnit, UnitPrice } from './types';

export type { PriceUnit, UnitPrice } from './types';

export const PRICE_UNITS: readonly PriceUnit[] = ['image', 'second', 'minute', 'page', 'call'];

/** An exact decimal: digits × 10^-scale. */
interface Decimal {
  digits: bigint;
  scale: number;
}

/** A decimal string ("0.00000015", "3", "1.5e-7") exactly; null for anything else or a negative. */
export function parseDecimal(text: string): Decimal | null {
  const m = /^\s*(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const exponent = m[3] ? Number(m[3]) : 0;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 30) return null;
  let digits = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= BigInt(10) ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

function times(a: Decimal, factor: bigint): Decimal {
  return { digits: a.digits * factor, scale: a.scale };
}

/** a / 10^n exactly. */
function shift(a: Decimal, n: number): Decimal {
  return { digits: a.digits, scale: a.scale + n };
}

function isBelow(a: Decimal, b: Decimal): boolean {
  const scale = Math.max(a.scale, b.scale);
  const ten = BigInt(10);
  return a.digits * ten ** BigInt(scale - a.scale) < b.digits * ten ** BigInt(scale - b.scale);
}

/**
 * The decimal rounded up (a cost is never understated) to `maxDecimals`, trailing zeros trimmed;
 * a positive amount that rounds to nothing shows as the smallest step.
 */
export function formatDecimal(value: Decimal, maxDecimals = 6): string {
  const ten = BigInt(10);
  let digits = value.digits;
  let scale = value.scale;
  if (scale > maxDecimals) {
    const divisor = ten ** BigInt(scale - maxDecimals);
    const rounded = digits / divisor + (digits % divisor === BigInt(0) ? BigInt(0) : BigInt(1));
    digits = rounded;
    scale = maxDecimals;
  }
  const text = digits.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = (scale > 0 ? text.slice(text.length - scale) : '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Token prices below this are per token (what the list carries in the OpenRouter style). */
const PER_TOKEN_BELOW: Decimal = { digits: BigInt(1), scale: 2 };

/**
 * How the list gives token prices. Public clients show them per token ("0.00000015"); SERVICE.md
 * allows per million too ("0.15"). No model costs a hundredth of a credit per token, and none a
 * hundredth per million: a price under 0.01 is per token, any other per million.
 */
export function tokenPriceBasis(price: string): 'token' | 'million' | null {
  const value = parseDecimal(price);
  if (!value) return null;
  if (value.digits === BigInt(0)) return 'token';
  return isBelow(value, PER_TOKEN_BELOW) ? 'token' : 'million';
}

/** A token price as credits per million tokens, exactly; null when the list gives none. */
export function perMillionTokens(price: string | null): string | null {
  if (price === null) return null;
  const value = parseDecimal(price);
  const basis = tokenPriceBasis(price);
  if (!value || !basis) return null;
  return formatDecimal(basis === 'token' ? times(value, BigInt(1_000_000)) : value, 6);
}

export interface ModelPrices {
  /** Credits per million prompt / completion tokens; null when not listed. */
  inputPerMillion: string | null;
  outputPerMillion: string | null;
  unit: UnitPrice | null;
}

/** Token prices of 0 on a model priced per unit say nothing about its cost: only the unit counts. */
export function modelPrices(model: ModelInfo): ModelPrices {
  const unit = model.unitPrice ?? null;
  const zero = (p: string | null) => p !== null && parseDecimal(p)?.digits === BigInt(0);
  const tokensSayNothing = unit !== null && zero(model.promptPrice) && zero(model.completionPrice);
  return {
    inputPerMillion: tokensSayNothing ? null : perMillionTokens(model.promptPrice),
    outputPerMillion: tokensSayNothing ? null : perMillionTokens(model.completionPrice),
    unit,
  };
}

/** Credits for `tokens` prompt tokens at the model's input price; null when the list gives none. */
export function promptCost(model: ModelInfo | null, tokens: number): string | null {
  if (!model || model.promptPrice === null || !Number.isSafeInteger(tokens) || tokens < 0)
    return null;
  const value = parseDecimal(model.promptPrice);
  const basis = tokenPriceBasis(model.promptPrice);
  if (!value || !basis) return null;
  const cost = times(value, BigInt(tokens));
  return formatDecimal(basis === 'token' ? cost : shift(cost, 6));
}

/**
 * Credits for `count` pictures, or for `seconds` of sound or film, at the model's listed unit
 * price; null when the list states no price in that unit (nothing is guessed).
 */
export function unitCost(
  model: ModelInfo | null,
  amount: { images: number } | { seconds: number },
): string | null {
  const unit = model?.unitPrice;
  if (!unit) return null;
  const price = parseDecimal(unit.price);
  if (!price) return null;
  if ('images' in amount) {
    if (unit.unit !== 'image' || !Number.isSafeInteger(amount.images)) return null;
    return formatDecimal(times(price, BigInt(amount.images)));
  }
  if (!Number.isSafeInteger(amount.seconds) || amount.seconds < 0) return null;
  if (unit.unit === 'second') return formatDecimal(times(price, BigInt(amount.seconds)));
  if (unit.unit === 'minute') {
    // Seconds in minutes: scaled by 10^9 before dividing by 60, rounded up after.
    const scaled = price.digits * BigInt(amount.seconds) * BigInt(1_000_000_000);
    return formatDecimal({ digits: (scaled + BigInt(59)) / BigInt(60), scale: price.scale + 9 });
  }
  return null;
}

/** A long turn, worth an estimate before it is sent. */
export const LONG_TURN_TOKENS = 2000;
