// The {{variable}} rule of saved prompts: what counts as a variable, each asked once, filled without reading values again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPrompt, promptVariables } from '../../../shared/prompts';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const params = {
  seed: Number(process.env.FC_SEED ?? 42),
  numRuns: Number(process.env.FC_RUNS ?? 200),
};

const labels = (text: string) => promptVariables(text).map((v) => v.label);

describe('prompt variables', () => {
  it('finds names in any script, with digits, underscores, hyphens and spaces', () => {
    expect(labels('Translate into {{language}} for {{ target_reader-2 }}.')).toEqual([
      'language',
      'target_reader-2',
    ]);
    expect(labels('Письмо для {{адресат}} о {{тема письма}}')).toEqual(['адресат', 'тема письма']);
    expect(labels('{{名前}} and {{é}}')).toEqual(['名前', 'é']);
  });

  it('asks for the same variable once, in the order it first appears', () => {
    expect(labels('{{b}} {{a}} {{b}} {{ A }} {{two  words}} {{Two words}}')).toEqual([
      'b',
      'a',
      'two words',
    ]);
  });

  it('leaves {{ without a close, empty braces and other signs as plain text', () => {
    expect(labels('{{open and never closed')).toEqual([]);
    expect(labels('{{}} {{   }} {{a.b}} {{x}y}} {x} {{x}')).toEqual([]);
    expect(labels('{{a{{b}}')).toEqual(['b']);
    expect(fillPrompt('{{open {{b}}', { b: 'B' })).toBe('{{open B');
  });

  it('fills every occurrence of each spelling and keeps a variable without a value', () => {
    expect(
      fillPrompt('To {{Person}}: about {{topic}}, dear {{ person }}.', { person: 'Ann' }),
    ).toBe('To Ann: about {{topic}}, dear Ann.');
    expect(fillPrompt('{{a}}', { a: '' })).toBe('');
  });

  it('never reads a value as a variable', () => {
    expect(fillPrompt('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, value) => {
        const text = `${before.replace(/[{}]/g, '')}{{v}}`;
        expect(fillPrompt(text, { v: value })).toBe(text.replace('{{v}}', () => value));
      }),
      params,
    );
  });

  it('a text without braces is its own filling, whatever the values', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const plain = text.replace(/[{}]/g, '');
        expect(promptVariables(plain)).toEqual([]);
        expect(fillPrompt(plain, { a: 'x' })).toBe(plain);
      }),
      params,
    );
  });
});
