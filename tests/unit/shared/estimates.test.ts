// The estimate of every paid action: one price rule for all of them, the basis switch, and agreement with the simulator's charges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readModelList } from '../../../electron/core/service/wire';
import {
  chatTurnEstimate,
  decisionEstimate,
  embeddingEstimate,
  extractionEstimate,
  imageEstimate,
  musicEstimate,
  speechEstimate,
  transcriptionEstimate,
  videoEstimate,
} from '../../../shared/estimates';
import { effectiveMaxTokens } from '../../../shared/models';
import { compareCredits, creditsBetween, type PriceBasis } from '../../../shared/prices';
import type { ModelInfo } from '../../../shared/types';
import { MODELS, wireModel } from '../../../sim/models';
import { costOfUnits, formatCredits } from '../../../sim/money';

/** Fixed in CI; FC_SEED and FC_RUNS ask for other or more runs. */
const property = {
  seed: Number(process.env.FC_SEED ?? 39),
  numRuns: Number(process.env.FC_RUNS ?? 200),
};

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

/** The simulator's list as core reads it, with the unit prices the rich profile states. */
const listed = new Map(
  readModelList({ data: MODELS.map((m) => wireModel(m, null, 'rich')) }).map((m) => [m.id, m]),
);
const simModel = (id: string) => MODELS.find((m) => m.id === id)!;
const info = (id: string) => listed.get(id)!;

/** |a − b| in credits is at most `micro` micro-credits. */
function within(a: string, b: string, micro: number): boolean {
  const gap = compareCredits(a, b) >= 0 ? creditsBetween(a, b) : creditsBetween(b, a);
  return compareCredits(gap, formatCredits(micro)) <= 0;
}

describe('chat turn', () => {
  it('low is the prompt, high adds the max_tokens the engine sends', () => {
    const m = model({});
    expect(chatTurnEstimate(m, { promptTokens: 1000, maxTokens: null })).toEqual({
      low: '0.00015',
      // 4096 completion tokens at 0.0000006 (the default the engine sends) added.
      high: '0.0026076',
    });
    expect(chatTurnEstimate(m, { promptTokens: 1000, maxTokens: 100 })).toEqual({
      low: '0.00015',
      high: '0.00021',
    });
  });

  it('the default max_tokens is capped by a small context, as the engine caps it', () => {
    const tiny = model({ contextLength: 2048 });
    const est = chatTurnEstimate(tiny, { promptTokens: 0, maxTokens: null })!;
    expect(effectiveMaxTokens(null, 2048)).toBe(1024);
    expect(est.high).toBe('0.0006144');
  });

  it('with max_tokens left to the account, high is the room the context leaves', () => {
    const tiny = model({ contextLength: 2048 });
    const amount = { promptTokens: 48, maxTokens: 100, byAccount: true };
    // 2,000 completion tokens at 0.0000006: the chosen 100 is not sent, so it bounds nothing.
    expect(chatTurnEstimate(tiny, amount)!.high).toBe('0.0012072');
    // No context in the list: Atelier's default room.
    expect(chatTurnEstimate(model({ contextLength: null }), amount)!.high).toBe('0.0024648');
  });

  it('a per-call fee the list states is added to both figures', () => {
    const sonar = model({ unitPrice: { price: '0.005', unit: 'call' } });
    const est = chatTurnEstimate(sonar, { promptTokens: 1000, maxTokens: 100 })!;
    expect(est).toEqual({ low: '0.00515', high: '0.00521' });
  });

  it('no price, no figure', () => {
    expect(chatTurnEstimate(model({ promptPrice: null }), { promptTokens: 5, maxTokens: 5 })).toBe(
      null,
    );
    expect(chatTurnEstimate(null, { promptTokens: 5, maxTokens: 5 })).toBeNull();
  });
});

