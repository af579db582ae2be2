// The organise slice: selection, filing many conversations, a deleted folder's conversations back in no folder, starting from an assistant.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answers, calls, openStore, resetBridge, type Store } from './fake-bridge';
import type { Assistant, Conversation, ConversationSummary } from '../../../../shared/types';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

const at = '2026-02-01T10:00:00.000Z';

function conversation(id: string, extra: Partial<Conversation> = {}): Conversation {
  return {
    version: 2,
    id,
    title: id,
    pinned: false,
    createdAt: at,
    updatedAt: at,
    model: 'm',
    messageCount: 0,
    folderId: null,
    archived: false,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages: [],
    ...extra,
  };
}

function summary(id: string, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  const { messages: _m, ...rest } = conversation(id, extra);
  void _m;
  return {
    id: rest.id,
    title: rest.title,
    pinned: rest.pinned,
    createdAt: rest.createdAt,
    updatedAt: rest.updatedAt,
    model: rest.model,
    messageCount: 0,
    folderId: rest.folderId,
    archived: rest.archived,
  };
}

beforeEach(() => {
  resetBridge();
  store.setState({ summaries: [], open: {}, activeId: null, selectedIds: [], folders: [] });
});

describe('organise slice', () => {
  it('selects and unselects sets of conversations', () => {
    store.getState().selectConversations(['a', 'b', 'c'], true);
    store.getState().selectConversations(['b'], false);
    expect(store.getState().selectedIds.sort()).toEqual(['a', 'c']);
    store.getState().setSelecting(false);
    expect(store.getState().selectedIds).toEqual([]);
  });

  it('files every given conversation, one call each, and the list follows', async () => {
    store.setState({ summaries: [summary('a'), summary('b')] });
    answers.set('conversations.update', (input) => {
      const { id, ...patch } = input as { id: string };
      return { ok: true, data: conversation(id, patch) };
    });
    expect(await store.getState().moveToFolder(['a', 'b'], 'f1')).toBeNull();
    expect(calls.map((c) => c.input)).toEqual([
      { id: 'a', folderId: 'f1' },
      { id: 'b', folderId: 'f1' },
    ]);
    expect(store.getState().summaries.every((s) => s.folderId === 'f1')).toBe(true);
  });

  it('a deleted folder leaves its conversations in no folder', async () => {
    store.setState({
      folders: [{ id: 'f1', name: 'Work', createdAt: at }],
      summaries: [summary('a', { folderId: 'f1' }), summary('b', { folderId: 'f2' })],
    });
    answers.set('folders.delete', () => ({ ok: true, data: { id: 'f1' } }));
    expect(await store.getState().deleteFolder('f1')).toBeNull();
    expect(store.getState().folders).toEqual([]);
    expect(store.getState().summaries.map((s) => s.folderId)).toEqual([null, 'f2']);
  });

  it('a chat started from an assistant takes its prompt, model, parameters and name', async () => {
    const assistant: Assistant = {
      id: 'builtin-translator',
      name: 'Translator',
      systemPrompt: 'Translate.',
      model: '',
      temperature: 0.3,
      maxTokens: null,
      builtIn: true,
    };
    store.setState({ newChatModel: 'm/chosen' });
    answers.set('conversations.create', () => ({ ok: true, data: conversation('new') }));
    answers.set('conversations.get', () => ({ ok: true, data: conversation('new') }));
    expect(await store.getState().startChatWith(assistant)).toBeNull();
    expect(calls[0]).toEqual({
      channel: 'conversations.create',
      input: {
        model: 'm/chosen',
        systemPrompt: 'Translate.',
        temperature: 0.3,
        maxTokens: null,
        // Named with the conversation, so its header and list row show the assistant.
        assistant: { id: 'builtin-translator', name: 'Translator' },
      },
    });
    expect(store.getState().activeId).toBe('new');
  });
});
