// The search worker's thread: a request that comes while the idle worker is being stopped is answered, not lost.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSearchThread } from '../../../../electron/core/library/search-thread';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-thread-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const set = (id: string, text: string) => ({
  op: 'set' as const,
  conversation: { id, title: '', messages: [{ id: 'm', role: 'user' as const, text }] },
  stamp: { size: 1, mtimeMs: 1, takenAt: 1 },
});

it('answers a save sent while the idle worker closes the index, and keeps it', async () => {
  // Idle at once: the worker is told to close as soon as each answer is in.
  const thread = openSearchThread(join(dir, 'words.sqlite'), 0);
  try {
    for (let i = 0; i < 5; i++) {
      await thread.send(set(`c${i}`, `walrus${i}`));
      // This timer runs after the idle one, which has just sent the close: the save goes behind it.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await thread.send(set(`d${i}`, `okapi${i}`));
    }
    for (let i = 0; i < 5; i++) {
      expect((await thread.send({ op: 'search', query: `okapi${i}` })).hits).toHaveLength(1);
      expect((await thread.send({ op: 'search', query: `walrus${i}` })).hits).toHaveLength(1);
    }
  } finally {
    await thread.stop();
  }
});
