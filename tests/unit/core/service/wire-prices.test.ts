// The fixed prices a list entry may state beside its token prices (the documented list states none).
import { describe, expect, it } from 'vitest';
import { readModelList } from '../../../../electron/core/service/wire';
import { MODELS, wireModel } from '../../../../sim/models';

describe('readModelList: unit prices', () => {
  it('pricing.image is per picture; pricing.request is per the unit it names, else per call', () => {
    const [image, second, call, odd] = readModelList({
      data: [
        { id: 'img-a', pricing: { prompt: '0', completion: '0', image: '0.04' } },
        { id: 'txt2vid-b', pricing: { request: '0.28', unit: 'second' } },
        { id: 'c/d', pricing: { prompt: '0.000001', completion: '0.000001', request: '0.005' } },
        { id: 'e/f', pricing: { request: '0.1', unit: 'fortnight' } },
      ],
    });
    expect(image?.unitPrice).toEqual({ price: '0.04', unit: 'image' });
    expect(second?.unitPrice).toEqual({ price: '0.28', unit: 'second' });
    expect(call?.unitPrice).toEqual({ price: '0.005', unit: 'call' });
    expect(odd?.unitPrice).toBeUndefined();
  });

  it("the simulator's minimal list states no unit price; its rich list does", () => {
    const minimal = readModelList({ data: MODELS.map((m) => wireModel(m, null, 'minimal')) });
    expect(minimal.some((m) => m.unitPrice)).toBe(false);
    const rich = readModelList({ data: MODELS.map((m) => wireModel(m, null, 'rich')) });
    expect(rich.find((m) => m.id === 'openai/dall-e-3')?.unitPrice).toEqual({
      price: '0.04',
      unit: 'image',
    });
    expect(rich.find((m) => m.id === 'txt2vid-kling/kling-v2.1')?.unitPrice).toEqual({
      price: '0.28',
      unit: 'second',
    });
  });
});
