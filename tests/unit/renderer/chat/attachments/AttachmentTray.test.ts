// When sending waits for the person's choice of a model that sees the attached pictures.
import { describe, expect, it } from 'vitest';
import { visionChoicePending } from '../../../../../renderer/src/chat/attachments/AttachmentTray';
import type { ModelInfo } from '../../../../../shared/types';

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
const models = [model('openai/gpt-4o-mini'), model('vis-openai/gpt-4o-mini', ['vision'])];
const image = { kind: 'image' as const, phase: 'ready' as const };

describe('visionChoicePending', () => {
  it('waits while a picture goes to a model that may not see it, until the person chooses', () => {
    expect(visionChoicePending([image], 'openai/gpt-4o-mini', models, null)).toBe(true);
    expect(visionChoicePending([image], 'openai/gpt-4o-mini', models, 'openai/gpt-4o-mini')).toBe(
      false,
    );
    // A choice made for another model does not count for this one.
    expect(visionChoicePending([image], 'openai/gpt-4o-mini', models, 'x/y')).toBe(true);
  });

  it('does not wait for a model that sees pictures, without pictures, or for a failed one', () => {
    expect(visionChoicePending([image], 'vis-openai/gpt-4o-mini', models, null)).toBe(false);
    expect(
      visionChoicePending([{ kind: 'audio', phase: 'ready' }], 'openai/gpt-4o-mini', models, null),
    ).toBe(false);
    expect(
      visionChoicePending([{ kind: 'image', phase: 'failed' }], 'openai/gpt-4o-mini', models, null),
    ).toBe(false);
    expect(visionChoicePending(undefined, 'openai/gpt-4o-mini', models, null)).toBe(false);
  });
});
