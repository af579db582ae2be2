// One conversation from a file checked against the stored shape, keeping the fields this version does not know (message versions, …).
import { conversationSchema } from '../../library/conversation-file';
import type { Conversation } from '../../../../shared/types';

/**
 * The conversation when `raw` has the stored shape, else null. The known fields come checked
 * (with their defaults); anything else the object carries is kept as it is, so a newer app's
 * fields survive a round trip.
 */
export function checkedConversation(raw: unknown): Conversation | null {
  const parsed = conversationSchema.safeParse(raw);
  if (!parsed.success) return null;
  const given = raw as Record<string, unknown> & { messages: unknown[] };
  const { titleEdited, ...known } = parsed.data;
  return {
    ...given,
    ...known,
    ...(titleEdited === undefined ? {} : { titleEdited }),
    messages: given.messages,
  } as Conversation;
}