describe('media', () => {
  it('pictures at the price per picture', () => {
    const dalle = model({
      kind: 'image',
      promptPrice: '0',
      completionPrice: '0',
      unitPrice: { price: '0.04', unit: 'image' },
    });
    expect(imageEstimate(dalle, { count: 3, promptTokens: 20 })).toEqual({
      estimate: { low: '0.12', high: '0.12' },
      gap: null,
    });
  });

  it('a picture model listed with token prices of 0 only says why there is no figure', () => {
    const bare = model({ kind: 'image', promptPrice: '0', completionPrice: '0' });
    expect(imageEstimate(bare, { count: 1, promptTokens: 20 })).toEqual({
      estimate: null,
      gap: { kind: 'zero_token_prices' },
    });
  });

  it('a token-priced picture model is estimated by its prompt price', () => {
    // "Input 4 · output 0 credits per 1M tokens": the prompt is all that is charged.
    const tokens = model({ kind: 'image', promptPrice: '0.000004', completionPrice: '0' });
    expect(imageEstimate(tokens, { count: 1, promptTokens: 250 })).toEqual({
      estimate: { low: '0.001', high: '0.001' },
      gap: null,
    });
    const withOutput = model({
      kind: 'image',
      promptPrice: '0.000004',
      completionPrice: '0.00003',
    });
    expect(imageEstimate(withOutput, { count: 1, promptTokens: 250 })).toEqual({
      estimate: null,
      gap: { kind: 'output_unknown', prompt: '0.001' },
    });
  });

  it('seconds at the price per second; a length not known yet is said', () => {
    const kling = model({
      kind: 'text-to-video',
      promptPrice: '0',
      completionPrice: '0',
      unitPrice: { price: '0.28', unit: 'second' },
    });
    expect(videoEstimate(kling, { seconds: 5, promptTokens: 9 }).estimate).toEqual({
      low: '1.4',
      high: '1.4',
    });
    expect(videoEstimate(kling, { seconds: null, promptTokens: 9 }).gap).toEqual({
      kind: 'amount_unknown',
    });
    const perPicture = model({ kind: 'music', unitPrice: { price: '0.04', unit: 'image' } });
    expect(musicEstimate(perPicture, { seconds: 10, promptTokens: 9 }).gap).toEqual({
      kind: 'other_unit',
    });
  });

  it('pages at the price per page, or the price per page alone before they are known', () => {
    const ocr = model({ kind: 'utility', unitPrice: { price: '0.003', unit: 'page' } });
    expect(extractionEstimate(ocr, { pages: 12 }).estimate).toEqual({
      low: '0.036',
      high: '0.036',
    });
    expect(extractionEstimate(ocr, { pages: null }).gap).toEqual({ kind: 'amount_unknown' });
    expect(extractionEstimate(model({}), { pages: 3 }).gap).toEqual({ kind: 'not_listed' });
  });

  it('a recording is rounded up to whole seconds at the price per minute', () => {
    const whisper = model({
      kind: 'speech-to-text',
      unitPrice: { price: '0.006', unit: 'minute' },
    });
    expect(transcriptionEstimate(whisper, { seconds: 29.2 })).toEqual({
      low: '0.003',
      high: '0.003',
    });
  });
});

