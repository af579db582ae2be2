// The crash test's person as the test keeps them: what the answers they got promise (the World), how
// they call the host through the bridge, and the host started and restarted on their folder.
import type { ChatEvent, ChatMessage, SettingsView, StoredFile } from '../../shared/types';
import type { SpendEntry } from '../../shared/spending';
import { UPLOAD_CHUNK_BYTES } from '../../shared/upload-limits';
import type { RunningSim } from '../../sim/server';
import { LOST, openBridge, type BridgeSession } from './bridge';
import { startHostProcess, type HostProcess } from './host-process';

/** A call unanswered this long is a failure of its own (the host hangs). */
const CALL_DEADLINE_MS = 60_000;

/** Words the test puts in what it saves, so search and identity find each piece. */
export const WORD_PATTERN = /\bsk[0-9a-z]+w\d+\b/g;

export type Certainty = 'present' | 'gone' | 'unsure';

export interface Turn {
  conversationId: string;
  question: string;
  messageId: string | null;
  deltas: Array<{ at: number; text: string }>;
  end: { at: number; message: ChatMessage } | null;
}

/** One conversation as the answers the person got describe it. */
export interface ConversationExpect {
  /** The word that identifies it (in its first question or title). */
  key: string;
  origin: 'made' | 'imported';
  id: string | null;
  state: Certainty;
  /** An update of its fields was in flight at the kill: they may be either way. */
  fieldsUnsure: boolean;
  title?: string;
  folderId?: string | null;
  pinned?: boolean;
  systemPrompt?: string;
  questions: string[];
  /** Words search must find it by. */
  words: string[];
  turns: Turn[];
  /** Changed in this point: always searched. */
  touched: boolean;
  /** Copies of it in the library when last looked (more than one was told as duplicates). */
  copies: number;
}

export interface FolderExpect {
  id: string;
  name: string;
  state: Certainty;
}

export interface UploadExpect {
  fileId: string;
  size: number;
  mediaId: string | null;
  state: Certainty;
}

export interface ImportBatch {
  keys: string[];
  bytes: Buffer;
  /** Answered ok at least once. */
  answered: boolean;
}

export interface RestoreJob {
  archive: Buffer;
  victims: ConversationExpect[];
  answered: boolean;
}

export class HostGone extends Error {}

export class CallRefused extends Error {
  constructor(
    readonly channel: string,
    readonly code: string,
    message: string,
  ) {
    super(`${channel} answered ${code}: ${message}`);
  }
}

export interface World {
  sim: RunningSim;
  dir: string;
  host: HostProcess;
  bridge: BridgeSession;
  conversations: ConversationExpect[];
  folders: FolderExpect[];
  uploads: UploadExpect[];
  settings: Partial<SettingsView>;
  settingsUnsure: boolean;
  imports: ImportBatch[];
  restores: RestoreJob[];
  turns: Turn[];
  nextWord: number;
  wordPrefix: string;
  picks: number[];
  pickAt: number;
  /** The operation running now, for the report of where a kill landed. */
  currentOp: string;
  /** Problems already told (by a stable name), so one that stays is told once. */
  told: Set<string>;
  /** Copies seen of each conversation the test's words do not mark (by its content). */
  copiesOf: Map<string, number>;
  /** How long each operation took when it ran whole (ms), for the report. */
  opLengths: Record<string, number[]>;
  /** Arms the kill when the call it is aimed at is sent (once). */
  killTrigger: { call: string; arm(): void } | null;
  /** How long each call took when answered (ms), to aim kills inside them. */
  callLengths: Record<string, number[]>;
  /** Spending ledger entries the host said it recorded (spending.changed comes after the commit). */
  ledger: Set<number>;
}

export function word(w: World): string {
  w.nextWord += 1;
  // One width, so that no word is the start of another (search takes the last word as a prefix).
  return `${w.wordPrefix}w${w.nextWord.toString().padStart(7, '0')}`;
}

/** A deterministic choice from the plan's numbers (the list must be in a stable order). */
export function pick<T>(w: World, list: readonly T[]): T | undefined {
  if (list.length === 0) return undefined;
  w.pickAt += 1;
  const n = w.picks[w.pickAt % w.picks.length]! + w.pickAt;
  return list[n % list.length];
}

