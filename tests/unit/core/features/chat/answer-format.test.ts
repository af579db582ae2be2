// The Answer format's wire form, the schema check before saving, and the check of a finished JSON answer.
import { describe, expect, it } from 'vitest';
import {
  applyAnswerFormat,
  assertAnswerFormat,
  checkJsonAnswer,
  responseFormatFor,
  unfenceJson,
} from '../../../../../electron/core/features/chat/answer-format';
import type { ChatRequest } from '../../../../../electron/core/service/types';
import { SCHEMA_TEMPLATES } from '../../../../../shared/answer-format';
import type { AnswerFormat } from '../../../../../shared/tools';

const person: AnswerFormat = {
  type: 'json_schema',
  name: 'person',
  schema: {
    type: 'object',
    properties: { name: { type: 'string' }, age: { type: 'integer' } },
    required: ['name', 'age'],
    additionalProperties: false,
  },
};

describe('response_format', () => {
  it('is absent for free text and the literal forms of the document otherwise', () => {
    expect(responseFormatFor(undefined)).toBeNull();
    expect(responseFormatFor({ type: 'text' })).toBeNull();
    expect(responseFormatFor({ type: 'json' })).toEqual({ type: 'json_output' });
    expect(responseFormatFor(person)).toEqual({
      type: 'json_schema',
      json_schema: { name: 'person', schema: person.schema, strict: true },
    });
    const request: ChatRequest = { model: 'm', messages: [] };
    applyAnswerFormat(request, { type: 'text' });
    expect('response_format' in request).toBe(false);
    applyAnswerFormat(request, { type: 'json' });
    expect(request.response_format).toEqual({ type: 'json_output' });
  });
});

describe('the schema before saving', () => {
  it('accepts every template and refuses what is not a JSON Schema, saying why', () => {
    for (const t of SCHEMA_TEMPLATES)
      expect(() =>
        assertAnswerFormat({ type: 'json_schema', name: t.name, schema: t.schema }),
      ).not.toThrow();
    expect(() =>
      assertAnswerFormat({ type: 'json_schema', name: 'x', schema: { type: 'strin' } }),
    ).toThrow(/not a valid JSON Schema/);
    expect(() =>
      assertAnswerFormat({ type: 'json_schema', name: 'x', schema: { minimum: 'ten' } }),
    ).toThrow(/not a valid JSON Schema/);
    expect(() => assertAnswerFormat({ type: 'json' })).not.toThrow();
  });
});

describe('unfenceJson', () => {
  it('takes JSON out of a ```json fence, a bare fence, or a fence with a sentence around it', () => {
    expect(unfenceJson('```json\n{"a":1}\n```')).toEqual({ json: '{"a":1}', fenced: true });
    expect(unfenceJson('  ```\n[1, 2]\n```  ')).toEqual({ json: '[1, 2]', fenced: true });
    expect(unfenceJson('Here it is:\n```json\n{"a":1}\n```\nDone.')).toEqual({
      json: '{"a":1}',
      fenced: true,
    });
    expect(unfenceJson('{"code": "```json\\n```"}')).toEqual({
      json: '{"code": "```json\\n```"}',
      fenced: false,
    });
  });
});

