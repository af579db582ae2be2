// Bounds on JSON Schemas from outside (a tool server's, an answer schema typed or imported), so that
// preparing or using one cannot hold core. Core checks them (electron/core/library/untrusted-schema.ts).

/**
 * A `pattern` runs on RE2, in time linear in the text; what RE2 pays up front is the program it
 * makes of the pattern, which grows with repeats (x{1000} is a thousand copies of x). The estimate
 * counts each character, a group as what it holds, and multiplies by twice each repeat's larger
 * bound. Measured: a cost of 2,000 (a{1000}) took RE2 about 5 ms to prepare.
 */
export const PATTERN_COST_LIMITS = {
  /** One pattern. */
  pattern: 10_000,
  /** All the patterns of one schema together. */
  schema: 40_000,
} as const;

/**
 * How large a schema may be before it is compiled. ajv writes one function per schema: its work
 * grows with the number of subschemas, and faster than that for anyOf and oneOf, whose branches
 * it nests one inside the other (4,000 branches overflowed the stack). Measured here within these
 * bounds: 2,000 properties 0.5 s, 1,000 anyOf branches 0.3 s, on one core shared with the tests.
 */
export interface SchemaLimits {
  /** The schema as JSON text, in characters. */
  maxChars: number;
  /** Objects and arrays nested in one another. */
  maxDepth: number;
  /** Objects and arrays in all. */
  maxNodes: number;
  /** The branches of every anyOf and oneOf together. */
  maxBranches: number;
}

/** A tool's schema past these is not checked here: the server judges its own arguments. */
export const TOOL_SCHEMA_LIMITS: SchemaLimits = {
  maxChars: 32 * 1024,
  maxDepth: 32,
  maxNodes: 2_000,
  maxBranches: 500,
};

/** An answer schema past these is refused in words (its size cap is ANSWER_SCHEMA_MAX_CHARS). */
export const ANSWER_SCHEMA_LIMITS: Omit<SchemaLimits, 'maxChars'> = {
  maxDepth: 32,
  maxNodes: 2_000,
  maxBranches: 500,
};

/**
 * An answer schema that took longer than this to prepare is refused rather than kept and prepared
 * again for every answer; within the bounds above none came near it.
 */
export const ANSWER_SCHEMA_COMPILE_MS = 2_000;
