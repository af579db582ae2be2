// Each task's default from the live list (kinds first, then a stable choice) and the repair of a choice the list lacks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultModelFor,
  repairFor,
  TASK_KINDS,
  type ModelTask,
} from '../../../shared/model-defaults';
import type { ModelInfo, ModelKind } from '../../../shared/types';

const seed = Number(process.env.FC_SEED ?? 40);
const numRuns = Number(process.env.FC_RUNS ?? 100);

function model(id: string, kind: ModelKind, over: Partial<ModelInfo> = {}): ModelInfo {
  return {
    id,
    name: id,
    kind,
    promptPrice: '0.000001',
    completionPrice: '0.000002',
    contextLength: 128000,
    badges: [],
    description: null,
    ...over,
  };
}

/** A list like the one of the issue: no openai/gpt-4o-mini, nothing of the simulator's ids. */
const OTHER_SERVICE = [
  model('ceo/writer', 'chat', { promptPrice: '0.000003', completionPrice: '0.000009' }),
  model('ceo/mini', 'chat', { promptPrice: '0.0000001', completionPrice: '0.0000004' }),
  model('vis-ceo/mini', 'vision'),
  model('img-ceo/painter', 'image', { name: 'Painter' }),
  model('img-ceo/aquarelle', 'image', { name: 'Aquarelle' }),
  model('img2img-ceo/editor', 'image-edit'),
  model('tts-ceo/voice', 'text-to-speech'),
  model('tta-ceo/band', 'music'),
  model('stt-ceo/ear', 'speech-to-text'),
  model('img2vid-ceo/motion', 'image-to-video'),
  model('txt2vid-ceo/film', 'text-to-video'),
  model('emb-ceo/vectors', 'embedding'),
  model('ceo/judge', 'chat'),
];

describe('defaultModelFor', () => {
  it('takes every task default from the list in use, never an id the list lacks', () => {
    const expected: Record<ModelTask, string> = {
      chat: 'ceo/mini',
      titles: 'ceo/mini',
      image: 'img-ceo/aquarelle',
      'image-edit': 'img2img-ceo/editor',
      speech: 'tts-ceo/voice',
      music: 'tta-ceo/band',
      transcription: 'stt-ceo/ear',
      video: 'txt2vid-ceo/film',
      embedding: 'emb-ceo/vectors',
      decisions: 'ceo/judge',
    };
    for (const task of Object.keys(expected) as ModelTask[])
      expect([task, defaultModelFor(task, OTHER_SERVICE)]).toEqual([task, expected[task]]);
  });

  it('keeps the familiar id where the list has it', () => {
    const list = [
      ...OTHER_SERVICE,
      model('openai/gpt-4o-mini', 'chat', { promptPrice: '0.00001' }),
      model('emb-openai/text-embedding-3-small', 'embedding'),
    ];
    expect(defaultModelFor('chat', list)).toBe('openai/gpt-4o-mini');
    expect(defaultModelFor('embedding', list)).toBe('emb-openai/text-embedding-3-small');
  });

  it('knows no decision model of its own: the first that looks like one on the list', () => {
    // decisions/judge-1.0 is an id the simulator lists, not one the document names.
    const list = [...OTHER_SERVICE, model('decisions/judge-1.0', 'chat')];
    expect(defaultModelFor('decisions', list)).toBe('ceo/judge');
    expect(defaultModelFor('decisions', [model('decisions/judge-1.0', 'chat')])).toBe(
      'decisions/judge-1.0',
    );
  });

  it('falls back to the first chat model by name when no chat model states its prices', () => {
    const unpriced = [
      model('z/last', 'chat', { promptPrice: null, completionPrice: null }),
      model('a/first', 'chat', { promptPrice: null, completionPrice: null, name: 'Alpha' }),
    ];
    expect(defaultModelFor('chat', unpriced)).toBe('a/first');
  });

  it('says nothing when the list has nothing for the task', () => {
    expect(defaultModelFor('music', [model('a/chat', 'chat')])).toBe('');
    expect(defaultModelFor('chat', [])).toBe('');
    expect(defaultModelFor('decisions', [model('a/chat', 'chat')])).toBe('');
  });

  it('is a model of the task kinds from the list, whatever the list order', () => {
    const kinds: ModelKind[] = ['chat', 'vision', 'image', 'music', 'embedding', 'text-to-video'];
    const entry = fc
      .record({
        id: fc.stringMatching(/^[a-z]{1,4}\/[a-z0-9]{1,4}$/),
        kind: fc.constantFrom(...kinds),
        price: fc.integer({ min: 1, max: 9 }),
      })
      .map(({ id, kind, price }) =>
        model(id, kind, { promptPrice: `0.00000${price}`, completionPrice: '0.000001' }),
      );
    const list = fc.uniqueArray(entry, { selector: (m) => m.id, maxLength: 12 });
    fc.assert(
      fc.property(
        list,
        fc.constantFrom<ModelTask>('chat', 'image', 'music', 'video'),
        (ms, task) => {
          const chosen = defaultModelFor(task, ms);
          const own = ms.filter((m) => TASK_KINDS[task].includes(m.kind));
          if (own.length === 0) expect(chosen).toBe('');
          else expect(own.map((m) => m.id)).toContain(chosen);
          expect(defaultModelFor(task, [...ms].reverse())).toBe(chosen);
        },
      ),
      { seed, numRuns },
    );
  });
});

describe('repairFor', () => {
  it("names the list's default for a choice the new list lacks", () => {
    expect(repairFor('image', 'img-sim/painter', OTHER_SERVICE)).toEqual({
      task: 'image',
      from: 'img-sim/painter',
      to: 'img-ceo/aquarelle',
    });
  });

  it('leaves a listed choice, no choice, and any choice while the list is unknown', () => {
    expect(repairFor('image', 'img-ceo/painter', OTHER_SERVICE)).toBeNull();
    expect(repairFor('image', '', OTHER_SERVICE)).toBeNull();
    expect(repairFor('image', 'img-sim/painter', [])).toBeNull();
  });
});
