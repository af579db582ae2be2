// The compare slice: the composer's 2 to 4 models, the estimate of them all, the question sent once to core, and a refusal that gives the words back.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatTurnEstimate } from '../../../../shared/estimates';
import { sumCredits } from '../../../../shared/prices';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../../../../shared/tokens';
import type { ModelInfo } from '../../../../shared/types';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';

let store: Store;

const model = (id: string, promptPrice: string | null): ModelInfo => ({
  id,
  name: id,
  kind: 'chat',
  promptPrice,
  completionPrice: promptPrice,
  contextLength: 8_000,
  badges: [],
  description: null,
});

const models = [model('a/one', '0.1'), model('b/two', '0.2'), model('c/free', null)];

beforeAll(async () => {
  store = await openStore();
});

beforeEach(() => {
  resetBridge();
  store.setState({
    activeId: 'c1',
    open: {},
    summaries: [],
    models,
    drafts: {},
    compareDraft: { on: false, models: [] },
    compareErrors: {},
  });
});

describe('compare slice', () => {
  it('opens with the chat’s model and the next one, and keeps 2 to 4 models', () => {
    store.setState({ newChatModel: 'b/two', activeId: null });
    store.getState().setCompareOn(true);
    expect(store.getState().compareDraft).toEqual({ on: true, models: ['b/two', 'a/one'] });
    store.getState().removeCompareModel(0);
    expect(store.getState().compareDraft.models).toHaveLength(2);
    for (let i = 0; i < 3; i++) store.getState().addCompareModel();
    expect(store.getState().compareDraft.models).toEqual(['b/two', 'a/one', '', '']);
    store.getState().setCompareModel(2, 'typed/model');
    expect(store.getState().compareDraft.models[2]).toBe('typed/model');
  });

  it('keeps "send anyway" for pictures per conversation and per compared model', () => {
    store.setState({ compareKeptForPictures: {} });
    store.getState().keepCompareModelForPictures('c1', 'a/one');
    store.getState().keepCompareModelForPictures('c1', 'b/two');
    store.getState().keepCompareModelForPictures('', 'c/free');
    expect(store.getState().compareKeptForPictures).toEqual({
      c1: ['a/one', 'b/two'],
      '': ['c/free'],
    });
  });

  it('estimates the question for every model, added, and nothing when one is unpriced', () => {
    store.setState({ compareDraft: { on: true, models: ['a/one', 'b/two'] } });
    const promptTokens = estimateTokens('Hello') + MESSAGE_OVERHEAD_TOKENS;
    const each = models
      .slice(0, 2)
      .map(
        (m) =>
          chatTurnEstimate(m, { promptTokens, maxTokens: null, byAccount: false }, 'auto')!.high,
      );
    expect(store.getState().compareEstimate(null, 'Hello')).toBe(sumCredits(each));
    store.setState({ compareDraft: { on: true, models: ['a/one', 'c/free'] } });
    expect(store.getState().compareEstimate(null, 'Hello')).toBeNull();
  });

  it('sends the question once with the distinct models, and gives the words back when refused', async () => {
    const error = { code: 'no_key', message: 'No key', status: null, retryable: false } as const;
    answers.set('chat.compare', () => ({ ok: false, error }));
    store.setState({ compareDraft: { on: true, models: ['a/one', ' b/two', 'a/one'] } });
    await store.getState().sendCompare('c1', 'Which sea?', []);
    expect(calls.filter((c) => c.channel === 'chat.compare')).toEqual([
      {
        channel: 'chat.compare',
        input: { conversationId: 'c1', text: 'Which sea?', models: ['a/one', 'b/two'] },
      },
    ]);
    const state = store.getState();
    expect(state.drafts.c1).toBe('Which sea?');
    expect(state.compareErrors.c1).toEqual(error);
    expect(state.compareStarting).toBe(false);
  });
});