describe('checkJsonAnswer', () => {
  it('is undefined for free text', () => {
    expect(checkJsonAnswer('{}', undefined, true)).toBeUndefined();
    expect(checkJsonAnswer('{}', { type: 'text' }, true)).toBeUndefined();
  });

  it('JSON mode: parsed, no schema to match', () => {
    expect(checkJsonAnswer('{"a": 1}', { type: 'json' }, true)).toEqual({
      parsed: true,
      valid: null,
      problems: [],
    });
  });

  it('a schema match, also when a model without the badge fenced it', () => {
    expect(checkJsonAnswer('{"name":"Ann","age":30}', person, true)).toEqual({
      parsed: true,
      valid: true,
      problems: [],
    });
    expect(checkJsonAnswer('```json\n{"name":"Ann","age":30}\n```', person, false)).toEqual({
      parsed: true,
      valid: true,
      problems: [],
      fenced: true,
      withoutBadge: true,
    });
  });

  it('names each mismatch by its path and rule', () => {
    const check = checkJsonAnswer('{"name": 5, "age": 30.5, "extra": true}', person, true)!;
    expect(check.parsed).toBe(true);
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual(
      expect.arrayContaining([
        '/name must be string',
        '/age must be integer',
        "/ must NOT have additional properties: 'extra'",
      ]),
    );
    expect(checkJsonAnswer('{"name":"A"}', person, true)!.problems).toEqual([
      "/ must have required property 'age'",
    ]);
  });

  it('caps the problems it lists', () => {
    const many: AnswerFormat = {
      type: 'json_schema',
      name: 'many',
      schema: { type: 'array', items: { type: 'string' } },
    };
    const check = checkJsonAnswer(JSON.stringify([1, 2, 3, 4, 5, 6, 7, 8]), many, true)!;
    expect(check.problems).toHaveLength(6);
    expect(check.problems.at(-1)).toBe('… and 3 more');
  });

  it('says when the answer is not JSON at all, or broken', () => {
    const prose = checkJsonAnswer('Sure! Here is a person: Ann, 30.', person, false)!;
    expect(prose).toMatchObject({ parsed: false, valid: null, withoutBadge: true });
    expect(prose.problems[0]).toMatch(/^Not valid JSON/);
    const cut = checkJsonAnswer('{"name": "Ann", "age": ', { type: 'json' }, true)!;
    expect(cut).toMatchObject({ parsed: false, valid: null });
    expect(cut.withoutBadge).toBeUndefined();
  });
});

describe('a hostile schema', () => {
  const hostile: AnswerFormat = {
    type: 'json_schema',
    name: 'hostile',
    schema: {
      type: 'object',
      properties: { text: { type: 'string', pattern: '^(a+)+$' } },
    },
  };

  it('checks an answer against a catastrophic pattern and ends (it used to hold core for good)', () => {
    const check = checkJsonAnswer(JSON.stringify({ text: 'a'.repeat(40) + '!' }), hostile, true);
    expect(check).toMatchObject({ parsed: true, valid: false });
    expect(check?.problems).toEqual(['/text must match pattern "^(a+)+$"']);
    expect(checkJsonAnswer('{"text": "aaa"}', hostile, true)).toMatchObject({ valid: true });
  });

  it('refuses in words a pattern it cannot check in linear time', () => {
    for (const pattern of ['^(?=a)a$', '^(?<!b)a$', '^(a)\\1$', '^(?<n>a)\\k<n>$'])
      expect(() =>
        assertAnswerFormat({
          type: 'json_schema',
          name: 'x',
          schema: { type: 'string', pattern },
        }),
      ).toThrow(/lookaround or a backreference/);
    expect(() => assertAnswerFormat(hostile)).not.toThrow();
  });

  it('refuses in words a schema nested too deeply or too large', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100; i++) deep = { type: 'array', items: deep };
    expect(() => assertAnswerFormat({ type: 'json_schema', name: 'x', schema: deep })).toThrow(
      /nested more than \d+ levels deep/,
    );
    const properties = Object.fromEntries(
      Array.from({ length: 1500 }, (_, i) => [`property${i}`, { type: 'string', maxLength: 10 }]),
    );
    expect(() =>
      assertAnswerFormat({ type: 'json_schema', name: 'x', schema: { properties } }),
    ).toThrow(/longer than [\d,]+ characters/);
    const choices = { anyOf: Array.from({ length: 4000 }, () => ({})) };
    expect(() => assertAnswerFormat({ type: 'json_schema', name: 'x', schema: choices })).toThrow(
      /more than 500 choices/,
    );
  });
});
