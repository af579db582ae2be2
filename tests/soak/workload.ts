// The crash test's person: what they do through the bridge (streamed answers, saves, renames, imports, backup and restore, folders, uploads) and what the answers they got promise.
import type { MessageAttachment } from '../../shared/attachments';
import { TEXT_ATTACHMENT_MAX_BYTES } from '../../shared/attachments';
import type { TransferReport, TransferSaved } from '../../shared/transfer';
import type { Conversation, Folder, SettingsView } from '../../shared/types';
import { makePng } from '../e2e/files';
import { chatGptSample } from '../unit/core/features/transfer/chatgpt-sample';
import type { Op, PointPlan } from './plan';
import {
  actionable,
  call,
  pick,
  turnsEnded,
  upload,
  word,
  type ConversationExpect,
  type ImportBatch,
  type RestoreJob,
  type Turn,
  type UploadExpect,
  type World,
} from './world';

const MODEL = 'openai/gpt-4o-mini';

function chatGptExport(keys: string[], stamp: number): Buffer {
  const made = keys.map((key, i) => {
    const t = stamp + i * 60;
    return {
      title: `Imported ${key}`,
      create_time: t,
      update_time: t + 30,
      current_node: 'a1',
      mapping: {
        root: { id: 'root', message: null, parent: null, children: ['u1'] },
        u1: {
          id: 'u1',
          message: {
            author: { role: 'user' },
            content: { content_type: 'text', parts: [`A question on ${key}, number ${i}.`] },
            create_time: t + 10,
          },
          parent: 'root',
          children: ['a1'],
        },
        a1: {
          id: 'a1',
          message: {
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: [`The answer on ${key}: plant it in spring.`] },
            create_time: t + 20,
            metadata: { model_slug: 'gpt-4o' },
          },
          parent: 'u1',
          children: [],
        },
      },
    };
  });
  // ChatGPT's own shapes (a fork, hidden messages, an empty and a broken conversation) ride along.
  return Buffer.from(JSON.stringify([...made, ...chatGptSample]));
}

async function opStream(w: World, plan: PointPlan): Promise<void> {
  const key = word(w);
  const c: ConversationExpect = {
    key,
    origin: 'made',
    id: null,
    state: 'unsure',
    fieldsUnsure: false,
    questions: [],
    words: [key],
    turns: [],
    touched: true,
    copies: 1,
  };
  w.conversations.push(c);
  const made = await call<Conversation>(w, 'conversations.create', { model: MODEL });
  c.id = made.id;
  c.state = 'present';
  c.folderId = null;
  const question = `Tell me about ${key} [[long:${plan.longTokens}]]`;
  const turn: Turn = {
    conversationId: made.id,
    question,
    messageId: null,
    deltas: [],
    end: null,
  };
  w.turns.push(turn);
  c.turns.push(turn);
  const sent = await call<{ messageId: string }>(w, 'chat.send', {
    conversationId: made.id,
    text: question,
  });
  turn.messageId = sent.messageId;
  c.questions.push(question);
}

async function opSettings(w: World): Promise<void> {
  const patch = {
    theme: pick(w, ['light', 'dark', 'system'] as const)!,
    language: pick(w, ['en', 'ru'] as const)!,
    defaultModel: pick(w, [MODEL, 'openai/gpt-4o', 'anthropic/claude-3.5-sonnet'])!,
  };
  w.settingsUnsure = true;
  await call<SettingsView>(w, 'settings.update', patch);
  Object.assign(w.settings, patch);
  w.settingsUnsure = false;
}

/** The model list fetched again and written to models.json, as at the app's start (a kill left its temp files). */
async function opModels(w: World): Promise<void> {
  await call(w, 'models.list', { refresh: true });
}

async function opRename(w: World): Promise<void> {
  const c = pick(w, actionable(w));
  if (!c) return;
  const token = word(w);
  const title = `Renamed ${token}`;
  c.fieldsUnsure = true;
  c.touched = true;
  await call<Conversation>(w, 'conversations.update', { id: c.id, title });
  c.title = title;
  // The title's word replaces the one an earlier rename gave.
  c.words = [c.key, token];
  c.fieldsUnsure = false;
}

