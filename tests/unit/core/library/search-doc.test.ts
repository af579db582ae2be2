// What the word index keeps of a conversation file: when its stamp may be trusted (the file's time is coarse).
import { describe, expect, it } from 'vitest';
import {
  indexedIsCurrent,
  indexedPart,
  STAMP_TICK_MS,
} from '../../../../electron/core/library/search-doc';

describe('indexedIsCurrent', () => {
  const file = { size: 120, mtimeMs: 1_000_000 };

  it('trusts a stamp whose text was taken once its tick had passed', () => {
    expect(indexedIsCurrent({ ...file, takenAt: file.mtimeMs + STAMP_TICK_MS }, file)).toBe(true);
    expect(indexedIsCurrent({ ...file, takenAt: file.mtimeMs + 86_400_000 }, file)).toBe(true);
  });

  it('reads again a file whose text was taken within its tick: a later save of one size may share the stamp', () => {
    expect(indexedIsCurrent({ ...file, takenAt: file.mtimeMs }, file)).toBe(false);
    expect(indexedIsCurrent({ ...file, takenAt: file.mtimeMs + STAMP_TICK_MS - 1 }, file)).toBe(
      false,
    );
  });

  it('trusts a file dated later than the clock (copied from elsewhere): a save here would date it now', () => {
    expect(indexedIsCurrent({ ...file, takenAt: file.mtimeMs - 60_000 }, file)).toBe(true);
  });

  it('reads again what it lacks or what changed size or time', () => {
    const late = file.mtimeMs + 86_400_000;
    expect(indexedIsCurrent(undefined, file)).toBe(false);
    expect(indexedIsCurrent({ ...file, size: 121, takenAt: late }, file)).toBe(false);
    expect(indexedIsCurrent({ ...file, mtimeMs: file.mtimeMs - 1, takenAt: late }, file)).toBe(
      false,
    );
  });
});

describe('indexedPart', () => {
  it('keeps the finished messages with text, not one still streaming', () => {
    const part = indexedPart({
      id: 'c',
      title: '  ',
      messages: [
        { id: 'a', role: 'user', content: 'hello', createdAt: '', status: 'done' },
        { id: 'b', role: 'assistant', content: 'half', createdAt: '', status: 'streaming' },
        { id: 'c', role: 'assistant', content: ' ', createdAt: '', status: 'done' },
      ],
    });
    expect(part).toEqual({
      id: 'c',
      title: '',
      messages: [{ id: 'a', role: 'user', text: 'hello' }],
    });
  });
});
