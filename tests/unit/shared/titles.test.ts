// Titles: the cheapest chat model by the price rule, a title's cost, and the first-words name without a model.
import { describe, expect, it } from 'vitest';
import {
  cheapestChatModel,
  firstWordsTitle,
  FIRST_WORDS_MAX_CHARS,
  titleCost,
  titleModelFor,
} from '../../../shared/titles';
import type { ModelInfo } from '../../../shared/types';

function model(id: string, over: Partial<ModelInfo> = {}): ModelInfo {
  return {
    id,
    name: id,
    kind: 'chat',
    promptPrice: '0.000001',
    completionPrice: '0.000002',
    contextLength: 128000,
    badges: [],
    description: null,
    ...over,
  };
}

describe('cheapestChatModel', () => {
  it('takes the lowest prompt plus completion price, not the lowest of either', () => {
    const models = [
      model('a/cheap-in', { promptPrice: '0.0000001', completionPrice: '0.00001' }),
      model('b/balanced', { promptPrice: '0.000001', completionPrice: '0.000001' }),
      model('c/cheap-out', { promptPrice: '0.00001', completionPrice: '0.0000001' }),
    ];
    expect(cheapestChatModel(models)?.id).toBe('b/balanced');
  });

  it('breaks a tie by id, whatever the list order', () => {
    const tied = [model('z/one'), model('m/two'), model('q/three')];
    expect(cheapestChatModel(tied)?.id).toBe('m/two');
    expect(cheapestChatModel([...tied].reverse())?.id).toBe('m/two');
  });

  it('passes over models without both prices, priced per unit, of other kinds or too small', () => {
    const models = [
      model('a/no-prompt-price', { promptPrice: null, completionPrice: '0' }),
      model('b/no-completion-price', { promptPrice: '0', completionPrice: null }),
      model('c/per-call', {
        promptPrice: '0',
        completionPrice: '0',
        unitPrice: { price: '0.001', unit: 'call' },
      }),
      model('img-d/picture', { kind: 'image', promptPrice: '0', completionPrice: '0' }),
      model('vis-e/vision', { kind: 'vision', promptPrice: '0', completionPrice: '0' }),
      model('f/tiny', { contextLength: 512, promptPrice: '0', completionPrice: '0' }),
      model('g/priced'),
    ];
    expect(cheapestChatModel(models)?.id).toBe('g/priced');
    expect(cheapestChatModel(models.slice(0, 6))).toBeNull();
    expect(cheapestChatModel([])).toBeNull();
  });

  it('compares at the price basis the person set', () => {
    // Guessed one by one, 0.5 reads per million and 0.000002 per token (2 per million); read
    // both per token, 0.5 is far dearer.
    const models = [
      model('a/listed-big', { promptPrice: '0.5', completionPrice: '0.5' }),
      model('b/small'),
    ];
    expect(cheapestChatModel(models, 'token')?.id).toBe('b/small');
    expect(cheapestChatModel(models, 'auto')?.id).toBe('a/listed-big');
  });
});

describe('titleModelFor and titleCost', () => {
  const models = [
    model('a/dear', { promptPrice: '0.00001' }),
    model('b/cheap', { promptPrice: '0.0000001' }),
  ];

  it('uses the chosen model, else the cheapest, else the conversation’s own', () => {
    expect(titleModelFor('x/chosen', models, 'auto', 'own/model')).toBe('x/chosen');
    expect(titleModelFor('  ', models, 'auto', 'own/model')).toBe('b/cheap');
    expect(titleModelFor('', [], 'auto', 'own/model')).toBe('own/model');
  });

  it('prices a typical title request by the price rule, and says nothing without prices', () => {
    // 450 prompt tokens at 0.0000001 and 15 completion tokens at 0.000002.
    expect(titleCost(models[1]!)).toBe('0.000075');
    expect(titleCost(model('n/none', { promptPrice: null }))).toBeNull();
    expect(titleCost(null)).toBeNull();
  });
});

describe('firstWordsTitle', () => {
  it('keeps a short first line whole', () => {
    expect(firstWordsTitle('How do I   bake\nbread at home?')).toBe('How do I bake');
    expect(firstWordsTitle('Why is the sky blue?')).toBe('Why is the sky blue?');
    expect(firstWordsTitle('\n\n  Hello there.  ')).toBe('Hello there');
  });

  it('cuts at a word boundary, with no ellipsis and no dangling sign', () => {
    const name = firstWordsTitle(
      'Please explain, in detail, how the printing press changed early modern Europe and beyond',
    );
    expect(name).toBe('Please explain, in detail, how the printing press');
    expect(firstWordsTitle('word '.repeat(40))).toBe('word word word word word word word word');
    const long = firstWordsTitle(
      'A rather long sentence with a verylongwordthatwillnotfitinthelimitatall',
    );
    expect(long.length).toBeLessThanOrEqual(FIRST_WORDS_MAX_CHARS);
    expect(long).not.toMatch(/[…\s,.:;-]$/u);
    expect(
      firstWordsTitle('Compare these: apples, pears, plums, cherries, grapes, figs, dates'),
    ).toBe('Compare these: apples, pears, plums, cherries');
  });

  it('cuts one long word at the limit and keeps Cyrillic whole', () => {
    expect(firstWordsTitle('x'.repeat(100))).toBe('x'.repeat(FIRST_WORDS_MAX_CHARS));
    expect(firstWordsTitle('Как испечь хлеб дома без дрожжей?')).toBe(
      'Как испечь хлеб дома без дрожжей?',
    );
  });

  it('takes markdown marks and quotes off, and skips lines without words', () => {
    expect(firstWordsTitle('## **Plan** for `Monday`')).toBe('Plan for Monday');
    expect(firstWordsTitle('> "Quoted question"')).toBe('Quoted question');
    expect(firstWordsTitle('---\n- first item')).toBe('first item');
    expect(firstWordsTitle('1. Step one')).toBe('Step one');
    expect(firstWordsTitle('   ')).toBe('');
    expect(firstWordsTitle('???')).toBe('');
  });
});