async function opSave(w: World): Promise<void> {
  const c = pick(w, actionable(w));
  if (!c) return;
  const systemPrompt = `Answer briefly; ${word(w)}.`;
  const pinned = !c.pinned;
  c.fieldsUnsure = true;
  c.touched = true;
  await call<Conversation>(w, 'conversations.update', { id: c.id, systemPrompt, pinned });
  c.systemPrompt = systemPrompt;
  c.pinned = pinned;
  c.fieldsUnsure = false;
}

async function opDelete(w: World): Promise<void> {
  const c = pick(w, actionable(w));
  if (!c) return;
  c.state = 'unsure';
  await call(w, 'conversations.delete', { id: c.id });
  c.state = 'gone';
}

export async function runImport(w: World, batch: ImportBatch): Promise<TransferReport> {
  const file = await upload(w, 'conversations.json', 'application/json', batch.bytes);
  for (const key of batch.keys) {
    const c = w.conversations.find((x) => x.key === key)!;
    if (c.state !== 'present') c.state = 'unsure';
    c.touched = true;
  }
  const report = await call<TransferReport>(w, 'transfer.import', { fileId: file.fileId });
  for (const key of batch.keys) w.conversations.find((x) => x.key === key)!.state = 'present';
  batch.answered = true;
  return report;
}

async function opImport(w: World, plan: PointPlan): Promise<void> {
  const keys = Array.from({ length: plan.importSize }, () => word(w));
  for (const key of keys) {
    w.conversations.push({
      key,
      origin: 'imported',
      id: null,
      state: 'gone',
      fieldsUnsure: false,
      title: `Imported ${key}`,
      folderId: null,
      questions: [],
      words: [key],
      turns: [],
      touched: true,
      copies: 1,
    });
  }
  const batch: ImportBatch = {
    keys,
    bytes: chatGptExport(keys, 1_700_000_000 + w.nextWord * 3600),
    answered: false,
  };
  w.imports.push(batch);
  await runImport(w, batch);
  if (plan.importTwice) await runImport(w, batch);
}

async function readOut(w: World, saved: TransferSaved): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let offset = 0; ;) {
    const chunk = await call<{ base64: string; done: boolean }>(w, 'transfer.readOut', {
      outId: saved.outId,
      offset,
    });
    const bytes = Buffer.from(chunk.base64, 'base64');
    parts.push(bytes);
    offset += bytes.length;
    if (chunk.done) return Buffer.concat(parts);
  }
}

export async function runRestore(w: World, job: RestoreJob): Promise<TransferReport> {
  const file = await upload(w, 'backup.zip', 'application/zip', job.archive);
  for (const c of job.victims) {
    c.state = c.state === 'present' ? 'present' : 'unsure';
    c.touched = true;
  }
  const report = await call<TransferReport>(w, 'transfer.restore', {
    fileId: file.fileId,
    jobId: `restore-${w.nextWord}`,
  });
  for (const c of job.victims) c.state = 'present';
  job.answered = true;
  return report;
}

async function opRestore(w: World): Promise<void> {
  // A conversation that changes between the backup and the restore comes back as a second copy by
  // design (a restore never overwrites); the answers running now would make such changes.
  await turnsEnded(w);
  const saved = await call<TransferSaved>(w, 'transfer.backup', { jobId: `backup-${w.nextWord}` });
  const archive = await readOut(w, saved);
  const candidates = actionable(w, { keyed: true });
  const victims = [pick(w, candidates), pick(w, candidates)].filter(
    (c, i, all): c is ConversationExpect => c !== undefined && all.indexOf(c) === i,
  );
  const job: RestoreJob = { archive, victims: [], answered: false };
  w.restores.push(job);
  for (const c of victims) {
    job.victims.push(c);
    c.state = 'unsure';
    await call(w, 'conversations.delete', { id: c.id });
    c.state = 'gone';
    c.id = null;
  }
  await runRestore(w, job);
}

