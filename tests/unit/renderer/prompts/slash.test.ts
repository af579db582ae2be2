// The Message box's "/": where a query stands, which prompts match it and in what order, and the text once one replaces it.
import { describe, expect, it } from 'vitest';
import type { Prompt } from '../../../../shared/prompts';
import {
  matchingPrompts,
  replaceSlash,
  slashQueryAt,
} from '../../../../renderer/src/prompts/slash';

const prompt = (name: string): Prompt => ({ id: name, name, text: name, shipped: false });

describe('slash query', () => {
  it('opens at the start of the text or after white space, up to the caret', () => {
    expect(slashQueryAt('/tr', 3)).toEqual({ start: 0, end: 3, query: 'tr' });
    expect(slashQueryAt('Hello /', 7)).toEqual({ start: 6, end: 7, query: '' });
    expect(slashQueryAt('line\n/пер', 9)).toEqual({ start: 5, end: 9, query: 'пер' });
    expect(slashQueryAt('/tr and more', 3)).toEqual({ start: 0, end: 3, query: 'tr' });
  });

  it('stays shut inside words, paths, after a space in the query, and for a long run', () => {
    expect(slashQueryAt('and/or', 6)).toBeNull();
    expect(slashQueryAt('see /usr/bin', 12)).toBeNull();
    expect(slashQueryAt('/tr x', 5)).toBeNull();
    expect(slashQueryAt('', 0)).toBeNull();
    expect(slashQueryAt(`/${'a'.repeat(41)}`, 42)).toBeNull();
  });

  it('matches names by start, then by a word, then anywhere, case and accents aside', () => {
    const list = ['Write an email', 'Translate', 'Summarise', 'Improve writing', 'Rewrite'].map(
      prompt,
    );
    expect(matchingPrompts(list, 'wr').map((p) => p.name)).toEqual([
      'Write an email',
      'Improve writing',
      'Rewrite',
    ]);
    expect(matchingPrompts(list, 'TR').map((p) => p.name)).toEqual(['Translate']);
    expect(matchingPrompts([prompt('Résumé')], 'resu')).toHaveLength(1);
    expect(matchingPrompts([prompt('Перевести')], 'пер')).toHaveLength(1);
    expect(matchingPrompts(list, '')).toHaveLength(5);
    expect(matchingPrompts(list, 'zz')).toEqual([]);
  });

  it('puts the insert where the query was and the caret after it', () => {
    expect(replaceSlash('Hi /tr there', { start: 3, end: 6 }, 'Translate:')).toEqual({
      text: 'Hi Translate: there',
      caret: 13,
    });
  });
});
