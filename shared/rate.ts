// The account's request rate: the plans a person can choose, the bounds of a rate they set, a hold the service asked for.

/** standard: 1 request per 2 s; fast: learned from the service's answers; custom: the person's own rate. */
export const RATE_PLANS = ['standard', 'fast', 'custom'] as const;

/** Requests per second a person may set on the custom plan (the standard plan is 0.5). */
export const CUSTOM_RATE = { min: 0.1, max: 20, step: 0.1, default: 1 } as const;

/**
 * Added to the interval, counted from when the previous request left: the way to the service is
 * not the same for every request (one opens a connection, the next reuses it), and two must never
 * reach it closer than the interval. A share of the interval, at most maxMs: 100 ms on the
 * standard plan's 2 s, a few ms at a quick rate a person set.
 */
export const WIRE_MARGIN = { share: 0.05, maxMs: 100 } as const;

/** The margin added to an interval of intervalMs between two requests leaving. */
export function wireMarginMs(intervalMs: number): number {
  return Math.min(WIRE_MARGIN.maxMs, Math.round(intervalMs * WIRE_MARGIN.share));
}

/** The service asked Atelier to wait (a 429 with a long Retry-After): no request starts before untilMs. */
export interface ServiceHold {
  /** Epoch ms when requests may start again. */
  untilMs: number;
  /** Epoch ms when the service asked. */
  sinceMs: number;
}
