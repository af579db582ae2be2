// The prompts slice: the list asked for again after a save, a deleted prompt gone at once, a refusal answered rather than thrown.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prompt } from '../../../../shared/prompts';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

beforeEach(() => {
  resetBridge();
  store.setState({ prompts: null, promptsError: null });
});

const shipped: Prompt = { id: 'shipped-translate', name: 'Translate', text: 'x', shipped: true };
const mine: Prompt = { id: 'p1', name: 'Haiku', text: 'A haiku about {{topic}}', shipped: false };

describe('prompts slice', () => {
  it('loads the list, and asks for it again after a save', async () => {
    let list = [shipped];
    answers.set('prompts.list', () => ({ ok: true, data: list }));
    answers.set('prompts.save', () => {
      list = [mine, shipped];
      return { ok: true, data: mine };
    });
    await store.getState().loadPrompts();
    expect(store.getState().prompts).toEqual([shipped]);
    expect(await store.getState().savePrompt({ name: 'Haiku', text: mine.text })).toEqual(mine);
    expect(store.getState().prompts).toEqual([mine, shipped]);
    expect(calls.map((c) => c.channel)).toEqual(['prompts.list', 'prompts.save', 'prompts.list']);
  });

  it('drops a deleted prompt at once and answers a refusal', async () => {
    store.setState({ prompts: [mine, shipped] });
    answers.set('prompts.delete', (input) => ({ ok: true, data: input }));
    expect(await store.getState().deletePrompt('p1')).toBeNull();
    expect(store.getState().prompts).toEqual([shipped]);
    const error = { code: 'not_found', message: 'gone', status: null, retryable: false } as const;
    answers.set('prompts.delete', () => ({ ok: false, error }));
    expect(await store.getState().deletePrompt('shipped-translate')).toEqual(error);
    expect(store.getState().prompts).toEqual([shipped]);
    answers.set('prompts.list', () => ({ ok: false, error }));
    await store.getState().loadPrompts();
    expect(store.getState().promptsError).toEqual(error);
  });
});
