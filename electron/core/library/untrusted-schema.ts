// JSON Schemas from outside (a tool server's, an answer schema typed or imported) compiled by ajv so that
// no schema and no value can hold core: every `pattern` runs on RE2 (re2js, linear time in the text),
// what RE2 prepares is bounded, and a schema's size and depth are checked before it is compiled.
import { Ajv, type ValidateFunction } from 'ajv';
import { RE2JS } from 're2js';
import { ANSWER_SCHEMA_MAX_CHARS } from '../../../shared/answer-format';
import {
  ANSWER_SCHEMA_COMPILE_MS,
  ANSWER_SCHEMA_LIMITS,
  PATTERN_COST_LIMITS,
  type SchemaLimits,
} from '../../../shared/schema-limits';

/** A `pattern` that cannot be checked in linear time, or would take too long to prepare. */
export class UncheckablePatternError extends Error {
  constructor(
    readonly pattern: string,
    why: string,
  ) {
    super(`The pattern "${shortPattern(pattern)}" cannot be checked safely: ${why}.`);
    this.name = 'UncheckablePatternError';
  }
}

export interface CompileOptions {
  /**
   * A pattern that cannot be checked safely: 'refuse' throws UncheckablePatternError (a person
   * can write it again); 'skip' lets every value pass that keyword and names it in
   * `skippedPatterns` (a tool server's schema: the server judges its own arguments).
   */
  uncheckable: 'refuse' | 'skip';
  allErrors?: boolean;
}

export interface CompiledSchema {
  validate: ValidateFunction;
  /** Patterns left unchecked ('skip'). */
  skippedPatterns: string[];
  /** How long ajv took, patterns included. */
  tookMs: number;
}

function shortPattern(pattern: string): string {
  return pattern.length > 80 ? `${pattern.slice(0, 77)}…` : pattern;
}

interface SchemaShape {
  depth: number;
  nodes: number;
  branches: number;
}

/**
 * The schema's depth, objects and arrays, and anyOf and oneOf branches, counted without recursion;
 * the walk stops as soon as one passes its limit.
 */
function shapeOf(schema: unknown, limits: SchemaLimits): SchemaShape {
  const shape: SchemaShape = { depth: 0, nodes: 0, branches: 0 };
  const stack: Array<[unknown, number]> = [[schema, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    shape.nodes++;
    shape.depth = Math.max(shape.depth, depth);
    if (!Array.isArray(item))
      for (const keyword of ['anyOf', 'oneOf']) {
        const branches = (item as Record<string, unknown>)[keyword];
        if (Array.isArray(branches)) shape.branches += branches.length;
      }
    if (
      shape.depth > limits.maxDepth ||
      shape.nodes > limits.maxNodes ||
      shape.branches > limits.maxBranches
    )
      break;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return shape;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Why a schema is not compiled at all, in a sentence; null when it is within the limits. */
export function schemaBoundsProblem(schema: unknown, limits: SchemaLimits): string | null {
  const shape = shapeOf(schema, limits);
  if (shape.depth > limits.maxDepth)
    return `The schema is nested more than ${limits.maxDepth} levels deep.`;
  if (shape.nodes > limits.maxNodes)
    return `The schema has more than ${count(limits.maxNodes)} parts (objects and lists).`;
  if (shape.branches > limits.maxBranches)
    return `The schema's anyOf and oneOf have more than ${count(limits.maxBranches)} choices together.`;
  if (JSON.stringify(schema).length > limits.maxChars)
    return `The schema is longer than ${count(limits.maxChars)} characters.`;
  return null;
}

/**
 * About the size of the program RE2 makes of a pattern, counted generously in one pass: every
 * character counts one (an escape two), a group what it holds and two more (RE2 marks where it
 * starts and ends), and a repeat multiplies what it repeats by twice its larger bound (RE2 writes
 * x{1,3} as x(x(x)?)?, two steps a copy; x+ as x x*, so * + ? double it). Group prefixes count as
 * characters too.
 */
export function patternCost(pattern: string): number {
  const open: number[] = [0];
  let last = 0;
  const add = (size: number) => {
    open[open.length - 1]! += size;
    last = size;
  };
  const repeat = (times: number) => {
    open[open.length - 1]! += last * (times - 1);
    last *= times;
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      i++;
      add(2);
    } else if (char === '[') {
      // A class is one choice however long: run to its unescaped end.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      i = j;
      add(1);
    } else if (char === '(') {
      open.push(0);
      last = 0;
    } else if (char === ')') {
      const inner = open.length > 1 ? open.pop()! : 0;
      add(inner + 2);
    } else if (char === '|') {
      last = 0;
    } else if (char === '*' || char === '+' || char === '?') {
      repeat(2);
    } else if (char === '{') {
      const bounds = /^\{(\d{0,12})(?:,(\d{0,12}))?\}/.exec(pattern.slice(i, i + 28));
      if (bounds) {
        repeat(2 * Math.max(Number(bounds[1] || 0), Number(bounds[2] || 0), 1));
        i += bounds[0].length - 1;
      } else add(1);
    } else add(1);
  }
  return open.reduce((sum, size) => sum + size, 0);
}

/**
 * Whether the pattern names a group by `\k<name>`: re2js would read that as the letters "k<name>"
 * and match something else. One pass, so a pattern of many backslashes costs only its length.
 */
function hasNamedBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    if (pattern[i + 1] === 'k' && pattern[i + 2] === '<') return true;
    i++;
  }
  return false;
}

