import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { Conversation } from '../../../../shared/types';
import {
  boundOpenConversations,
  conversationsToDrop,
  touchRecent,
} from '../../../../renderer/src/store/open-bound';
import { conversation, message } from '../../conversation-data';

interface State {
  open: Record<string, Conversation>;
  activeId: string | null;
  streams: Record<string, unknown>;
  compareStreams?: Record<string, { conversationId: string }>;
}

const loaded = (id: string) => conversation(id, [message(`${id}-1`, 'user', `hello ${id}`)]);

function storeWithBound(keep: number) {
  const store = createStore<State>(() => ({ open: {}, activeId: null, streams: {} }));
  const stop = boundOpenConversations(store, keep);
  const openOne = (id: string) => {
    store.setState({ activeId: id });
    store.setState((s) => ({ open: { ...s.open, [id]: loaded(id) } }));
  };
  return { store, stop, openOne };
}

describe('touchRecent', () => {
  it('moves the opened conversation to the front once', () => {
    expect(touchRecent(['b', 'a', 'c'], 'a')).toEqual(['a', 'b', 'c']);
    expect(touchRecent(['a'], null)).toEqual(['a']);
  });
});

describe('conversationsToDrop', () => {
  const open = { a: loaded('a'), b: loaded('b'), c: loaded('c'), d: loaded('d') };
  it('keeps the active one, the answering ones and the most recent others', () => {
    expect(conversationsToDrop(open, ['d', 'c', 'b', 'a'], new Set(['a']), 'd', 1)).toEqual(['b']);
  });
  it('says null when nothing goes', () => {
    expect(conversationsToDrop(open, ['a', 'b', 'c', 'd'], new Set(), 'a', 3)).toBeNull();
  });
});

describe('boundOpenConversations', () => {
  it('keeps the active conversation and the last two opened before it', () => {
    const { store, openOne } = storeWithBound(2);
    for (const id of ['a', 'b', 'c', 'd', 'e']) openOne(id);
    expect(Object.keys(store.getState().open).sort()).toEqual(['c', 'd', 'e']);
  });

  it('never drops a conversation whose answer is still streaming', () => {
    const { store, openOne } = storeWithBound(1);
    openOne('a');
    store.setState({ streams: { a: {} } });
    for (const id of ['b', 'c', 'd']) openOne(id);
    expect(Object.keys(store.getState().open).sort()).toEqual(['a', 'c', 'd']);
  });

  it('never drops a conversation whose compare is still streaming', () => {
    const { store, openOne } = storeWithBound(1);
    openOne('a');
    store.setState({ compareStreams: { answer1: { conversationId: 'a' } } });
    for (const id of ['b', 'c', 'd']) openOne(id);
    expect(Object.keys(store.getState().open).sort()).toEqual(['a', 'c', 'd']);
  });

  it('going back to a kept conversation makes it the most recent again', () => {
    const { store, openOne } = storeWithBound(1);
    openOne('a');
    openOne('b');
    openOne('a');
    openOne('c');
    expect(Object.keys(store.getState().open).sort()).toEqual(['a', 'c']);
  });

  it('stops when asked', () => {
    const { store, stop, openOne } = storeWithBound(0);
    stop();
    for (const id of ['a', 'b', 'c']) openOne(id);
    expect(Object.keys(store.getState().open)).toHaveLength(3);
  });
});
