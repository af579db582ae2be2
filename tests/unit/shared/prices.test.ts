import { describe, expect, it } from 'vitest';
import {
  costOf,
  formatDecimal,
  modelPrices,
  parseDecimal,
  perMillionTokens,
  tokenPriceBasis,
  unitCost,
} from '../../../shared/prices';
import type { ModelInfo } from '../../../shared/types';

function model(over: Partial<ModelInfo>): ModelInfo {
  return {
    id: 'openai/gpt-4o-mini',
    name: 'GPT-4o mini',
    kind: 'chat',
    promptPrice: '0.00000015',
    completionPrice: '0.0000006',
    contextLength: 128000,
    badges: [],
    description: null,
    ...over,
  };
}

describe('parseDecimal and formatDecimal', () => {
  it('reads decimal strings and exponent forms exactly', () => {
    expect(formatDecimal(parseDecimal('0.00000015')!, 12)).toBe('0.00000015');
    expect(formatDecimal(parseDecimal('1.5e-7')!, 12)).toBe('0.00000015');
    expect(formatDecimal(parseDecimal('15')!)).toBe('15');
    expect(parseDecimal('-1')).toBeNull();
    expect(parseDecimal('free')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });

  it('rounds up, so a cost is never understated', () => {
    expect(formatDecimal(parseDecimal('0.0000001')!)).toBe('0.000001');
    expect(formatDecimal(parseDecimal('1.2345671')!)).toBe('1.234568');
    expect(formatDecimal(parseDecimal('2.50')!)).toBe('2.5');
  });
});

describe('token prices per million', () => {
  it('per-token prices (the list’s usual form) are multiplied by a million exactly', () => {
    expect(tokenPriceBasis('0.00000015')).toBe('token');
    expect(perMillionTokens('0.00000015')).toBe('0.15');
    expect(perMillionTokens('0.000075')).toBe('75');
    expect(perMillionTokens('0')).toBe('0');
  });

  it('prices already per million are shown as given', () => {
    expect(tokenPriceBasis('0.15')).toBe('million');
    expect(perMillionTokens('0.15')).toBe('0.15');
    expect(perMillionTokens('15')).toBe('15');
  });

  it('nothing is invented when the list gives no price', () => {
    expect(perMillionTokens(null)).toBeNull();
    expect(perMillionTokens('n/a')).toBeNull();
    expect(modelPrices(model({ promptPrice: null, completionPrice: null }))).toEqual({
      inputPerMillion: null,
      outputPerMillion: null,
      unit: null,
    });
  });

  it('a model priced per picture shows that, not its token prices of 0', () => {
    const sdxl = model({
      id: 'img-stable/sdxl',
      kind: 'image',
      promptPrice: '0',
      completionPrice: '0',
      unitPrice: { price: '0.004', unit: 'image' },
    });
    expect(modelPrices(sdxl)).toEqual({
      inputPerMillion: null,
      outputPerMillion: null,
      unit: { price: '0.004', unit: 'image' },
    });
  });
});

describe('estimates before spending', () => {
  it('prompt tokens at the input price, per token or per million', () => {
    expect(costOf(model({}), { promptTokens: 2500 })).toBe('0.000375');
    expect(costOf(model({ promptPrice: '3' }), { promptTokens: 2500 })).toBe('0.0075');
    expect(costOf(model({ promptPrice: null }), { promptTokens: 2500 })).toBeNull();
    expect(costOf(null, { promptTokens: 2500 })).toBeNull();
  });

  it('pictures, seconds and minutes at the stated unit price only', () => {
    const image = model({ unitPrice: { price: '0.04', unit: 'image' } });
    expect(unitCost(image, { images: 3 })).toBe('0.12');
    expect(unitCost(image, { seconds: 5 })).toBeNull();
    const video = model({ unitPrice: { price: '0.28', unit: 'second' } });
    expect(unitCost(video, { seconds: 10 })).toBe('2.8');
    expect(unitCost(video, { images: 1 })).toBeNull();
    const perMinute = model({ unitPrice: { price: '0.006', unit: 'minute' } });
    expect(unitCost(perMinute, { seconds: 30 })).toBe('0.003');
    expect(unitCost(perMinute, { seconds: 10 })).toBe('0.001');
    expect(unitCost(model({}), { images: 1 })).toBeNull();
  });
});

describe('the basis the person chose', () => {
  it('labels and costs follow it together', () => {
    const m = model({ promptPrice: '0.15', completionPrice: '0.6' });
    expect(modelPrices(m).inputPerMillion).toBe('0.15');
    expect(costOf(m, { promptTokens: 1_000_000 })).toBe('0.15');
    expect(modelPrices(m, 'token').inputPerMillion).toBe('150000');
    expect(costOf(m, { promptTokens: 1_000_000 }, 'token')).toBe('150000');
    expect(modelPrices(model({}), 'million').outputPerMillion).toBe('0.0000006');
    expect(costOf(model({}), { completionTokens: 1_000_000 }, 'million')).toBe('0.0000006');
  });

  it('a per-call fee is a unit like a picture', () => {
    const sonar = model({ unitPrice: { price: '0.005', unit: 'call' } });
    expect(costOf(sonar, { promptTokens: 1000, calls: 1 })).toBe('0.00515');
    expect(costOf(model({}), { calls: 1 })).toBeNull();
  });
});
