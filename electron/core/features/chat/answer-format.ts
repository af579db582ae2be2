// Structured answers: the response_format a conversation's Answer format asks for, the check of a
// schema before it is saved, and the check of a finished answer (parsed, against the schema).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ANSWER_SCHEMA_MAX_CHARS, unfenceJson } from '../../../../shared/answer-format';
import { ANSWER_SCHEMA_LIMITS } from '../../../../shared/schema-limits';
import type { AnswerFormat, JsonCheck } from '../../../../shared/tools';
import {
  answerSchemaProblem,
  compileUntrustedSchema,
  schemaBoundsProblem,
} from '../../library/untrusted-schema';
import { serviceError } from '../../service/errors';
import type { ChatRequest } from '../../service/types';

export { unfenceJson };

/** At most this many problems are named; the rest are counted. */
export const MAX_JSON_PROBLEMS = 5;

const compiled = new Map<string, ValidateFunction>();

/**
 * The compiled schema, kept for the next answer with the same schema (a few at most). Lenient on
 * purpose: a schema written for another validator (unknown keywords) still checks what it can;
 * formats are not checked (the service judges them). Its patterns run on RE2, so a schema saved
 * before they were checked cannot hold core either; one RE2 cannot run is refused here.
 */
function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    const bounds = schemaBoundsProblem(schema, {
      ...ANSWER_SCHEMA_LIMITS,
      maxChars: ANSWER_SCHEMA_MAX_CHARS,
    });
    if (bounds) throw new Error(bounds);
    validate = compileUntrustedSchema(schema, { uncheckable: 'refuse', allErrors: true }).validate;
    if (compiled.size >= 20) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, validate);
  }
  return validate;
}

/** The request's `response_format` for an Answer format, in the document's literal forms; null for free text. */
export function responseFormatFor(format: AnswerFormat | undefined): unknown {
  if (!format || format.type === 'text') return null;
  if (format.type === 'json') return { type: 'json_output' };
  return {
    type: 'json_schema',
    json_schema: { name: format.name, schema: format.schema, strict: true },
  };
}

/** Puts the conversation's Answer format on the request (nothing for free text). */
export function applyAnswerFormat(request: ChatRequest, format: AnswerFormat | undefined): void {
  const wire = responseFormatFor(format);
  if (wire !== null) request.response_format = wire;
}

/**
 * Refuses, in a sentence a person can act on, a schema that is not a JSON Schema (ajv cannot
 * compile it) or that could hold core (too large or deep, a pattern RE2 cannot run or that would
 * take too long to prepare); called before an Answer format is saved.
 */
export function assertAnswerFormat(format: AnswerFormat | undefined): void {
  if (!format || format.type !== 'json_schema') return;
  const problem = answerSchemaProblem(format.schema);
  if (problem) throw serviceError('invalid_input', problem);
}

/** "/age must be integer"; the root is "/". */
export function problemOf(error: ErrorObject): string {
  const path = error.instancePath === '' ? '/' : error.instancePath;
  let message = error.message ?? 'does not match';
  if (error.keyword === 'additionalProperties' && 'additionalProperty' in error.params)
    message += `: '${String(error.params.additionalProperty)}'`;
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues))
    message += `: ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${path} ${message}`;
}

/**
 * What a finished answer is, for an Answer format other than free text; undefined for free text.
 * `structuredBadge`: the catalog says the model keeps to structured outputs (when it does not,
 * a fenced or broken answer is the model's known drift, and the check says so).
 */
export function checkJsonAnswer(
  content: string,
  format: AnswerFormat | undefined,
  structuredBadge: boolean,
): JsonCheck | undefined {
  if (!format || format.type === 'text') return undefined;
  const { json, fenced } = unfenceJson(content);
  const extra: Pick<JsonCheck, 'fenced' | 'withoutBadge'> = {
    ...(fenced ? { fenced: true } : {}),
    ...(structuredBadge ? {} : { withoutBadge: true }),
  };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { parsed: false, valid: null, problems: [`Not valid JSON: ${why}`], ...extra };
  }
  if (format.type === 'json') return { parsed: true, valid: null, problems: [], ...extra };
  let validate: ValidateFunction;
  try {
    validate = validatorFor(format.schema);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      parsed: true,
      valid: null,
      problems: [`The schema could not be used: ${why}`],
      ...extra,
    };
  }
  if (validate(value)) return { parsed: true, valid: true, problems: [], ...extra };
  const errors = validate.errors ?? [];
  const problems = errors.slice(0, MAX_JSON_PROBLEMS).map(problemOf);
  if (errors.length > MAX_JSON_PROBLEMS)
    problems.push(`… and ${errors.length - MAX_JSON_PROBLEMS} more`);
  return { parsed: true, valid: false, problems, ...extra };
}
