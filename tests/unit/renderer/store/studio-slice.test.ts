// The studio slice: Illustrate asks first with the picture's estimate (declined, nothing is sent), sends with its message and the model of Settings, and shows the picture under that message; a refusal stays with that message.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Balance,
  MediaItem,
  ModelInfo,
  SettingsView,
  UserError,
} from '../../../../shared/types';
import { DEFAULT_STUDIO_CHOICES } from '../../../../shared/studio';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

const settings: SettingsView = {
  baseUrl: 'https://api.example.com/v1',
  ratePlan: 'standard',
  customRequestsPerSecond: 1,
  defaultModel: 'm/chat',
  language: 'en',
  theme: 'light',
  keySet: true,
  keyLast4: null,
  demo: false,
  keyElsewhere: null,
  keyStorage: 'saved',
  keychain: true,
  spendLimits: { askAbove: '0.01', daily: null, monthly: null },
  studio: { ...DEFAULT_STUDIO_CHOICES, pictureModel: 'm/pic' },
};
const balance: Balance = {
  state: 'ok',
  credits: '10',
  userStatus: 0,
  userStatusText: null,
  subscriptionStatus: null,
  subscriptionEnd: null,
  subscriptionEndUtc: null,
  reason: null,
  error: null,
  checkedAt: null,
};
const pictures = {
  id: 'm/pic',
  name: 'Pictures',
  kind: 'image',
  promptPrice: '0',
  completionPrice: '0',
  unitPrice: { unit: 'image', price: '0.04' },
} as ModelInfo;
const place = { conversationId: 'c1', messageId: 'a1' };
const picture = { id: 'media-1', kind: 'image', fromChat: place } as MediaItem;

beforeEach(() => {
  resetBridge();
  store.setState({
    settings,
    balance,
    spent: null,
    spendAsk: null,
    conversationSpent: {},
    models: [pictures, { ...pictures, id: 'm/other' }],
    chatMedia: {},
    studioBusy: {},
    studioErrors: {},
  });
});

describe('studio slice', () => {
  it('asks first with the picture estimate, and sends nothing when declined', async () => {
    const asked = store.getState().illustrate(place, 'A **lighthouse**.');
    expect(store.getState().spendAsk).toEqual({
      feature: 'images',
      questions: [{ kind: 'above_threshold', estimate: '0.04', threshold: '0.01' }],
    });
    store.getState().answerSpendAsk(false);
    await asked;
    expect(calls).toEqual([]);
  });

  it('sends with its message and the chosen model, and shows the picture under that message', async () => {
    answers.set('images.generate', () => ({
      ok: true,
      data: { items: [picture], cost: null, sourceIds: [] },
    }));
    const going = store.getState().illustrate(place, 'A **lighthouse**.');
    store.getState().answerSpendAsk(true);
    await going;
    expect(calls).toEqual([
      {
        channel: 'images.generate',
        input: expect.objectContaining({
          model: 'm/pic',
          prompt: 'An illustration of: A lighthouse.',
          fromChat: place,
        }),
      },
    ]);
    expect(store.getState().chatMedia).toEqual({ a1: [picture] });
    expect(store.getState().studioBusy).toEqual({});
  });

  it('keeps a refusal with its message until dismissed', async () => {
    store.setState({
      settings: { ...settings, spendLimits: { askAbove: null, daily: null, monthly: null } },
    });
    const error: UserError = {
      code: 'invalid_input',
      message: 'no',
      status: 400,
      retryable: false,
    };
    answers.set('images.generate', () => ({ ok: false, error }));
    await store.getState().illustrate(place, 'x');
    expect(store.getState().studioErrors).toEqual({ a1: error });
    store.getState().dismissStudioError('a1');
    expect(store.getState().studioErrors).toEqual({});
  });
});
