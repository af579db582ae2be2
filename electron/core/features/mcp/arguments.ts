// A tool server's JSON Schemas put to use: the arguments a model sent, checked before the server sees
// them, and the validator the SDK checks structured results with; both on the untrusted-schema compile.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { TOOL_SCHEMA_LIMITS } from '../../../../shared/schema-limits';
import { compileUntrustedSchema, schemaBoundsProblem } from '../../library/untrusted-schema';

const cache = new WeakMap<object, ValidateFunction | null>();

/**
 * The schema's validator, or null when it is not checked here (the server judges): past the size
 * or depth bounds, or unreadable. A pattern RE2 cannot run (lookaround, a backreference) is not
 * checked either, and the rest of the schema still is: refusing the tool would take away what
 * its server accepts, and the server checks its own arguments anyway.
 */
function compile(schema: Record<string, unknown>): ValidateFunction | null {
  if (cache.has(schema)) return cache.get(schema)!;
  let validate: ValidateFunction | null = null;
  if (schemaBoundsProblem(schema, TOOL_SCHEMA_LIMITS) === null) {
    try {
      // Servers name various drafts in $schema; the rules they use are the same in practice.
      const { $schema: _drop, $id: _id, ...rest } = schema;
      validate = compileUntrustedSchema(rest, { uncheckable: 'skip', allErrors: true }).validate;
    } catch {
      validate = null;
    }
  }
  cache.set(schema, validate);
  return validate;
}

function sentence(error: ErrorObject): string {
  const where = error.instancePath ? `"${error.instancePath}"` : 'the arguments';
  if (error.keyword === 'additionalProperties')
    return `${where} must not have the property "${String(error.params.additionalProperty)}"`;
  return `${where} ${error.message ?? `break the rule "${error.keyword}"`}`;
}

/** null when the arguments fit; otherwise a sentence naming the place and the rule. */
export function argumentProblem(schema: Record<string, unknown>, args: unknown): string | null {
  const finding = argumentFinding(schema, args);
  return finding === null ? null : `The arguments do not fit the tool's schema: ${finding}.`;
}

/** The validator's finding alone (path and rule), or null when the arguments fit. */
export function argumentFinding(schema: Record<string, unknown>, args: unknown): string | null {
  const validate = compile(schema);
  if (!validate) return null;
  if (validate(args)) return null;
  const first = validate.errors?.[0];
  return first ? sentence(first) : 'they are not valid';
}

/**
 * For the SDK's Client: a tool's `outputSchema` compiled the same way, so a structured result is
 * checked in linear time too (the SDK's own ajv would run a server's pattern as it is).
 */
export const outputSchemaValidator: jsonSchemaValidator = {
  // The SDK asks for one per listed tool with an output schema: compiled at its first result, so
  // a long list costs nothing up front.
  getValidator(schema) {
    let validate: ValidateFunction | null | undefined;
    return (input) => {
      if (validate === undefined) validate = compile(schema as Record<string, unknown>);
      if (!validate || validate(input))
        return { valid: true, data: input as never, errorMessage: undefined };
      const first = validate.errors?.[0];
      return {
        valid: false,
        data: undefined,
        errorMessage: first ? sentence(first) : 'it does not match',
      };
    };
  },
};
