// When sending waits for the person's choice of a model priced for the pictures that go out (the vis- rule).
import { describe, expect, it } from 'vitest';
import {
  picturesGoing,
  visionChoicePending,
  visionChoicesPending,
} from '../../../../../renderer/src/chat/attachments/vision-choice';
import type { ChatMessage, ModelInfo } from '../../../../../shared/types';

const model = (id: string, badges: string[] = []): ModelInfo => ({
  id,
  name: id,
  kind: 'chat',
  promptPrice: null,
  completionPrice: null,
  contextLength: null,
  badges,
  description: null,
});
const models = [
  model('openai/gpt-4o-mini'),
  model('vis-openai/gpt-4o-mini', ['vision']),
  // A plain id the list marks as seeing pictures: the document prices pictures on vis- ids only.
  model('anthropic/claude-3.5-sonnet', ['tools', 'vision']),
  model('vis-anthropic/claude-3.5-sonnet', ['tools', 'vision']),
];
const image = { kind: 'image' as const, phase: 'ready' as const };

function message(role: 'user' | 'assistant', withPicture = false): ChatMessage {
  return {
    id: `${role}-${Math.random()}`,
    role,
    content: 'words',
    createdAt: '2025-01-01T00:00:00.000Z',
    status: 'done',
    ...(withPicture
      ? {
          attachments: [
            { kind: 'image', mediaId: 'm1', name: 'a.png', mime: 'image/png', size: 9, tokens: 85 },
          ],
        }
      : {}),
  };
}

describe('visionChoicePending', () => {
  it('waits while a picture goes to a model that is not a vis- one, until the person chooses', () => {
    expect(visionChoicePending('attached', 'openai/gpt-4o-mini', models, null)).toBe(true);
    expect(
      visionChoicePending('attached', 'openai/gpt-4o-mini', models, 'openai/gpt-4o-mini'),
    ).toBe(false);
    // A choice made for another model does not count for this one.
    expect(visionChoicePending('attached', 'openai/gpt-4o-mini', models, 'x/y')).toBe(true);
  });

  it('waits for a plain model whatever badge the list gives it', () => {
    expect(visionChoicePending('attached', 'anthropic/claude-3.5-sonnet', models, null)).toBe(true);
    expect(visionChoicePending('history', 'anthropic/claude-3.5-sonnet', models, null)).toBe(true);
  });

  it('does not wait for a vis- model, without pictures, or without a model list', () => {
    expect(visionChoicePending('attached', 'vis-openai/gpt-4o-mini', models, null)).toBe(false);
    expect(visionChoicePending('history', 'vis-openai/gpt-4o-mini', models, null)).toBe(false);
    expect(visionChoicePending(null, 'openai/gpt-4o-mini', models, null)).toBe(false);
    expect(visionChoicePending('attached', 'openai/gpt-4o-mini', [], null)).toBe(false);
  });
});

describe('visionChoicesPending', () => {
  const compared = ['openai/gpt-4o-mini', 'vis-anthropic/claude-3.5-sonnet', 'x/unlisted'];

  it('asks each compared model as the single turn asks its one model', () => {
    for (const pictures of ['attached', 'history', null] as const)
      for (const kept of [[], ['openai/gpt-4o-mini'], ['x/unlisted', 'openai/gpt-4o-mini']])
        expect(visionChoicesPending(pictures, compared, models, kept)).toEqual(
          compared.filter((m) =>
            visionChoicePending(pictures, m, models, kept.includes(m) ? m : null),
          ),
        );
  });

  it('names the models not vis- until each is kept, whether or not the list has a variant', () => {
    expect(visionChoicesPending('attached', compared, models, [])).toEqual([
      'openai/gpt-4o-mini',
      'x/unlisted',
    ]);
    // Kept for one model only: the other still waits.
    expect(visionChoicesPending('history', compared, models, ['x/unlisted'])).toEqual([
      'openai/gpt-4o-mini',
    ]);
    expect(
      visionChoicesPending('attached', compared, models, ['x/unlisted', 'openai/gpt-4o-mini']),
    ).toEqual([]);
  });

  it('asks none when only vis- models are compared, without pictures or without a list', () => {
    const allVision = ['vis-openai/gpt-4o-mini', 'vis-anthropic/claude-3.5-sonnet'];
    expect(visionChoicesPending('attached', allVision, models, [])).toEqual([]);
    expect(visionChoicesPending(null, compared, models, [])).toEqual([]);
    expect(visionChoicesPending('attached', compared, [], [])).toEqual([]);
    expect(visionChoicesPending('attached', [], models, [])).toEqual([]);
  });
});

describe('picturesGoing', () => {
  it('names pictures attached now first, then pictures in the history still sent', () => {
    const history = {
      contextStart: 0,
      messages: [message('user', true), message('assistant')],
    };
    expect(picturesGoing([image], history)).toBe('attached');
    expect(picturesGoing([], history)).toBe('history');
    expect(picturesGoing(undefined, history)).toBe('history');
  });

  it('leaves out failed attachments, pictures before the context start, and other kinds', () => {
    const messages = [message('user', true), message('assistant'), message('user')];
    expect(picturesGoing([{ kind: 'image', phase: 'failed' }], undefined)).toBeNull();
    expect(picturesGoing([{ kind: 'audio', phase: 'ready' }], undefined)).toBeNull();
    expect(picturesGoing([], { contextStart: 2, messages })).toBeNull();
    expect(picturesGoing([], { contextStart: 0, messages })).toBe('history');
  });
});
