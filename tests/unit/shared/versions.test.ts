// Versions as pure functions: a new version kept with the old, switching (first, last, nested, back), deleting, contextStart.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/types';
import {
  deleteMessage,
  type History,
  switchVersion,
  versionInfo,
  versionsForNewTail,
} from '../../../shared/versions';

function msg(id: string, role: ChatMessage['role'] = id.startsWith('q') ? 'user' : 'assistant') {
  return { id, role, content: id, createdAt: '', status: 'done' } as ChatMessage;
}

/** A new tail at `at` of the path, as the engine adds one (edit or regenerate). */
function fork(history: History, at: number, tail: ChatMessage[]): History {
  const head = { ...tail[0]!, ...versionsForNewTail(history.messages, at) };
  return {
    messages: [...history.messages.slice(0, at), head, ...tail.slice(1)],
    contextStart: history.contextStart,
  };
}

const ids = (h: History | null) => h?.messages.map((m) => m.id);

describe('versions', () => {
  const base: History = {
    messages: ['q1', 'a1', 'q2', 'a2'].map((id) => msg(id)),
    contextStart: 0,
  };

  it('a message without versions is 1 of 1', () => {
    expect(versionInfo(base.messages[1]!)).toEqual({ index: 0, count: 1 });
  });

  it('a new tail keeps the old one as a version and is the last one', () => {
    const forked = fork(base, 1, [msg('a1b')]);
    expect(ids(forked)).toEqual(['q1', 'a1b']);
    expect(versionInfo(forked.messages[1]!)).toEqual({ index: 1, count: 2 });
    expect(forked.messages[1]!.alternatives?.map((t) => t.map((m) => m.id))).toEqual([
      ['a1', 'q2', 'a2'],
    ]);
  });

  it('switches to the first and the last version, and refuses one out of range', () => {
    const three = fork(fork(base, 1, [msg('a1b')]), 1, [msg('a1c')]);
    expect(versionInfo(three.messages[1]!)).toEqual({ index: 2, count: 3 });
    const first = switchVersion(three, 'a1c', 0);
    expect(ids(first)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(versionInfo(first!.messages[1]!)).toEqual({ index: 0, count: 3 });
    const middle = switchVersion(first!, 'a1', 1);
    expect(ids(middle)).toEqual(['q1', 'a1b']);
    expect(switchVersion(three, 'a1c', 3)).toBeNull();
    expect(switchVersion(three, 'a1c', -1)).toBeNull();
    expect(switchVersion(three, 'gone', 0)).toBeNull();
    // The same version: nothing changes.
    expect(switchVersion(three, 'a1c', 2)).toBe(three);
  });

  it('switching back restores the path exactly', () => {
    const three = fork(fork(base, 1, [msg('a1b')]), 1, [msg('a1c')]);
    const away = switchVersion(three, 'a1c', 0)!;
    const back = switchVersion(away, 'a1', 2)!;
    expect(back).toEqual(three);
    expect(JSON.stringify(back)).toBe(JSON.stringify(three));
  });

  it('keeps nested forks inside their tails', () => {
    // Fork the second answer, then fork the first question: the inner fork lives in the old tail.
    const inner = fork(base, 3, [msg('a2b')]);
    const outer = fork(inner, 0, [msg('q1x'), msg('a1x')]);
    expect(ids(outer)).toEqual(['q1x', 'a1x']);
    const old = switchVersion(outer, 'q1x', 0)!;
    expect(ids(old)).toEqual(['q1', 'a1', 'q2', 'a2b']);
    expect(versionInfo(old.messages[3]!)).toEqual({ index: 1, count: 2 });
    const innerFirst = switchVersion(old, 'a2b', 0)!;
    expect(ids(innerFirst)).toEqual(['q1', 'a1', 'q2', 'a2']);
    // Going to the other outer version and back keeps the inner choice.
    const again = switchVersion(switchVersion(innerFirst, 'q1', 1)!, 'q1x', 0)!;
    expect(ids(again)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(versionInfo(again.messages[3]!)).toEqual({ index: 0, count: 2 });
  });

  it('keeps contextStart within the path it shows', () => {
    const long: History = {
      messages: ['q1', 'a1', 'q2', 'a2', 'q3', 'a3'].map((id) => msg(id)),
      contextStart: 4,
    };
    // The long path is shown with its first four messages trimmed; a shorter version is chosen.
    const forked = fork(long, 1, [msg('a1b')]);
    const longShown = { ...switchVersion(forked, 'a1b', 0)!, contextStart: 4 };
    expect(ids(longShown)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3']);
    const shortShown = switchVersion(longShown, 'a1', 1)!;
    expect(ids(shortShown)).toEqual(['q1', 'a1b']);
    expect(shortShown.contextStart).toBe(2);
    // A contextStart within the shared part stays as it was.
    expect(switchVersion({ ...longShown, contextStart: 1 }, 'a1', 1)!.contextStart).toBe(1);
  });
});

describe('deleting a message', () => {
  it('without versions: it leaves the path, what followed moves up, contextStart follows', () => {
    const h: History = { messages: ['q1', 'a1', 'q2', 'a2'].map((id) => msg(id)), contextStart: 2 };
    const done = deleteMessage(h, 'a1')!;
    expect(done.kind).toBe('message');
    expect(ids(done.history)).toEqual(['q1', 'q2', 'a2']);
    expect(done.history.contextStart).toBe(1);
    expect(deleteMessage(h, 'a2')!.history.contextStart).toBe(2);
    expect(deleteMessage(h, 'missing')).toBeNull();
  });

  it('a question with its answer: both leave the path, contextStart follows', () => {
    const h: History = { messages: ['q1', 'a1', 'q2', 'a2'].map((id) => msg(id)), contextStart: 3 };
    const both = deleteMessage(h, 'q1', { withAnswer: true })!;
    expect(both.kind).toBe('turn');
    expect(ids(both.history)).toEqual(['q2', 'a2']);
    expect(both.history.contextStart).toBe(1);
    // A start inside the removed turn moves to where the turn was.
    expect(deleteMessage({ ...h, contextStart: 3 }, 'q2', { withAnswer: true })!.history).toEqual({
      messages: ['q1', 'a1'].map((id) => msg(id)),
      contextStart: 2,
    });
    // Only a question followed by an answer takes it along; without the option nothing else goes.
    expect(deleteMessage(h, 'a1', { withAnswer: true })!.kind).toBe('message');
    expect(ids(deleteMessage(h, 'q1')!.history)).toEqual(['a1', 'q2', 'a2']);
  });

  it('with versions: only that version goes and its neighbour shows', () => {
    const base: History = { messages: ['q1', 'a1'].map((id) => msg(id)), contextStart: 0 };
    const three = fork(fork(base, 1, [msg('a1b')]), 1, [msg('a1c')]);
    // The last version gives way to the one before it.
    const lastGone = deleteMessage(three, 'a1c')!;
    expect(lastGone.kind).toBe('version');
    expect(ids(lastGone.history)).toEqual(['q1', 'a1b']);
    expect(versionInfo(lastGone.history.messages[1]!)).toEqual({ index: 1, count: 2 });
    // The first gives way to the next one.
    const first = switchVersion(three, 'a1c', 0)!;
    const firstGone = deleteMessage(first, 'a1')!;
    expect(ids(firstGone.history)).toEqual(['q1', 'a1b']);
    expect(versionInfo(firstGone.history.messages[1]!)).toEqual({ index: 0, count: 2 });
    // Down to one version: no versions are left on the message.
    const single = deleteMessage(firstGone.history, 'a1b')!;
    expect(ids(single.history)).toEqual(['q1', 'a1c']);
    expect(single.history.messages[1]!.alternatives).toBeUndefined();
    expect(single.history.messages[1]!.alternativeIndex).toBeUndefined();
  });
});
