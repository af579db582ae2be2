// The crash test's checks after a restart: what the person was told against what the restarted host shows.
import type { MessageAttachment } from '../../shared/attachments';
import type { SpendEntry } from '../../shared/spending';
import type {
  ChatMessage,
  Conversation,
  ConversationList,
  Folder,
  SearchHit,
  SettingsView,
  WordIndexStatus,
} from '../../shared/types';
import { LOST } from './bridge';
import {
  call,
  CallRefused,
  HostGone,
  pick,
  WORD_PATTERN,
  type ConversationExpect,
  type World,
} from './world';

export const FAILURE_KINDS = [
  'loss',
  'stream-loss',
  'silent-drop',
  'duplicate',
  'dangling',
  'search-miss',
  'stale-temp',
  'still-streaming',
  'resurrected',
  'host',
] as const;

export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Streamed text older than this at the kill must have been saved. */
const STREAM_GRACE_MS = 1000;

/** Waits until the word index says it has caught up with the library. */
export async function indexReady(w: World): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    const status = await call<WordIndexStatus>(w, 'semantic.wordsStatus', {});
    if (!status.indexing) return;
    if (Date.now() > until)
      throw new CallRefused('semantic.wordsStatus', 'unanswered', 'still indexing after 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Observed {
  byId: Map<string, Conversation>;
  /** Conversations holding each of the test's words, in title or messages. */
  byWord: Map<string, string[]>;
  folders: Folder[];
}

function messagesOf(c: Conversation): ChatMessage[] {
  const all: ChatMessage[] = [];
  const visit = (list: ChatMessage[]) => {
    for (const m of list) {
      all.push(m);
      for (const branch of m.alternatives ?? []) visit(branch);
    }
  };
  visit(c.messages);
  return all;
}

export async function observe(w: World): Promise<Observed> {
  const list = await call<ConversationList>(w, 'conversations.list', {});
  const byId = new Map<string, Conversation>();
  const byWord = new Map<string, string[]>();
  for (const item of list.items) {
    const c = await call<Conversation>(w, 'conversations.get', { id: item.id });
    byId.set(c.id, c);
    const words = new Set(
      [c.title, ...messagesOf(c).map((m) => m.content)].flatMap(
        (text) => text.match(WORD_PATTERN) ?? [],
      ),
    );
    for (const found of words) byWord.set(found, [...(byWord.get(found) ?? []), c.id]);
  }
  return { byId, byWord, folders: await call<Folder[]>(w, 'folders.list', {}) };
}

/** The stretch both texts start with. */
function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/** What a person sees as one conversation, for copies the test's words cannot tell apart. */
function fingerprint(c: Conversation): string {
  return JSON.stringify([c.title, c.messages.map((m) => [m.role, m.content])]);
}

/**
 * Says a broken promise once: a problem that stays (a copy, a dangling folder) is not told again
 * at every later point of the same folder.
 */
function tell(w: World, fail: Finding[], id: string, finding: Finding): void {
  if (w.told.has(id)) return;
  w.told.add(id);
  fail.push(finding);
}

export function checkLibrary(w: World, seen: Observed, killAt: number, fail: Finding[]): void {
  const counted = new Set<string>();
  for (const c of w.conversations) {
    let ids = [...new Set(seen.byWord.get(c.key) ?? [])];
    // A conversation killed before its first question was saved has no word yet: its id tells.
    if (
      ids.length === 0 &&
      c.questions.length === 0 &&
      c.origin === 'made' &&
      c.id &&
      seen.byId.has(c.id)
    )
      ids = [c.id];
    for (const id of ids) counted.add(id);
    if (c.state === 'present' && ids.length === 0) {
      fail.push({
        kind: 'loss',
        detail: `the ${c.origin} conversation ${c.key} (${c.id ?? 'no id'}) was acknowledged and is gone`,
      });
      c.state = 'gone';
      continue;
    }
    if (c.state === 'gone' && ids.length > 0) {
      fail.push({
        kind: 'resurrected',
        detail: `the deleted ${c.origin} conversation ${c.key} is back (${ids.join(', ')})`,
      });
      c.state = 'present';
    }
    if (ids.length > c.copies) {
      fail.push({
        kind: 'duplicate',
        count: ids.length - c.copies,
        detail: `the ${c.origin} conversation ${c.key} is there ${ids.length} times (${ids.join(', ')})`,
      });
      c.copies = ids.length;
    }
    if (c.state === 'unsure') c.state = ids.length > 0 ? 'present' : 'gone';
    if (c.state !== 'present' || ids.length === 0) continue;
    const found = seen.byId.get(ids[0]!)!;
    c.id = found.id;
    checkFields(w, c, found, seen, fail);
    checkTurns(w, c, found, killAt, fail);
  }
  // Copies of conversations the test's words do not mark (ChatGPT's own sample).
  const groups = new Map<string, string[]>();
  for (const c of seen.byId.values()) {
    // Empty conversations (a kill between create and send) all look alike and are not copies.
    if (counted.has(c.id) || c.messages.length === 0) continue;
    const print = fingerprint(c);
    groups.set(print, [...(groups.get(print) ?? []), c.id]);
  }
  for (const [print, ids] of groups) {
    const known = w.copiesOf.get(print) ?? 1;
    if (ids.length <= known) continue;
    fail.push({
      kind: 'duplicate',
      count: ids.length - known,
      detail: `"${(JSON.parse(print) as [string])[0]}" (ChatGPT's sample) is there ${ids.length} times with the same messages`,
    });
    w.copiesOf.set(print, ids.length);
  }
  const folderIds = new Set(seen.folders.map((f) => f.id));
  for (const f of w.folders) {
    const there = folderIds.has(f.id);
    if (f.state === 'present' && !there)
      fail.push({ kind: 'loss', detail: `the folder "${f.name}" was acknowledged and is gone` });
    if (f.state === 'gone' && there)
      fail.push({ kind: 'resurrected', detail: `the deleted folder "${f.name}" is back` });
    f.state = there ? 'present' : 'gone';
  }
  for (const c of seen.byId.values()) {
    if (c.folderId && !folderIds.has(c.folderId))
      tell(w, fail, `folder ${c.id} ${c.folderId}`, {
        kind: 'dangling',
        detail: `conversation ${c.id} ("${c.title.slice(0, 40)}") is in folder ${c.folderId}, which does not exist`,
      });
  }
}

