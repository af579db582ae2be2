// "New chat from here": a new conversation holding the active path up to a message, with the original's settings and the same attachments.
import { firstWordsTitle } from '../../../../shared/titles';
import type { ChatMessage, Conversation, Language } from '../../../../shared/types';
import { validContextStart, withoutVersions } from '../../../../shared/versions';
import type { StoredConversation } from '../../library/conversation-file';
import type { ConversationLibrary } from '../../library/conversations';
import { newId } from '../../library/ids';
import { serviceError } from '../../service/errors';

/** What a branch's title adds to the original's, in the person's language (ChatGPT's word). */
const BRANCH_MARK: Record<Language, (title: string) => string> = {
  en: (title) => `${title} (branch)`,
  ru: (title) => `${title} (ветка)`,
};

/** The branch's title: the original's (or its first question's words) marked as a branch. */
export function branchTitle(
  original: Pick<Conversation, 'title'>,
  path: readonly ChatMessage[],
  language: Language,
): string {
  const first = path.find((m) => m.role === 'user');
  const title = original.title.trim() || (first ? firstWordsTitle(first.content) : '');
  return title === '' ? '' : BRANCH_MARK[language](title);
}

/**
 * The branch as a new conversation: the active path up to and including `messageId` (each message
 * without its other versions, copied whole, attachments naming the same stored files), and every
 * setting of the original. null when the message is not on the active path.
 */
export function branchOf(
  original: Conversation,
  messageId: string,
  made: { id: string; at: string; language: Language },
): StoredConversation | null {
  const at = original.messages.findIndex((m) => m.id === messageId);
  if (at < 0) return null;
  const messages = original.messages
    .slice(0, at + 1)
    .map((m) => structuredClone(withoutVersions(m)));
  const title = branchTitle(original, messages, made.language);
  // Every setting of the original, so one added later is kept too; only what makes it a new
  // conversation is its own (how the original was titled or imported is not the branch's).
  const {
    messages: _path,
    titleEdited: _titleEdited,
    titleByModel: _titleByModel,
    origins: _origins,
    ...settings
  } = original as StoredConversation;
  const branch: StoredConversation = {
    ...structuredClone(settings),
    id: made.id,
    title,
    ...(title !== '' ? { titleEdited: true } : {}),
    pinned: false,
    createdAt: made.at,
    updatedAt: made.at,
    messageCount: messages.length,
    contextStart: validContextStart(original.contextStart, messages),
    messages,
    folderId: original.folderId ?? null,
    archived: false,
  };
  return branch;
}

/**
 * Makes the branch and saves it beside the original. An answer still being written cannot be the
 * place of a branch (its text is not whole yet); messages before it can.
 */
export async function branchConversation(
  library: ConversationLibrary,
  input: { id: string; messageId: string },
  language: Language,
  now: () => Date = () => new Date(),
): Promise<Conversation> {
  const original = await library.get(input.id);
  const message = original.messages.find((m) => m.id === input.messageId);
  if (message?.status === 'streaming') {
    throw serviceError(
      'invalid_input',
      'This answer is still being written; wait for it to finish or stop it, then start a new chat from it.',
    );
  }
  const branch = branchOf(original, input.messageId, {
    id: newId('conversation'),
    at: now().toISOString(),
    language,
  });
  if (!branch) throw serviceError('not_found', 'That message is no longer in the conversation.');
  const { id } = await library.adopt(branch);
  return library.get(id);
}