async function opFolders(w: World): Promise<void> {
  const name = `Folder ${word(w)}`;
  const folder = await call<Folder>(w, 'folders.create', { name });
  w.folders.push({ id: folder.id, name, state: 'present' });
  for (const c of [pick(w, actionable(w)), pick(w, actionable(w))]) {
    if (!c || c.folderId === folder.id) continue;
    c.fieldsUnsure = true;
    c.touched = true;
    await call<Conversation>(w, 'conversations.update', { id: c.id, folderId: folder.id });
    c.folderId = folder.id;
    c.fieldsUnsure = false;
  }
}

async function opFolderDelete(w: World): Promise<void> {
  const present = w.folders.filter((f) => f.state === 'present');
  const used = present.filter((f) => w.conversations.some((c) => c.folderId === f.id));
  const folder = pick(w, used.length > 0 ? used : present);
  if (!folder) return opFolders(w);
  const inside = w.conversations.filter((c) => c.folderId === folder.id);
  folder.state = 'unsure';
  for (const c of inside) c.fieldsUnsure = true;
  await call(w, 'folders.delete', { id: folder.id });
  folder.state = 'gone';
  for (const c of inside) {
    c.folderId = null;
    c.fieldsUnsure = false;
  }
}

async function opUpload(w: World): Promise<void> {
  const side = 64 + pick(w, [0, 1, 2, 3, 4, 5, 6, 7])! * 48;
  const png = makePng(side, side);
  const picture = await upload(w, `picture-${word(w)}.png`, 'image/png', png);
  const pictureExpect: UploadExpect = {
    fileId: picture.fileId,
    size: png.length,
    mediaId: null,
    state: 'present',
  };
  w.uploads.push(pictureExpect);
  const attachment = await call<MessageAttachment>(w, 'attachments.prepare', {
    fileId: picture.fileId,
  });
  pictureExpect.mediaId = attachment.mediaId ?? null;
  // Notes of two chunks, as large as a text attachment may be.
  const token = word(w);
  const line = `Notes on ${token}: water the seedlings every morning.\n`;
  const text = Buffer.from(
    line.repeat(Math.floor((TEXT_ATTACHMENT_MAX_BYTES * 0.9) / line.length)),
  );
  const notes = await upload(w, `notes-${token}.txt`, 'text/plain', text);
  w.uploads.push({ fileId: notes.fileId, size: text.length, mediaId: null, state: 'present' });
}

export const RUN: Record<Op, (w: World, plan: PointPlan) => Promise<void>> = {
  stream: opStream,
  settings: opSettings,
  models: opModels,
  rename: opRename,
  save: opSave,
  delete: opDelete,
  import: opImport,
  restore: opRestore,
  folders: opFolders,
  folderDelete: opFolderDelete,
  upload: opUpload,
};

/** The first things a person does: the service, the key, two answered questions, a folder. */
export async function setUp(w: World): Promise<void> {
  await call(w, 'settings.update', {
    baseUrl: w.sim.baseUrl,
    ratePlan: 'custom',
    customRequestsPerSecond: 9,
    autoTitle: false,
  });
  await call(w, 'key.set', { key: 'sim-fast' });
  w.settings = { baseUrl: w.sim.baseUrl };
  for (let i = 0; i < 2; i += 1) {
    const key = word(w);
    const made = await call<Conversation>(w, 'conversations.create', { model: MODEL });
    const question = `What grows well with ${key}?`;
    const c: ConversationExpect = {
      key,
      origin: 'made',
      id: made.id,
      state: 'present',
      fieldsUnsure: false,
      folderId: null,
      questions: [question],
      words: [key],
      turns: [],
      touched: true,
      copies: 1,
    };
    w.conversations.push(c);
    const turn: Turn = {
      conversationId: made.id,
      question,
      messageId: null,
      deltas: [],
      end: null,
    };
    w.turns.push(turn);
    c.turns.push(turn);
    turn.messageId = (
      await call<{ messageId: string }>(w, 'chat.send', { conversationId: made.id, text: question })
    ).messageId;
  }
  await turnsEnded(w);
  await opFolders(w);
}
