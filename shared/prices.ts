// Prices from the model list in one form for people, and estimates before spending: exact decimals, never floats.
import type { ModelInfo, PriceBasis, PriceUnit, SpendUnits, UnitPrice } from './types';

export type { PriceBasis, PriceUnit, UnitPrice } from './types';

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

export const PRICE_BASES: readonly PriceBasis[] = ['auto', 'token', 'million'];

/**
 * How the list gives token prices. Public clients show them per token ("0.00000015"); SERVICE.md
 * allows per million too ("0.15"). No model costs a hundredth of a credit per token, and none a
 * hundredth per million: a price under 0.01 is per token, any other per million.
 */
export function tokenPriceBasis(
  price: string,
  basis: PriceBasis = 'auto',
): 'token' | 'million' | null {
  const value = parseDecimal(price);
  if (!value) return null;
  if (basis !== 'auto') return basis;
  if (value.digits === BigInt(0)) return 'token';
  return isBelow(value, PER_TOKEN_BELOW) ? 'token' : 'million';
}

/** A token price as credits per million tokens, exactly; null when the list gives none. */
export function perMillionTokens(price: string | null, basis: PriceBasis = 'auto'): string | null {
  if (price === null) return null;
  const value = parseDecimal(price);
  const read = tokenPriceBasis(price, basis);
  if (!value || !read) return null;
  // The same 9 decimals as costOf, so a label never reads otherwise than the arithmetic.
  return formatDecimal(read === 'token' ? times(value, BigInt(1_000_000)) : value, 9);
}

/** Credits for `count` tokens (or characters) at a listed token price, exactly; null without a price. */
function tokensAt(price: string | null, count: number, basis: PriceBasis): Decimal | null {
  if (price === null || !Number.isSafeInteger(count) || count < 0) return null;
  const value = parseDecimal(price);
  const read = tokenPriceBasis(price, basis);
  if (!value || !read) return null;
  const cost = times(value, BigInt(count));
  return read === 'token' ? cost : shift(cost, 6);
}

function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  const ten = BigInt(10);
  return {
    digits: a.digits * ten ** BigInt(scale - a.scale) + b.digits * ten ** BigInt(scale - b.scale),
    scale,
  };
}

/** Credits in decimal strings added exactly (a string that is not one counts as nothing). */
export function sumCredits(values: readonly string[]): string {
  let total: Decimal = { digits: BigInt(0), scale: 0 };
  for (const v of values) {
    const d = parseDecimal(v);
    if (d) total = add(total, d);
  }
  return formatDecimal(total, 9);
}

/** a − b in credits, exactly; negative results are 0 (a balance that rose says nothing spent). */
export function creditsBetween(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y || !isBelow(y, x)) return '0';
  return formatDecimal(add(x, { digits: -y.digits, scale: y.scale }), 9);
}

/** -1, 0 or 1 as a is below, equal to or above b (an unreadable amount counts as 0). */
export function compareCredits(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a) ?? { digits: BigInt(0), scale: 0 };
  const y = parseDecimal(b) ?? { digits: BigInt(0), scale: 0 };
  if (isBelow(x, y)) return -1;
  if (isBelow(y, x)) return 1;
  return 0;
}

/** True for an amount above zero. */
export function isPositiveCredits(a: string): boolean {
  return compareCredits(a, '0') > 0;
}

/**
 * THE price rule: what an action counted in `units` costs at the model's listed prices, exactly,
 * rounded up to 9 decimals. Tokens at the token prices; characters (speech) at the prompt price;
 * pictures, seconds, pages and calls at the unit price. Null when a unit the action has is not
 * priced by the list (nothing is guessed).
 */
export function costOf(
  model: ModelInfo | null,
  units: SpendUnits,
  basis: PriceBasis = 'auto',
): string | null {
  if (!model) return null;
  const parts: Decimal[] = [];
  const tokenPart = (price: string | null, count: number | undefined): boolean => {
    if (count === undefined || count === 0) return true;
    const d = tokensAt(price, count, basis);
    if (!d) return false;
    parts.push(d);
    return true;
  };
  const unit = model.unitPrice ?? null;
  if (!tokenPart(model.promptPrice, units.promptTokens)) return null;
  if (!tokenPart(model.completionPrice, units.completionTokens)) return null;
  if (!tokenPart(model.promptPrice, units.characters)) return null;
  const unitParts: [PriceUnit, number | undefined][] = [
    ['image', units.images],
    ['page', units.pages],
    ['call', units.calls],
  ];
  for (const [name, count] of unitParts) {
    if (count === undefined) continue;
    const cost = unit && unit.unit === name ? parseDecimal(unit.price) : null;
    if (!cost || !Number.isSafeInteger(count)) return null;
    parts.push(times(cost, BigInt(count)));
  }
  if (units.seconds !== undefined) {
    const text = unitCost(model, { seconds: units.seconds });
    const d = text === null ? null : parseDecimal(text);
    if (!d) return null;
    parts.push(d);
  }
  return formatDecimal(parts.reduce(add, { digits: BigInt(0), scale: 0 }), 9);
}

/**
 * A chat turn before it is sent: `low` is the prompt at the prompt price, `high` adds every
 * completion token it allows (`maxTokens`) at the completion price. Null without a price.
 */
export function chatEstimate(
  model: ModelInfo | null,
  promptTokens: number,
  maxTokens: number,
  basis: PriceBasis = 'auto',
): { low: string; high: string } | null {
  const low = costOf(model, { promptTokens }, basis);
  const high = costOf(model, { promptTokens, completionTokens: maxTokens }, basis);
  return low === null || high === null ? null : { low, high };
}

export interface ModelPrices {
  /** Credits per million prompt / completion tokens; null when not listed. */
  inputPerMillion: string | null;
  outputPerMillion: string | null;
  unit: UnitPrice | null;
}

/** Token prices of 0 on a model priced per unit say nothing about its cost: only the unit counts. */
export function modelPrices(model: ModelInfo, basis: PriceBasis = 'auto'): ModelPrices {
  const unit = model.unitPrice ?? null;
  const zero = (p: string | null) => p !== null && parseDecimal(p)?.digits === BigInt(0);
  const tokensSayNothing = unit !== null && zero(model.promptPrice) && zero(model.completionPrice);
  return {
    inputPerMillion: tokensSayNothing ? null : perMillionTokens(model.promptPrice, basis),
    outputPerMillion: tokensSayNothing ? null : perMillionTokens(model.completionPrice, basis),
    unit,
  };
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