function checkFields(
  w: World,
  c: ConversationExpect,
  found: Conversation,
  seen: Observed,
  fail: Finding[],
): void {
  const folderThere = seen.folders.some((f) => f.id === c.folderId);
  if (!c.fieldsUnsure) {
    const differs = (field: string, want: unknown, got: unknown) =>
      fail.push({
        kind: 'loss',
        detail: `${c.key} (${c.origin}): ${field} ${JSON.stringify(got)} where ${JSON.stringify(want)} was acknowledged`,
      });
    if (c.title !== undefined && found.title !== c.title) differs('title', c.title, found.title);
    if (c.pinned !== undefined && found.pinned !== c.pinned)
      differs('pinned', c.pinned, found.pinned);
    if (c.systemPrompt !== undefined && found.systemPrompt !== c.systemPrompt)
      differs('system prompt', c.systemPrompt, found.systemPrompt);
    if (c.folderId !== undefined && (found.folderId ?? null) !== c.folderId && folderThere)
      differs('folder', c.folderId, found.folderId ?? null);
  }
  // From now on what is there counts: an update in flight at the kill went either way, and a
  // loss is told once.
  if (c.title !== undefined) {
    c.title = found.title;
    // A rename in flight at the kill may have landed: the title's word is the one to search.
    c.words = [c.key, ...(found.title.match(WORD_PATTERN) ?? []).filter((word) => word !== c.key)];
  }
  if (c.pinned !== undefined) c.pinned = found.pinned;
  if (c.systemPrompt !== undefined) c.systemPrompt = found.systemPrompt;
  if (c.folderId !== undefined) c.folderId = found.folderId ?? null;
  c.fieldsUnsure = false;
  const texts = new Set(messagesOf(found).map((m) => m.content));
  for (const q of c.questions)
    if (!texts.has(q))
      tell(w, fail, `question ${q}`, {
        kind: 'loss',
        detail: `${c.key}: the question "${q}" is gone`,
      });
}

function checkTurns(
  w: World,
  c: ConversationExpect,
  found: Conversation,
  killAt: number,
  fail: Finding[],
): void {
  const messages = messagesOf(found);
  for (const turn of c.turns) {
    if (turn.messageId === null) continue;
    const saved = messages.find((m) => m.id === turn.messageId);
    if (!saved) {
      if (turn.end !== null || turn.deltas.length > 0)
        tell(w, fail, `answer ${turn.messageId}`, {
          kind: 'loss',
          detail: `${c.key}: the answer ${turn.messageId} is gone`,
        });
      continue;
    }
    if (saved.status === 'streaming')
      tell(w, fail, `streaming ${saved.id}`, {
        kind: 'still-streaming',
        detail: `${c.key}: answer ${saved.id} is still "streaming" after the restart`,
      });
    if (turn.end !== null && turn.end.at < killAt) {
      if (saved.content !== turn.end.message.content)
        fail.push({
          kind: 'loss',
          detail: `${c.key}: the finished answer ${saved.id} has ${saved.content.length} characters, ${turn.end.message.content.length} were delivered`,
        });
      turn.end = { at: turn.end.at, message: saved };
      continue;
    }
    const delivered = turn.deltas
      .filter((d) => d.at <= killAt - STREAM_GRACE_MS)
      .map((d) => d.text)
      .join('');
    const all = turn.deltas.map((d) => d.text).join('');
    const same = commonPrefix(saved.content, all);
    if (same < Math.min(saved.content.length, all.length))
      fail.push({
        kind: 'stream-loss',
        detail: `${c.key}: the saved answer differs from the streamed one at character ${same}`,
      });
    else if (saved.content.length < delivered.length)
      fail.push({
        kind: 'stream-loss',
        detail: `${c.key}: ${delivered.length - saved.content.length} of ${delivered.length} characters streamed over a second before the kill were not saved (${all.length} streamed in all)`,
      });
    turn.end = { at: killAt, message: saved };
  }
}

