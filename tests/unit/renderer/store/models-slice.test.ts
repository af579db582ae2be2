// After a switch of service, every task's choice the new list lacks is repaired (and said); chat's conversation keeps its own.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelInfo, ModelKind, SettingsView } from '../../../../shared/types';
import { chatDefaultOf } from '../../../../renderer/src/store/models-slice';
import { answers, openStore, resetBridge, type Store } from './fake-bridge';

let store: Store;

function entry(id: string, kind: ModelKind): ModelInfo {
  return {
    id,
    name: id,
    kind,
    promptPrice: '0.000001',
    completionPrice: '0.000002',
    contextLength: 8192,
    badges: [],
    description: null,
  };
}

/** The person's own service (the list) and the demo's, which shares none of its ids. */
const OWN = [
  entry('ceo/writer', 'chat'),
  entry('img-ceo/painter', 'image'),
  entry('img2img-ceo/editor', 'image-edit'),
  entry('tts-ceo/voice', 'text-to-speech'),
  entry('tta-ceo/band', 'music'),
  entry('stt-ceo/ear', 'speech-to-text'),
  entry('txt2vid-ceo/film', 'text-to-video'),
];
const DEMO = [
  entry('openai/gpt-4o-mini', 'chat'),
  entry('openai/dall-e-3', 'image'),
  entry('img2img-black-forest-labs/flux-kontext-pro', 'image-edit'),
  entry('tts-openai/tts-1', 'text-to-speech'),
  entry('tta-stable/stable-audio', 'music'),
  entry('stt-openai/whisper-1', 'speech-to-text'),
  entry('txt2vid-kling/kling-v2.1', 'text-to-video'),
];

const own: SettingsView = {
  baseUrl: 'https://own.example/v1',
  ratePlan: 'standard',
  customRequestsPerSecond: 0.5,
  defaultModel: '',
  language: 'en',
  theme: 'system',
  keySet: true,
  keyLast4: 'abcd',
  demo: false,
  keyElsewhere: null,
  keyStorage: null,
  keychain: true,
};
const demo: SettingsView = { ...own, baseUrl: 'http://127.0.0.1:41000/v1', demo: true };

function drafts() {
  const s = store.getState();
  return {
    image: s.imageDraft.generateModel,
    'image-edit': s.imageDraft.editModel,
    speech: s.speechDraft.model,
    music: s.musicDraft.model,
    transcription: s.transcribeDraft.model,
    video: s.videoDraft.model,
  };
}

async function listArrives(list: ModelInfo[]): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const s = store.getState();
    if (!s.modelsLoading && s.models === list) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the list did not arrive');
}

beforeAll(async () => {
  store = await openStore();
});

beforeEach(() => {
  resetBridge();
  store.setState({
    settings: own,
    models: OWN,
    modelsLoading: false,
    typedModels: [],
    modelRepairs: {},
    newChatModel: 'ceo/writer',
  });
  const s = store.getState();
  s.setImageDraft({ generateModel: 'img-ceo/painter', editModel: 'img2img-ceo/editor' });
  s.setSpeechDraft({ model: 'tts-ceo/voice' });
  s.setMusicDraft({ model: 'tta-ceo/band' });
  s.setTranscribeDraft({ model: 'stt-ceo/ear' });
  s.setVideoDraft({ model: 'txt2vid-ceo/film' });
});

describe('switching service', () => {
  it("repairs every tab's choice into the demo and back, and says what it replaced", async () => {
    answers.set('demo.use', () => ({ ok: true, data: demo }));
    answers.set('models.list', () => ({ ok: true, data: DEMO }));
    expect(await store.getState().useDemoService()).toBeNull();
    await listArrives(DEMO);
    expect(drafts()).toEqual({
      image: 'openai/dall-e-3',
      'image-edit': 'img2img-black-forest-labs/flux-kontext-pro',
      speech: 'tts-openai/tts-1',
      music: 'tta-stable/stable-audio',
      transcription: 'stt-openai/whisper-1',
      video: 'txt2vid-kling/kling-v2.1',
    });
    expect(store.getState().modelRepairs.image).toEqual({
      task: 'image',
      from: 'img-ceo/painter',
      to: 'openai/dall-e-3',
    });
    expect(store.getState().modelRepairs['image-edit']?.from).toBe('img2img-ceo/editor');
    // Chat keeps the person's choice (its picker flags it); a new chat's default is the list's.
    expect(store.getState().newChatModel).toBe('ceo/writer');
    expect(chatDefaultOf(store.getState())).toBe('openai/gpt-4o-mini');

    answers.set('demo.leave', () => ({ ok: true, data: own }));
    answers.set('models.list', () => ({ ok: true, data: OWN }));
    expect(await store.getState().leaveDemoService()).toBeNull();
    await listArrives(OWN);
    expect(drafts()).toEqual({
      image: 'img-ceo/painter',
      'image-edit': 'img2img-ceo/editor',
      speech: 'tts-ceo/voice',
      music: 'tta-ceo/band',
      transcription: 'stt-ceo/ear',
      video: 'txt2vid-ceo/film',
    });
    expect(chatDefaultOf(store.getState())).toBe('ceo/writer');
  });

  it('keeps an id typed on this service through a refresh, and forgets it at a switch', async () => {
    store.getState().rememberTypedModel('sdapi/txt2img');
    store.getState().setImageDraft({ generateModel: 'sdapi/txt2img' });
    answers.set('models.list', () => ({ ok: true, data: OWN }));
    await store.getState().loadModels(true);
    expect(store.getState().imageDraft.generateModel).toBe('sdapi/txt2img');

    answers.set('demo.use', () => ({ ok: true, data: demo }));
    answers.set('models.list', () => ({ ok: true, data: DEMO }));
    await store.getState().useDemoService();
    await listArrives(DEMO);
    expect(store.getState().typedModels).toEqual([]);
    expect(store.getState().imageDraft.generateModel).toBe('openai/dall-e-3');
  });

  it('keeps every choice when the new list cannot be had', async () => {
    answers.set('demo.use', () => ({ ok: true, data: demo }));
    await store.getState().useDemoService();
    for (let i = 0; i < 50 && store.getState().modelsLoading; i++)
      await new Promise((r) => setTimeout(r, 5));
    expect(drafts().image).toBe('img-ceo/painter');
    expect(store.getState().modelRepairs).toEqual({});
  });
});