/** The pattern on RE2, or why it cannot be (RE2 has no lookaround and no backreferences). */
function linearPattern(pattern: string): RE2JS | string {
  const lacking =
    'RE2, which checks in linear time, cannot run it (lookaround or a backreference, for example)';
  if (hasNamedBackreference(pattern)) return `${lacking} (\\k<…>)`;
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (e) {
    return `${lacking} (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** A value as text that is the same for equal values whatever their key order; null if too deep to write. */
function canonical(value: unknown): string | null {
  try {
    return JSON.stringify(value, (_key, item: unknown) =>
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : item,
    );
  } catch {
    return null;
  }
}

/**
 * `uniqueItems` in one pass over the items: ajv compares each item with every other one, so
 * 8,000 distinct objects took 3 s and 100,000 would take minutes.
 */
function uniqueItems(unique: boolean, data: unknown[]): boolean {
  if (!unique) return true;
  const seen = new Set<string>();
  for (const item of data) {
    const text = canonical(item);
    if (text === null || seen.has(text)) return false;
    seen.add(text);
  }
  return true;
}

/** ajv's `code.regExp`: each pattern compiled by RE2 within the cost bounds, with `test` as ajv calls it. */
function re2Engine(options: CompileOptions, skipped: string[]) {
  let spent = 0;
  const engine = (pattern: string, flags: string) => {
    // Not a regular expression at all: the schema is broken, as ajv would say with RegExp itself.
    new RegExp(pattern, flags);
    const cost = patternCost(pattern);
    spent += cost;
    let compiled: RE2JS | string;
    if (cost > PATTERN_COST_LIMITS.pattern)
      compiled = `its repeats would make a program of some ${cost.toLocaleString('en-US')} steps (at most ${PATTERN_COST_LIMITS.pattern.toLocaleString('en-US')})`;
    else if (spent > PATTERN_COST_LIMITS.schema)
      compiled = `the schema's patterns together would make a program of over ${PATTERN_COST_LIMITS.schema.toLocaleString('en-US')} steps`;
    else compiled = linearPattern(pattern);
    if (typeof compiled !== 'string')
      return { test: (text: string) => compiled.test(text), toString: () => `re2:${pattern}` };
    if (options.uncheckable === 'refuse') throw new UncheckablePatternError(pattern, compiled);
    skipped.push(pattern);
    return { test: () => true, toString: () => `skipped:${pattern}` };
  };
  // Read only when ajv writes standalone code, which Atelier never asks for.
  engine.code = 're2js';
  return engine;
}

/**
 * Compiles an untrusted schema with a fresh ajv (lenient on unknown keywords, formats not checked;
 * nothing of one schema, such as an `$id`, stays to trouble the next). Check `schemaBoundsProblem`
 * first. Throws what ajv throws for a schema it cannot read. `allErrors` is also the cheaper
 * compile for many properties: without it ajv nests each check in the last (2,000 properties took
 * 2.9 s against 0.6 s).
 */
export function compileUntrustedSchema(
  schema: Record<string, unknown>,
  options: CompileOptions,
): CompiledSchema {
  const skippedPatterns: string[] = [];
  const started = performance.now();
  const ajv = new Ajv({
    strict: false,
    validateFormats: false,
    allErrors: options.allErrors ?? false,
    // A schema ajv cannot compile is said in words by the caller; ajv would log all its code.
    logger: false,
    // A referenced schema is one function however often it is used, not a copy at every use.
    inlineRefs: false,
    // The optimising passes cost more than they save on a schema used for one value at a time
    // (1,000 anyOf branches: 1.4 s with them, 0.2 s without).
    code: { regExp: re2Engine(options, skippedPatterns), optimize: false },
  });
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    validate: uniqueItems,
    error: { message: 'must not have duplicate items' },
  });
  const validate = ajv.compile(schema);
  return { validate, skippedPatterns, tookMs: performance.now() - started };
}

/**
 * Why an answer schema (typed in the conversation settings, or in an imported conversation)
 * cannot be kept, in a sentence a person can act on; null when it can. Compiles it once, within
 * the bounds: size, depth, what its patterns cost, and how long ajv took.
 */
export function answerSchemaProblem(schema: Record<string, unknown>): string | null {
  const bounds = schemaBoundsProblem(schema, {
    ...ANSWER_SCHEMA_LIMITS,
    maxChars: ANSWER_SCHEMA_MAX_CHARS,
  });
  if (bounds) return bounds;
  let compiled: CompiledSchema;
  try {
    compiled = compileUntrustedSchema(schema, { uncheckable: 'refuse', allErrors: true });
  } catch (e) {
    if (e instanceof UncheckablePatternError) return e.message;
    return `The schema is not a valid JSON Schema: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (compiled.tookMs > ANSWER_SCHEMA_COMPILE_MS)
    return `The schema took ${(compiled.tookMs / 1000).toFixed(1)} s to prepare (at most ${ANSWER_SCHEMA_COMPILE_MS / 1000} s); make it smaller.`;
  return null;
}
