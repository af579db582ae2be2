// Versions of a conversation: forks kept on the message where they start, switched as pure functions.
//
// `Conversation.messages` is the active path (what the screen shows and what is sent). A message
// at position i may hold `alternatives`: the OTHER tails that start at i (a tail is the message at
// i and everything after it on that branch; forks further on live inside the tails), and
// `alternativeIndex`: this active version's place among all of them.
import type { ChatMessage } from './types';

/** Version n of N, as the switcher shows it (index counts from 0). */
export interface VersionInfo {
  index: number;
  count: number;
}

export interface History {
  messages: ChatMessage[];
  contextStart: number;
}

/** The message without its own versions (what it is as part of a tail). */
export function withoutVersions(message: ChatMessage): ChatMessage {
  if (message.alternatives === undefined && message.alternativeIndex === undefined) return message;
  const copy = { ...message };
  delete copy.alternatives;
  delete copy.alternativeIndex;
  return copy;
}

/** Where the message stands among the versions at its position; count 1 when it has none. */
export function versionInfo(message: ChatMessage): VersionInfo {
  const others = message.alternatives?.length ?? 0;
  const index = Math.min(Math.max(message.alternativeIndex ?? 0, 0), others);
  return { index, count: others + 1 };
}

/** Every tail at position `at`, in order, the active one (without its versions) in its place. */
function allTails(messages: readonly ChatMessage[], at: number): ChatMessage[][] {
  const head = messages[at]!;
  const others = head.alternatives ?? [];
  const { index } = versionInfo(head);
  const active = [withoutVersions(head), ...messages.slice(at + 1)];
  return [...others.slice(0, index), active, ...others.slice(index)];
}

/** The path with `tails[index]` active at `at` and the other tails kept on its first message. */
function choose(
  messages: readonly ChatMessage[],
  at: number,
  tails: ChatMessage[][],
  index: number,
): ChatMessage[] {
  const chosen = tails[index]!;
  const others = tails.filter((_, i) => i !== index);
  const head: ChatMessage =
    others.length === 0
      ? withoutVersions(chosen[0]!)
      : { ...chosen[0]!, alternatives: others, alternativeIndex: index };
  return [...messages.slice(0, at), head, ...chosen.slice(1)];
}

/** contextStart may not point past the path (the trimmed part stays trimmed where it still exists). */
export function validContextStart(contextStart: number, messages: readonly ChatMessage[]): number {
  return Math.max(0, Math.min(contextStart, messages.length));
}

/**
 * Makes version `index` of the message's position the active one; null when the message is not
 * on the path or has no such version. Switching back restores the earlier path exactly.
 */
export function switchVersion(history: History, messageId: string, index: number): History | null {
  const at = history.messages.findIndex((m) => m.id === messageId);
  if (at < 0) return null;
  const info = versionInfo(history.messages[at]!);
  if (!Number.isInteger(index) || index < 0 || index >= info.count) return null;
  if (index === info.index) return history;
  const messages = choose(history.messages, at, allTails(history.messages, at), index);
  return { messages, contextStart: validContextStart(history.contextStart, messages) };
}

/**
 * What a new version at position `at` must carry so that every existing tail there (the active
 * one included) is kept: the new version goes last in the order. Nothing when nothing is at `at`.
 */
export function versionsForNewTail(
  messages: readonly ChatMessage[],
  at: number,
): Pick<ChatMessage, 'alternatives' | 'alternativeIndex'> {
  if (at < 0 || at >= messages.length) return {};
  const tails = allTails(messages, at);
  return { alternatives: tails, alternativeIndex: tails.length };
}

/** What deleting a message did, enough to tell the person (and to undo it exactly). */
export type DeleteKind = 'message' | 'version' | 'turn';

/**
 * Deletes the message at its place on the path. A message with other versions loses only its
 * version (the tail from it on) and its neighbour version is shown (the next one, else the one
 * before); a message without versions leaves the path and what followed moves up. With
 * `withAnswer`, a question without versions takes the answer after it (every version of that
 * answer) along: an answer left without its question would still be sent as context ('turn').
 */
export function deleteMessage(
  history: History,
  messageId: string,
  options: { withAnswer?: boolean } = {},
): { history: History; kind: DeleteKind } | null {
  const { messages } = history;
  const at = messages.findIndex((m) => m.id === messageId);
  if (at < 0) return null;
  const info = versionInfo(messages[at]!);
  if (info.count > 1) {
    const tails = allTails(messages, at);
    tails.splice(info.index, 1);
    const next = Math.min(info.index, tails.length - 1);
    const path = choose(messages, at, tails, next);
    return {
      kind: 'version',
      history: { messages: path, contextStart: validContextStart(history.contextStart, path) },
    };
  }
  const answered =
    options.withAnswer === true &&
    messages[at]!.role === 'user' &&
    messages[at + 1]?.role === 'assistant';
  const removed = answered ? 2 : 1;
  const path = [...messages.slice(0, at), ...messages.slice(at + removed)];
  // A start inside what was removed moves to where it was; one after it moves up with the rest.
  const contextStart =
    history.contextStart > at ? Math.max(at, history.contextStart - removed) : history.contextStart;
  return {
    kind: answered ? 'turn' : 'message',
    history: { messages: path, contextStart: validContextStart(contextStart, path) },
  };
}
