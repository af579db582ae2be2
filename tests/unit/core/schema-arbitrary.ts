// fast-check arbitraries of the channels' inputs: values shaped by each zod schema (mostly valid), random values, and known-good values broken in one place.
import fc from 'fast-check';
import type { z } from 'zod';

/** Stands for an id the library gave out earlier in the run, filled in when the call is made. */
export class KnownId {
  constructor(readonly n: number) {}
}

/** Strings longer than this are not worth drawing: the schemas' own caps are tested elsewhere. */
const LONGEST_STRING = 60;
const LONGEST_ARRAY = 3;

/** The internals of a zod 4 schema this walk reads (zod exposes them as `_zod.def`). */
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function checksOf(def: Def): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/** Keys that name an id of the library: drawn from the ids seen so far as often as not. */
const isIdKey = (key: string): boolean => key === 'id' || /Id$/.test(key);

function stringOf(def: Def, idLike: boolean): fc.Arbitrary<string | KnownId> {
  const checks = checksOf(def);
  const regex = checks.find((c) => c.format === 'regex')?.pattern;
  if (regex) return fc.stringMatching(regex);
  if (checks.some((c) => c.format === 'url')) return fc.webUrl();
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? LONGEST_STRING;
  const text = fc.string({
    minLength: min,
    maxLength: Math.max(min, Math.min(max, LONGEST_STRING)),
  });
  if (!idLike) return text;
  return fc.oneof(
    fc.nat({ max: 1000 }).map((n) => new KnownId(n)),
    text,
  );
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const low = checks.find((c) => c.check === 'greater_than');
  const high = checks.find((c) => c.check === 'less_than');
  const isInt = checks.some((c) => c.format === 'safeint' || c.format === 'int');
  const step = checks.find((c) => c.check === 'multiple_of')?.value;
  let min = low?.value ?? -1e6;
  let max = high?.value ?? 1e6;
  if (isInt || step) {
    if (low && !low.inclusive) min += 1;
    if (high && !high.inclusive) max -= 1;
    if (step) {
      return fc
        .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
        .map((k) => k * step);
    }
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  }
  return fc.double({
    min,
    max,
    minExcluded: low ? !low.inclusive : false,
    maxExcluded: high ? !high.inclusive : false,
    noNaN: true,
  });
}

/** Values shaped by the schema: most pass it; refinements the walk cannot see may fail. */
export function arbitraryOf(schema: z.ZodType, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const required = Object.keys(shape).filter((k) => defOf(shape[k]!).type !== 'optional');
      const fields = Object.fromEntries(
        Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v, k)]),
      );
      return fc.record(fields, { requiredKeys: required });
    }
    case 'optional':
      return arbitraryOf(def.innerType!, key);
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!, key), { nil: null });
    case 'string':
      return stringOf(def, isIdKey(key));
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'array': {
      const checks = checksOf(def);
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? LONGEST_ARRAY;
      return fc.array(arbitraryOf(def.element!, key), {
        minLength: min,
        maxLength: Math.max(min, Math.min(max, LONGEST_ARRAY)),
      });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, key)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), arbitraryOf(def.valueType!, key), {
        maxKeys: 3,
      });
    case 'pipe':
      return arbitraryOf(def.in!, key);
    case 'custom':
      // The one custom schema of the channels: a chunk's bytes.
      return fc.uint8Array({ minLength: 1, maxLength: 64 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Anything a page or a tampered host could send: JSON and what structured clone carries besides. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
    withSparseArray: true,
  }),
);

/** Keys that have broken parsers elsewhere. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '', 'then'];

/** A known-good input broken in one place: a key dropped, added or given a value of another kind. */
export function mutationOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.constantFrom('drop', 'add', 'replace', 'wrap', 'null', 'hostile'),
      fc.nat(),
      anyValue,
      fc.constantFrom(...HOSTILE_KEYS),
    )
    .map(([value, how, at, other, hostile]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return other;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? keys[at % keys.length]! : 'x';
      switch (how) {
        case 'drop':
          delete copy[key];
          return copy;
        case 'add':
          copy[`extra${at % 10}`] = other;
          return copy;
        case 'replace':
          copy[key] = other;
          return copy;
        case 'wrap':
          copy[key] = [copy[key]];
          return copy;
        case 'null':
          copy[key] = null;
          return copy;
        default:
          Object.defineProperty(copy, hostile, { value: other, enumerable: true });
          return copy;
      }
    });
}

/** The input of one call: shaped by the schema, broken in one place, or anything at all. */
export function inputOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(schema);
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 3, arbitrary: mutationOf(valid) },
    { weight: 1, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Puts the library's ids where the draw asked for one (KnownId), anywhere in the value. */
export function withKnownIds(value: unknown, ids: readonly string[]): unknown {
  if (value instanceof KnownId) return ids.length > 0 ? ids[value.n % ids.length] : 'none';
  if (Array.isArray(value)) return value.map((v) => withKnownIds(v, ids));
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, {
        value: withKnownIds((value as Record<string, unknown>)[key], ids),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
