// Arguments a model sent, checked against the tool's JSON Schema before the server sees them.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const cache = new WeakMap<object, ValidateFunction | null>();

function compile(schema: Record<string, unknown>): ValidateFunction | null {
  if (cache.has(schema)) return cache.get(schema)!;
  let validate: ValidateFunction | null;
  try {
    // Servers name various drafts in $schema; the rules they use are the same in practice.
    const { $schema: _drop, $id: _id, ...rest } = schema;
    validate = ajv.compile(rest);
  } catch {
    // A schema Ajv cannot read: the server judges the arguments itself.
    validate = null;
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