export async function checkSettingsAndUploads(w: World, fail: Finding[]): Promise<void> {
  const settings = await call<SettingsView>(w, 'settings.get', {});
  for (const [field, want] of Object.entries(w.settings)) {
    const got = settings[field as keyof SettingsView];
    if (got !== want && !w.settingsUnsure)
      fail.push({
        kind: 'loss',
        detail: `setting ${field} is ${JSON.stringify(got)}; ${JSON.stringify(want)} was acknowledged`,
      });
    Object.assign(w.settings, { [field]: got });
  }
  w.settingsUnsure = false;
  for (const u of w.uploads) {
    if (u.state !== 'present') continue;
    const answer =
      u.mediaId !== null
        ? await w.bridge.call<{ size: number }>('media.get', { id: u.mediaId })
        : await w.bridge.call<MessageAttachment>('attachments.prepare', { fileId: u.fileId });
    if (answer === LOST) throw new HostGone('media.get');
    if (answer.ok && answer.data.size === u.size) continue;
    fail.push({
      kind: 'loss',
      detail: `the ${u.mediaId !== null ? `picture ${u.mediaId}` : `upload ${u.fileId}`} (${u.size} bytes) is ${answer.ok ? `${answer.data.size} bytes` : `gone (${answer.error.message})`}`,
    });
    u.state = 'gone';
  }
}

export async function checkMediaReferences(
  w: World,
  seen: Observed,
  fail: Finding[],
): Promise<void> {
  const asked = new Map<string, boolean>();
  for (const c of seen.byId.values()) {
    for (const m of messagesOf(c)) {
      for (const a of m.attachments ?? []) {
        if (!a.mediaId) continue;
        if (!asked.has(a.mediaId)) {
          const answer = await w.bridge.call('media.get', { id: a.mediaId });
          if (answer === LOST) throw new HostGone('media.get');
          asked.set(a.mediaId, answer.ok);
        }
        if (!asked.get(a.mediaId))
          tell(w, fail, `picture ${c.id} ${a.mediaId}`, {
            kind: 'dangling',
            detail: `conversation ${c.id} shows picture ${a.mediaId}, which is gone`,
          });
      }
    }
  }
}

/** Every ledger entry the host said it recorded is still there after the kill. */
export async function checkLedger(w: World, fail: Finding[]): Promise<void> {
  const present = new Set<number>();
  let before: number | undefined;
  for (;;) {
    const page = await call<SpendEntry[]>(w, 'spending.entries', { limit: 500, before });
    for (const e of page) present.add(e.id);
    if (page.length < 500) break;
    before = page.at(-1)!.id;
  }
  for (const id of w.ledger)
    if (!present.has(id))
      tell(w, fail, `ledger ${id}`, {
        kind: 'loss',
        detail: `spending ledger entry ${id} was recorded (spending.changed) and is gone`,
      });
}

export async function checkSearch(
  w: World,
  seen: Observed,
  sample: number,
  fail: Finding[],
): Promise<void> {
  const present = w.conversations.filter(
    (c) => c.state === 'present' && c.id !== null && seen.byId.has(c.id),
  );
  const chosen = present.filter((c) => c.touched);
  const others = present.filter((c) => !c.touched);
  for (let i = 0; i < sample && others.length > 0; i += 1) {
    const at = pick(
      w,
      others.map((_, index) => index),
    )!;
    chosen.push(...others.splice(at, 1));
  }
  for (const c of chosen) {
    // Words of questions and titles the library acknowledged; a question cut by the kill may lack them.
    const words = c.origin === 'made' && c.questions.length === 0 ? [] : c.words;
    for (const query of words) {
      const hits = await call<SearchHit[]>(w, 'semantic.search', { query });
      if (!hits.some((h) => h.conversationId === c.id))
        tell(w, fail, `search ${c.id} ${query}`, {
          kind: 'search-miss',
          detail: `search for "${query}" does not find ${c.origin} conversation ${c.id}`,
        });
    }
    c.touched = false;
  }
}

/** One broken promise. */
export interface Finding {
  kind: FailureKind;
  /** How many it stands for (the extra copies of a duplicate); 1 when absent. */
  count?: number;
  detail: string;
}
