// Answer format limits and the schema templates the settings offer (JSON with a schema). Issue 13.

/** The name sent as `json_schema.name`: what the service's function-style names allow. */
export const ANSWER_SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A schema longer than this (as JSON text) is refused: it would crowd the request. */
export const ANSWER_SCHEMA_MAX_CHARS = 50_000;

/**
 * The JSON inside an answer: the whole text, or what a ``` fence (```json or bare) holds when the
 * model wrapped it, alone or with a sentence around it.
 */
export function unfenceJson(text: string): { json: string; fenced: boolean } {
  const trimmed = text.trim();
  const whole = /^```[ \t]*(?:json5?|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(trimmed);
  if (whole) return { json: whole[1]!.trim(), fenced: true };
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) {
    const inside = /```[ \t]*(?:json5?|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/.exec(trimmed);
    if (inside) return { json: inside[1]!.trim(), fenced: true };
  }
  return { json: trimmed, fenced: false };
}

export interface SchemaTemplate {
  /** i18n key suffix: `format.template.<id>`. */
  id: 'person' | 'list' | 'classification';
  name: string;
  schema: Record<string, unknown>;
}

/** Real JSON Schemas a person can start from; each is strict-ready (every property required). */
export const SCHEMA_TEMPLATES: readonly SchemaTemplate[] = [
  {
    id: 'person',
    name: 'person',
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Full name' },
        age: { type: 'integer', minimum: 0 },
        email: { type: 'string' },
      },
      required: ['name', 'age', 'email'],
      additionalProperties: false,
    },
  },
  {
    id: 'list',
    name: 'list_of_items',
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              title: { type: 'string' },
              note: { type: 'string' },
            },
            required: ['title', 'note'],
            additionalProperties: false,
          },
        },
      },
      required: ['items'],
      additionalProperties: false,
    },
  },
  {
    id: 'classification',
    name: 'classification',
    schema: {
      type: 'object',
      properties: {
        label: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        reason: { type: 'string' },
      },
      required: ['label', 'confidence', 'reason'],
      additionalProperties: false,
    },
  },
];
