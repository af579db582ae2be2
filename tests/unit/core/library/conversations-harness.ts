// What the conversation library's tests share: a fresh data folder per test, the libraries opened on it (closed after), messages and conversations made quickly.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ChatMessage } from '../../../../shared/types';
import { flushAtomicWrites } from '../../../../electron/core/library/atomic-write';
import {
  type ConversationLibrary,
  openConversationLibrary,
} from '../../../../electron/core/library/conversations';

export let dir: string;
/** Every library a test opened, closed after it. */
export let opened: ConversationLibrary[];

/** A fresh data folder for each test of the calling file, removed after it. */
export function useLibraryFolder(): void {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-lib-'));
    opened = [];
  });

  afterEach(async () => {
    // Closed, not only flushed: a library still open builds its word index in the background and
    // could write into the folder while it is removed (ENOTEMPTY, seen in CI).
    for (const lib of opened) await lib.close();
    await flushAtomicWrites();
    await rm(dir, { recursive: true, force: true });
  });
}

export function message(
  role: 'user' | 'assistant',
  content: string,
  status: ChatMessage['status'] = 'done',
): ChatMessage {
  return {
    id: `${role}-${Math.random().toString(36).slice(2)}`,
    role,
    content,
    createdAt: new Date().toISOString(),
    status,
  };
}

/** A clock that moves one second per reading, so updatedAt orders are certain. */
function steppingClock(): () => Date {
  let t = Date.parse('2030-01-01T00:00:00Z');
  return () => new Date((t += 1000));
}

export async function openLib(): Promise<ConversationLibrary> {
  const lib = await openConversationLibrary(dir, { now: steppingClock(), indexDelayMs: 5 });
  opened.push(lib);
  return lib;
}

export async function addConversation(lib: ConversationLibrary, ...texts: string[]) {
  const c = await lib.create({ model: 'openai/gpt-4o-mini' });
  for (const [i, t] of texts.entries())
    c.messages.push(message(i % 2 === 0 ? 'user' : 'assistant', t));
  await lib.save(c);
  return c;
}
