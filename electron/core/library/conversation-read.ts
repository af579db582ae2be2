// Reading one conversation file: checked against its shape, mended after a crash, set aside to recovered/ when it cannot be used.
import { readFile } from 'node:fs/promises';
import { settleUnfinishedCalls } from '../../../shared/tool-rounds';
import { conversationSchema, type StoredConversation } from './conversation-file';
import { keepGivenTitle } from './conversation-patch';
import type { Recovery } from './recovery';
import { serviceError, type ServiceError } from '../service/errors';

/** Read errors that say "not now" rather than "this file is bad": the file is left where it is. */
const PASSING_READ_ERRORS = new Set(['EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY', 'EINTR']);

export function storageError(message: string): ServiceError {
  return serviceError('storage', message);
}

/**
 * Moves a conversation file that cannot be used to recovered/ with its reason, so the next start
 * does not trip on it again and the person is told (the list's problems are these records).
 */
async function setAside(recovery: Recovery, file: string, why: string): Promise<void> {
  await recovery.setAside(
    file,
    `The conversation in this file could not be opened: ${why}. The other conversations are not affected.`,
  );
}

/**
 * Reads and checks the file of conversation `id`; null when it is not there, or unusable (then it
 * is set aside). A read refused for now (too many open files) throws instead: the file itself is fine.
 */
export async function readConversationFile(
  recovery: Recovery,
  file: string,
  id: string,
): Promise<StoredConversation | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code && PASSING_READ_ERRORS.has(code))
      throw storageError(
        `Conversation ${id} could not be read just now (${(e as Error).message}); try again.`,
      );
    await setAside(recovery, file, `it could not be read (${(e as Error).message})`);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    await setAside(recovery, file, `it is not valid JSON (${(e as Error).message})`);
    return null;
  }
  let parsed;
  try {
    parsed = conversationSchema.safeParse(json);
  } catch (e) {
    // A shape too deep for the checker (its stack) is as unusable as a wrong one.
    await setAside(recovery, file, `it could not be checked (${(e as Error).message})`);
    return null;
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    await setAside(
      recovery,
      file,
      `it does not hold a conversation (${issue?.message ?? 'wrong shape'}${where})`,
    );
    return null;
  }
  const c = parsed.data as StoredConversation;
  c.id = id;
  c.messageCount = c.messages.length;
  c.contextStart = Math.min(c.contextStart, c.messages.length);
  keepGivenTitle(c);
  return c;
}

/** A crash mid-answer leaves 'streaming' messages: they keep their text and become 'interrupted'. */
export function recoverInterrupted(c: StoredConversation): boolean {
  let changed = false;
  for (const m of c.messages) {
    if (m.status === 'streaming') {
      m.status = 'interrupted';
      // Calls left waiting or running end as stopped, so no card asks for a turn that is gone.
      settleUnfinishedCalls(m);
      changed = true;
    }
  }
  return changed;
}
