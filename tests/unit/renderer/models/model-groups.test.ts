// Unit tests of the model pickers' search and grouping (renderer/src/models/model-groups.ts).
import { describe, expect, it } from 'vitest';
import { groupModels, matchesModelQuery } from '../../../../renderer/src/models/model-groups';
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
