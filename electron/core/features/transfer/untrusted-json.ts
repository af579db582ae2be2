// Reading JSON a person brought from elsewhere: nesting checked before parsing, keys that could pollute prototypes refused.
import { TRANSFER_LIMITS } from '../../../../shared/transfer';
import { serviceError } from '../../service/errors';

/** Keys that reach Object.prototype when a parsed object is spread or assigned somewhere. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The deepest nesting of arrays and objects in `text`, stopping as soon as it passes `limit`
 * (so a hostile file is not walked to its end). Strings are skipped, escapes included.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x22) i = closingQuote(text, i);
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return deepest;
}

/**
 * Where the string opened at `open` ends: its first quote after an even run of backslashes (each
 * pair an escaped backslash), or the text's end. Found with indexOf, not character by character:
 * a backup's entry may be one string of many megabytes (48 of 30 MB took 3.8 s walked).
 */
function closingQuote(text: string, open: number): number {
  for (
    let quote = text.indexOf('"', open + 1);
    quote !== -1;
    quote = text.indexOf('"', quote + 1)
  ) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/**
 * Parses text from a file the person chose; a ServiceError 'invalid_input' in plain words when it
 * is not JSON, nests too deeply or carries a prototype key. Never throws anything else.
 */
export function parseUntrustedJson(text: string, what: string): unknown {
  if (nestingDepth(text, TRANSFER_LIMITS.jsonDepth) > TRANSFER_LIMITS.jsonDepth) {
    throw serviceError(
      'invalid_input',
      `${what} nests deeper than ${TRANSFER_LIMITS.jsonDepth} levels; the app does not read it.`,
    );
  }
  let forbidden: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, inner: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) forbidden ??= key;
      return inner;
    });
  } catch (e) {
    throw serviceError(
      'invalid_input',
      `${what} is not valid JSON (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  if (forbidden !== null) {
    throw serviceError(
      'invalid_input',
      `${what} contains the key "${forbidden}", which the app refuses as unsafe.`,
    );
  }
  return value;
}
