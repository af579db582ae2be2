// The studio actions' pure parts: an answer's words without markup, the illustration prompt within the image limit, the animation ratio, and each action's model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_PROMPT_MAX_CHARS } from '../../../shared/images';
import {
  animateRatio,
  answerWords,
  illustrationPrompt,
  illustrationShape,
  shownUnder,
  studioModel,
} from '../../../shared/studio-actions';
import { DEFAULT_STUDIO_CHOICES } from '../../../shared/studio';
import type { ModelInfo, ModelKind } from '../../../shared/types';

const seed = Number(process.env.FC_SEED ?? 42);
const numRuns = Number(process.env.FC_RUNS ?? 100);

function model(id: string, kind: ModelKind): ModelInfo {
  return {
    id,
    name: id,
    kind,
    promptPrice: '0.000001',
    completionPrice: '0.000002',
    contextLength: 128000,
    badges: [],
    description: null,
  };
}

describe('answerWords', () => {
  it('keeps the words and drops code, tables, pictures, link addresses and markup', () => {
    const markdown = [
      '## A heading',
      '',
      'Some **bold**, _soft_ and `code` words with [a link](https://example.com).',
      '',
      '```js',
      'const hidden = 1;',
      '```',
      '| a | b |',
      '|---|---|',
      '- one item',
      '> a quote ![picture](p.png)',
    ].join('\n');
    expect(answerWords(markdown)).toBe(
      'A heading\n\nSome bold, soft and code words with a link.\n\none item\na quote',
    );
  });

  it('leaves a fence open to the end out, and keeps snake_case words whole', () => {
    expect(answerWords('Use my_var_name here.\n```\nnever read')).toBe('Use my_var_name here.');
  });
});

describe('illustrationPrompt', () => {
  it('is never longer than the image prompt limit, and starts from the words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: IMAGE_PROMPT_MAX_CHARS + 500 }), (text) => {
        const prompt = illustrationPrompt(text);
        expect(prompt.length).toBeLessThanOrEqual(IMAGE_PROMPT_MAX_CHARS);
      }),
      { seed, numRuns },
    );
    expect(illustrationPrompt('A **red** fox.')).toBe('An illustration of: A red fox.');
    expect(illustrationPrompt('word '.repeat(10_000)).length).toBeLessThanOrEqual(
      IMAGE_PROMPT_MAX_CHARS,
    );
  });
});

describe('animateRatio', () => {
  it('takes the common ratio nearest the picture, 16:9 when its size is unknown', () => {
    expect(animateRatio(1920, 1080)).toBe('16:9');
    expect(animateRatio(1024, 1024)).toBe('1:1');
    expect(animateRatio(720, 1280)).toBe('9:16');
    expect(animateRatio(null, null)).toBe('16:9');
  });
});

describe('studioModel', () => {
  const models = [
    model('txt2vid-a', 'text-to-video'),
    model('img2vid-b', 'image-to-video'),
    model('tts-x', 'text-to-speech'),
    model('img-y', 'image'),
    model('stt-z', 'speech-to-text'),
  ];

  it("takes the setting, else the list's default; animating prefers an image-to-video model", () => {
    const defaults = DEFAULT_STUDIO_CHOICES;
    expect(studioModel('speech', defaults, models)).toBe('tts-x');
    expect(studioModel('picture', defaults, models)).toBe('img-y');
    expect(studioModel('transcribe', defaults, models)).toBe('stt-z');
    expect(studioModel('video', defaults, models)).toBe('img2vid-b');
    expect(studioModel('video', defaults, models.slice(0, 1))).toBe('txt2vid-a');
    expect(studioModel('speech', { ...defaults, speechModel: 'tts-typed' }, models)).toBe(
      'tts-typed',
    );
  });
});

describe('illustrationShape', () => {
  it('asks a square in the form the model takes: a ratio, a listed size, or nothing', () => {
    const flux = 'img-black-forest-labs/flux-1.1-pro';
    expect(illustrationShape(undefined, flux)).toEqual({ aspectRatio: '1:1' });
    expect(illustrationShape(undefined, 'openai/dall-e-3')).toEqual({ size: '1024x1024' });
    expect(illustrationShape(undefined, 'img-stable/stable-diffusion-xl-1024')).toEqual({});
  });
});

describe('shownUnder', () => {
  it("shows the newest reading of the whole answer, not voice mode's sentences", () => {
    const answer = 'First **sentence**. Second one.';
    const sound = (id: string, text: string) => ({ id, kind: 'audio', params: { text } });
    const picture = { id: 'p', kind: 'image', params: { prompt: 'x' } };
    const items = [
      sound('s1', 'First sentence.'),
      sound('r1', 'First sentence. Second one.'),
      picture,
      sound('r2', 'First sentence. Second one.'),
      sound('s2', 'Second one.'),
    ];
    expect(shownUnder(items, answer).map((i) => i.id)).toEqual(['r2', 'p']);
  });
});
