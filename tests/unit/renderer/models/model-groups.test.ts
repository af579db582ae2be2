// Unit tests of the model picker's search, grouping, rows and highlighted row (renderer/src/models/model-groups.ts).
import { describe, expect, it } from 'vitest';
import {
  activeRow,
  enterChoice,
  groupModels,
  looksLikeDecisionModel,
  matchesModelQuery,
  pickerOptions,
} from '../../../../renderer/src/models/model-groups';
import type { ModelInfo, ModelKind } from '../../../../shared/types';

function model(id: string, name: string, kind: string): ModelInfo {
  return {
    id,
    name,
    kind: kind as ModelKind,
    promptPrice: '0.000001',
    completionPrice: '0.000002',
    contextLength: 8192,
    badges: [],
    description: null,
  };
}

const models = [
  model('img-stable/sdxl', 'SDXL', 'image'),
  model('openai/gpt-4o', 'GPT-4o', 'chat'),
  model('vis-openai/gpt-4o', 'GPT-4o Vision', 'vision'),
  model('anthropic/claude', 'Claude', 'chat'),
  model('weird-new/thing', 'Thing', 'hologram'),
  model('tts-voice', 'Voice', 'text-to-speech'),
];

describe('groupModels', () => {
  it('puts chat-capable kinds first and every model somewhere', () => {
    const groups = groupModels(models, '');
    expect(groups.map((g) => g.kind)).toEqual([
      'chat',
      'vision',
      'other',
      'image',
      'text-to-speech',
    ]);
    expect(groups.flatMap((g) => g.models.map((m) => m.id)).sort()).toEqual(
      models.map((m) => m.id).sort(),
    );
  });

  it('shows an unknown kind under Other', () => {
    const other = groupModels(models, '').find((g) => g.kind === 'other');
    expect(other?.models.map((m) => m.id)).toEqual(['weird-new/thing']);
  });

  it('sorts by name within a group', () => {
    expect(groupModels(models, '')[0]?.models.map((m) => m.name)).toEqual(['Claude', 'GPT-4o']);
  });

  it('sorts names case-blind, and the same name by id', () => {
    const chats = [
      model('z/mini', 'mistral', 'chat'),
      model('b/large', 'Llama', 'chat'),
      model('a/large', 'Llama', 'chat'),
      model('c/alpha', 'alpha', 'chat'),
    ];
    expect(groupModels(chats, '')[0]?.models.map((m) => m.id)).toEqual([
      'c/alpha',
      'a/large',
      'b/large',
      'z/mini',
    ]);
  });

  it('searches names and ids, every word must match', () => {
    expect(groupModels(models, 'gpt').flatMap((g) => g.models.map((m) => m.id))).toEqual([
      'openai/gpt-4o',
      'vis-openai/gpt-4o',
    ]);
    expect(groupModels(models, 'vis- 4o').flatMap((g) => g.models.map((m) => m.id))).toEqual([
      'vis-openai/gpt-4o',
    ]);
    expect(matchesModelQuery(models[3]!, 'ANTHROPIC')).toBe(true);
    expect(matchesModelQuery(models[3]!, 'gpt')).toBe(false);
  });

  it('keeps the current model listed when the query hides it', () => {
    const ids = groupModels(models, 'sdxl', 'anthropic/claude').flatMap((g) =>
      g.models.map((m) => m.id),
    );
    expect(ids).toEqual(['anthropic/claude', 'img-stable/sdxl']);
  });
});

describe('enterChoice: what Enter in "Search models" uses', () => {
  it('uses an exact id, or the only match', () => {
    expect(enterChoice(models, 'openai/gpt-4o')).toBe('openai/gpt-4o');
    expect(enterChoice(models, 'claude')).toBe('anthropic/claude');
  });

  it('uses a typed id the list does not have: short ids and the person’s own mappings', () => {
    // gpt-4 matches two listed models by substring; the person typed an id, and gets it.
    expect(enterChoice(models, 'gpt-4')).toBe('gpt-4');
    expect(enterChoice(models, ' my-mapping/model ')).toBe('my-mapping/model');
  });

  it('takes the first match of a search by words, and nothing for an empty box', () => {
    expect(enterChoice(models, 'gpt vision')).toBe('vis-openai/gpt-4o');
    expect(enterChoice(models, 'no such words')).toBeNull();
    expect(enterChoice(models, '   ')).toBeNull();
  });
});

describe('preferred models', () => {
  it('come first under their own heading; the rest keep their kinds', () => {
    const withJudge = [...models, model('decisions/judge-1.0', 'Judge', 'chat')];
    const groups = groupModels(withJudge, '', undefined, {
      label: 'Likely decision models',
      test: looksLikeDecisionModel,
    });
    expect(groups[0]).toMatchObject({ label: 'Likely decision models' });
    expect(groups[0]!.models.map((m) => m.id)).toEqual(['decisions/judge-1.0']);
    expect(groups.flatMap((g) => g.models)).toHaveLength(withJudge.length);
  });
});

describe("a task's kinds", () => {
  it('come first in the order given, every other model still listed after them', () => {
    const groups = groupModels(models, '', undefined, undefined, ['text-to-speech', 'image']);
    expect(groups.map((g) => g.kind)).toEqual([
      'text-to-speech',
      'image',
      'chat',
      'vision',
      'other',
    ]);
    expect(groups.flatMap((g) => g.models)).toHaveLength(models.length);
  });
});

describe('the picker rows and the highlighted one', () => {
  const rowsFor = (query: string, kinds: ModelKind[] = []) =>
    pickerOptions(groupModels(models, query, undefined, undefined, kinds), models, query);

  it('list every match in group order, and only matches', () => {
    expect(rowsFor('gpt').map((r) => r.id)).toEqual(['gpt', 'openai/gpt-4o', 'vis-openai/gpt-4o']);
    expect(rowsFor('gpt vision').map((r) => r.id)).toEqual(['vis-openai/gpt-4o']);
    expect(rowsFor('').map((r) => r.id)).toHaveLength(models.length);
  });

  it('offer a typed id the list lacks first, so Enter and the highlight agree', () => {
    const rows = rowsFor('my-mapping/model');
    expect(rows[0]).toEqual({ id: 'my-mapping/model', model: null, group: -1 });
    expect(activeRow(rows, models, 'my-mapping/model', 'openai/gpt-4o')).toBe(0);
    const short = rowsFor('gpt-4');
    expect(short[0]?.id).toBe('gpt-4');
    expect(short[activeRow(short, models, 'gpt-4', '')]?.id).toBe(enterChoice(models, 'gpt-4'));
  });

  it('highlight the exact id typed, else the only match, else the current value', () => {
    const exact = rowsFor('vis-openai/gpt-4o');
    expect(exact[activeRow(exact, models, 'vis-openai/gpt-4o', '')]?.id).toBe('vis-openai/gpt-4o');
    const only = rowsFor('claude');
    expect(only[activeRow(only, models, 'claude', '')]?.id).toBe('anthropic/claude');
    const all = rowsFor('', ['image']);
    expect(all[0]?.id).toBe('img-stable/sdxl');
    expect(all[activeRow(all, models, '', 'tts-voice')]?.id).toBe('tts-voice');
    expect(activeRow([], models, 'nothing', '')).toBe(-1);
  });
});