export async function call<T>(w: World, channel: string, input: unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CALL_DEADLINE_MS);
  });
  if (w.killTrigger?.call === channel) {
    w.killTrigger.arm();
    w.killTrigger = null;
  }
  const sentAt = Date.now();
  const answer = await Promise.race([w.bridge.call<T>(channel, input), deadline]);
  clearTimeout(timer);
  if (answer !== LOST && answer !== 'late')
    (w.callLengths[channel] ??= []).push(Date.now() - sentAt);
  if (answer === LOST) throw new HostGone(channel);
  if (answer === 'late')
    throw new CallRefused(channel, 'unanswered', `no answer in ${CALL_DEADLINE_MS} ms`);
  if (!answer.ok) throw new CallRefused(channel, answer.error.code, answer.error.message);
  return answer.data;
}

export async function upload(
  w: World,
  name: string,
  mime: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const { uploadId } = await call<{ uploadId: string }>(w, 'files.begin', {
    name,
    mime,
    size: bytes.length,
  });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    const part = new Uint8Array(bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES));
    await call(w, 'files.chunk', { uploadId, offset, bytes: part });
  }
  return call<StoredFile>(w, 'files.finish', { uploadId });
}

function listenForTurns(w: World): void {
  w.bridge.onEvent(({ at, event, payload }) => {
    if (event === 'spending.changed') w.ledger.add((payload as SpendEntry).id);
    if (event !== 'chat.event') return;
    const e = payload as ChatEvent;
    const turn = w.turns.find(
      (t) =>
        t.conversationId === e.conversationId &&
        t.end === null &&
        (t.messageId === null || !('messageId' in e) || e.messageId === t.messageId),
    );
    if (!turn) return;
    if (e.type === 'start') turn.messageId = e.messageId;
    else if (e.type === 'delta') turn.deltas.push({ at, text: e.content });
    else if (e.type === 'done' || e.type === 'error') turn.end = { at, message: e.message };
  });
}

export async function turnsEnded(w: World, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (w.turns.some((t) => t.end === null && t.messageId !== null)) {
    if (Date.now() > until) throw new CallRefused('chat', 'unanswered', 'a turn did not end');
    if (!w.bridge.isOpen()) throw new HostGone('chat');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const streamingIds = (w: World): Set<string> =>
  new Set(w.turns.filter((t) => t.end === null).map((t) => t.conversationId));

/** Conversations the person sees and may act on: present, identified, not answering now. */
export function actionable(w: World, opts: { keyed?: boolean } = {}): ConversationExpect[] {
  const busy = streamingIds(w);
  return w.conversations.filter(
    (c) =>
      c.state === 'present' &&
      !c.fieldsUnsure &&
      c.id !== null &&
      !busy.has(c.id) &&
      // One of several copies cannot be told apart from the others.
      c.copies === 1 &&
      (!opts.keyed || c.origin === 'imported' || c.questions.length > 0),
  );
}

/** The host on the folder with the bridge open to it; a host whose bridge cannot open is killed. */
async function startHost(dir: string): Promise<{ host: HostProcess; bridge: BridgeSession }> {
  const host = await startHostProcess(dir);
  try {
    return { host, bridge: await openBridge(host.url) };
  } catch (e) {
    await host.kill();
    throw e;
  }
}

/** A person on a fresh host and folder: nothing done, nothing promised yet. */
export async function openWorld(sim: RunningSim, dir: string, wordPrefix: string): Promise<World> {
  const w: World = {
    sim,
    dir,
    ...(await startHost(dir)),
    conversations: [],
    folders: [],
    uploads: [],
    settings: {},
    settingsUnsure: false,
    imports: [],
    restores: [],
    turns: [],
    nextWord: 0,
    wordPrefix,
    picks: [0],
    pickAt: 0,
    currentOp: 'setting up',
    told: new Set(),
    copiesOf: new Map(),
    opLengths: {},
    killTrigger: null,
    callLengths: {},
    ledger: new Set(),
  };
  listenForTurns(w);
  return w;
}

/** The host started again on the person's folder (the old one is dead); the answers it streamed are over. */
export async function restartHost(w: World): Promise<void> {
  Object.assign(w, await startHost(w.dir));
  w.turns = [];
  listenForTurns(w);
}
