// The demo service's model list: the price it states for a picture is the one it charges.
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoService, DEMO_KEY } from '../../../../../electron/core/features/settings/demo';
import { readModelList } from '../../../../../electron/core/service/wire';
import { imageEstimate } from '../../../../../shared/estimates';
import { compareCredits, modelPrices } from '../../../../../shared/prices';

const demo = createDemoService();
afterEach(() => demo.close());

describe('demo service', () => {
  it('lists DALL-E 3 at its price per picture, and a picture costs what the list says', async () => {
    const baseUrl = await demo.start();
    const headers = { Authorization: `Bearer ${DEMO_KEY}` };
    const list = readModelList(await (await fetch(`${baseUrl}/models`, { headers })).json());
    const dalle = list.find((m) => m.id === 'openai/dall-e-3')!;
    expect(modelPrices(dalle).unit).toEqual({ price: '0.04', unit: 'image' });

    // Another simulated account, so the rate of one request per 2 s does not hold the call.
    const answer = await fetch(`${baseUrl}/images/generations`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sim-demo-picture', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: dalle.id, prompt: 'a lighthouse', size: '1024x1024', n: 1 }),
    });
    expect(answer.status).toBe(200);
    const charged = ((await answer.json()) as { usage: { cost: string } }).usage.cost;
    const estimate = imageEstimate(dalle, { count: 1, promptTokens: 3 }).estimate!;
    expect(estimate).toEqual({ low: '0.04', high: '0.04' });
    expect(compareCredits(charged, estimate.high)).toBe(0);
  });
});