describe('one price rule for every action', () => {
  it('the same listed prompt price gives the same figure for the same count in every action', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom<PriceBasis>('auto', 'token', 'million'),
        (micro, count, basis) => {
          const price = formatCredits(micro).replace(/0+$/, '').replace(/\.$/, '');
          const m = model({ promptPrice: price, completionPrice: price });
          const chat = chatTurnEstimate(m, { promptTokens: count, maxTokens: 1 }, basis)!.low;
          expect(embeddingEstimate(m, { tokens: count }, basis)!.low).toBe(chat);
          expect(decisionEstimate(m, { promptTokens: count }, basis)!.low).toBe(chat);
          expect(speechEstimate(m, { characters: count }, basis)!.low).toBe(chat);
        },
      ),
      property,
    );
  });

  it('switching the basis changes every token figure at once, by a million', () => {
    const m = model({
      promptPrice: '0.15',
      completionPrice: '0.6',
      kind: 'image',
    });
    const figures = (basis: PriceBasis) => [
      chatTurnEstimate({ ...m, kind: 'chat' }, { promptTokens: 1000, maxTokens: 10 }, basis)!.high,
      embeddingEstimate(m, { tokens: 1000 }, basis)!.low,
      decisionEstimate(m, { promptTokens: 1000 }, basis)!.low,
      speechEstimate(m, { characters: 1000 }, basis)!.low,
      (imageEstimate(m, { count: 1, promptTokens: 1000 }, basis).gap as { prompt: string }).prompt,
    ];
    // 0.15 reads per million under 'auto' (no token costs a hundredth of a credit).
    expect(figures('auto')).toEqual(['0.000156', '0.00015', '0.00015', '0.00015', '0.00015']);
    expect(figures('million')).toEqual(figures('auto'));
    expect(figures('token')).toEqual(['156', '150', '150', '150', '150']);
  });

  it('unit prices do not depend on the basis', () => {
    const dalle = model({ kind: 'image', unitPrice: { price: '0.04', unit: 'image' } });
    for (const basis of ['auto', 'token', 'million'] as const)
      expect(imageEstimate(dalle, { count: 1, promptTokens: 10 }, basis).estimate?.high).toBe(
        '0.04',
      );
  });
});

describe("the simulator's charges agree with the estimates", () => {
  it('a chat turn: charged between the low and the high, within its rounding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('openai/gpt-4o-mini', 'anthropic/claude-3.5-sonnet', 'perplexity/sonar'),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 0, max: 4096 }),
        (id, prompt, completion) => {
          const sim = simModel(id);
          const est = chatTurnEstimate(info(id), { promptTokens: prompt, maxTokens: 4096 })!;
          const charged = (c: number) =>
            formatCredits(
              costOfUnits(prompt, sim.promptMicroPerM) +
                costOfUnits(c, sim.completionMicroPerM) +
                (sim.unitMicro ?? 0),
            );
          // The simulator rounds each part up to a micro-credit: two parts, under 2 apart.
          expect(within(charged(0), est.low, 2)).toBe(true);
          expect(within(charged(4096), est.high, 2)).toBe(true);
          expect(compareCredits(charged(completion), est.low)).toBeGreaterThanOrEqual(0);
          expect(within(creditsBetween(charged(completion), est.high), '0', 2)).toBe(true);
        },
      ),
      property,
    );
  });

  it('a picture, music, speech, video and a transcript', () => {
    const dalle = simModel('openai/dall-e-3');
    expect(imageEstimate(info(dalle.id), { count: 1, promptTokens: 12 }).estimate?.high).toBe(
      formatCredits(dalle.unitMicro!).replace(/0+$/, ''),
    );
    const music = simModel('tta-stable/stable-audio');
    expect(
      compareCredits(
        musicEstimate(info(music.id), { seconds: 20, promptTokens: 9 }).estimate!.high,
        formatCredits(20 * music.unitMicro!),
      ),
    ).toBe(0);
    const video = simModel('txt2vid-kling/kling-v2.1');
    expect(
      compareCredits(
        videoEstimate(info(video.id), { seconds: 10, promptTokens: 9 }).estimate!.high,
        formatCredits(10 * video.unitMicro!),
      ),
    ).toBe(0);
    const tts = simModel('tts-openai/tts-1');
    for (const characters of [1, 7, 333, 4096]) {
      const est = speechEstimate(info(tts.id), { characters })!.high;
      expect(within(est, formatCredits(costOfUnits(characters, tts.promptMicroPerM)), 1)).toBe(
        true,
      );
    }
    const whisper = simModel('stt-openai/whisper-1');
    const seconds = 93.4;
    const charged = formatCredits(Math.ceil((seconds * whisper.unitMicro!) / 60));
    const est = transcriptionEstimate(info(whisper.id), { seconds })!.high;
    expect(compareCredits(est, charged)).toBeGreaterThanOrEqual(0);
    expect(within(est, charged, 100)).toBe(true);
  });
});
