// A data folder made by a core that has been used (a conversation with a picture, folders, an assistant, media, …), and what it holds as core answers it.
import { join } from 'node:path';
import type { EventChannel, EventPayloads } from '../../../shared/channels';
import type { DocumentList, DocumentRecord } from '../../../shared/documents';
import type { RecoveredFiles } from '../../../shared/storage';
import type { McpServerView } from '../../../shared/tools';
import type {
  Assistant,
  ChatEvent,
  Conversation,
  ConversationList,
  Envelope,
  Folder,
  MediaPage,
  SearchHit,
  SettingsView,
  StoredFile,
  Transcript,
  VideoJob,
  WordIndexStatus,
} from '../../../shared/types';
import type { MessageAttachment } from '../../../shared/attachments';
import { UPLOAD_CHUNK_BYTES } from '../../../shared/upload-limits';
import { type Core, createCore } from '../../../electron/core/app';
import { createJsonSettingsStore } from '../../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../../electron/core/features/settings/vault';
import { openRecovery } from '../../../electron/core/library/recovery';
import { createWebHost } from '../../../dev/web-host';
import { makeDocx, makePng, makeWav } from '../../e2e/files';

export interface OpenedCore {
  core: Core;
  call<T>(channel: string, input?: unknown): Promise<T>;
  attempt<T>(channel: string, input?: unknown): Promise<Envelope<T>>;
  events: Array<{ event: EventChannel; payload: unknown }>;
}

/**
 * Core on `dataDir` as the web host opens it (one Recovery for the settings store, the vault and
 * core), and nothing more: no call is made, so nothing is written that the start did not write.
 * `onEvent` sees each event as core emits it.
 */
export async function openCoreOn(
  dataDir: string,
  options: { onEvent?: (event: EventChannel, payload: unknown) => void } = {},
): Promise<OpenedCore> {
  const recovery = openRecovery(dataDir);
  const events: OpenedCore['events'] = [];
  const core = await createCore({
    dataDir,
    recovery,
    host: createWebHost(() => undefined),
    vault: createFileVault(
      join(dataDir, 'key.bin'),
      createLocalKeyEncryptor(join(dataDir, 'local.key'), { recovery }),
      { recovery },
    ),
    settingsStore: createJsonSettingsStore(join(dataDir, 'settings.json'), { recovery }),
    emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => {
      events.push({ event, payload: structuredClone(payload) });
      options.onEvent?.(event, payload);
    },
    videoPollIntervalMs: 20,
  });
  async function attempt<T>(channel: string, input: unknown = {}): Promise<Envelope<T>> {
    return (await core.invoke(channel, input)) as Envelope<T>;
  }
  async function call<T>(channel: string, input: unknown = {}): Promise<T> {
    const answer = await attempt<T>(channel, input);
    if (!answer.ok)
      throw new Error(`${channel} failed: ${answer.error.code} ${answer.error.message}`);
    return answer.data;
  }
  return { core, call, attempt, events };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited too long for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function upload(
  { call }: OpenedCore,
  name: string,
  mime: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const { uploadId } = await call<{ uploadId: string }>('files.begin', {
    name,
    mime,
    size: bytes.length,
  });
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    const bytesOfChunk = bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
    await call('files.chunk', { uploadId, offset, bytes: bytesOfChunk });
  }
  return call<StoredFile>('files.finish', { uploadId });
}

async function answered(opened: OpenedCore, conversationId: string, text: string, extra = {}) {
  await opened.call('chat.send', { conversationId, text, ...extra });
  const end = await waitFor(
    'the answer',
    async () =>
      opened.events
        .filter((e) => e.event === 'chat.event')
        .map((e) => e.payload as ChatEvent)
        .find(
          (e) => e.conversationId === conversationId && (e.type === 'done' || e.type === 'error'),
        ),
    (e) => e !== undefined,
  );
  if (end!.type !== 'done') throw new Error(`the turn ended with ${end!.type}`);
}

/** The word every conversation holds, to find them all by search. */
export const SEARCH_WORD = 'lighthouse';

/** Uses a fresh core on `dataDir` against the simulator at `baseUrl`, a little of everything. */
export async function useCore(dataDir: string, baseUrl: string, debugBaseUrl: string) {
  const opened = await openCoreOn(dataDir);
  const { call } = opened;
  try {
    await call('settings.update', { baseUrl, ratePlan: 'custom', customRequestsPerSecond: 9 });
    await call('key.set', { key: 'sim-fast' });
    await call('models.list', { refresh: true });
    await call('diagnostics.update', { debugBaseUrl });

    const picture = await upload(opened, 'dot.png', 'image/png', makePng(40, 30));
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: picture.fileId,
    });
    const withPicture = await call<Conversation>('conversations.create', {
      model: 'vis-openai/gpt-4o-mini',
    });
    await answered(opened, withPicture.id, `What is in this ${SEARCH_WORD} picture?`, {
      attachments: [attachment],
    });
    const plain = await call<Conversation>('conversations.create', {});
    await answered(opened, plain.id, `Tell me of a ${SEARCH_WORD}.`);
    const filed = await call<Conversation>('conversations.create', {});
    await answered(opened, filed.id, `A ${SEARCH_WORD} in a folder.`);
    const folder = await call<Folder>('folders.create', { name: 'Work' });
    await call('conversations.update', { id: filed.id, folderId: folder.id });
    await call('folders.create', { name: 'Home' });

    await call<Assistant>('assistants.save', {
      name: 'Poet',
      systemPrompt: 'Answer in verse.',
      model: '',
      temperature: 0.7,
      maxTokens: null,
    });
    await call<McpServerView>('mcp.add', {
      name: 'files',
      transport: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: {} },
    });

    const sound = await upload(opened, 'talk.wav', 'audio/wav', makeWav(0.5));
    await call<Transcript>('audio.transcribe', {
      fileId: sound.fileId,
      model: 'stt-openai/whisper-1',
      timestamps: false,
    });
    const letter = await upload(
      opened,
      'letter.docx',
      'application/octet-stream',
      makeDocx(['Dear reader,', 'The garden is in bloom.']),
    );
    await call<DocumentRecord>('documents.extract', { fileId: letter.fileId, mode: 'extract' });
    await call('images.generate', {
      requestId: 'corruption-picture',
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'A lighthouse at dusk',
    });
    await call<VideoJob>('video.generate', {
      model: 'txt2vid-kling/kling-v2.1',
      prompt: 'Waves',
      aspectRatio: '16:9',
      duration: 0,
    });
    await waitFor(
      'the video',
      () => call<VideoJob[]>('video.jobs'),
      (jobs) => jobs.every((job) => job.phase === 'completed'),
    );
    await call<SearchHit[]>('semantic.search', { query: SEARCH_WORD });
    await waitFor(
      'the word index',
      () => call<WordIndexStatus>('semantic.wordsStatus'),
      (status) => !status.indexing && status.indexed === status.total,
    );
  } finally {
    await opened.core.dispose();
  }
}

/** What the person has, as core answers it: everything a damaged file must not take with it. */
export interface Census {
  conversations: Record<string, { title: string; messages: string[]; folderId: string | null }>;
  folders: string[];
  assistants: string[];
  mcpServers: string[];
  settings: { baseUrl: string; ratePlan: string; keySaved: boolean };
  media: string[];
  documents: string[];
  transcripts: string[];
  videoJobs: string[];
  diagnostics: string;
  /** The conversations a search for SEARCH_WORD finds, once the word index is built. */
  found: string[];
}

export async function censusOf({ call }: OpenedCore): Promise<Census> {
  const list = await call<ConversationList>('conversations.list');
  const conversations: Census['conversations'] = {};
  for (const item of list.items) {
    const c = await call<Conversation>('conversations.get', { id: item.id });
    conversations[c.id] = {
      title: c.title,
      messages: c.messages.map(
        (m) => `${m.role}: ${m.content} [${(m.attachments ?? []).map((a) => a.name).join()}]`,
      ),
      folderId: c.folderId ?? null,
    };
  }
  const settings = await call<SettingsView>('settings.get');
  const media: string[] = [];
  for (const kind of ['image', 'audio', 'video'])
    media.push(...(await call<MediaPage>('media.list', { kind })).items.map((m) => m.id));
  // A search starts the word index's build; the second one answers from the whole index.
  await call<SearchHit[]>('semantic.search', { query: SEARCH_WORD });
  await waitFor(
    'the word index',
    () => call<WordIndexStatus>('semantic.wordsStatus'),
    (status) => !status.indexing,
  );
  const hits = await call<SearchHit[]>('semantic.search', { query: SEARCH_WORD });
  return {
    conversations,
    folders: (await call<Folder[]>('folders.list')).map((f) => f.name),
    assistants: (await call<Assistant[]>('assistants.list'))
      .filter((a) => !a.builtIn)
      .map((a) => a.name),
    mcpServers: (await call<McpServerView[]>('mcp.list')).map((s) => s.name),
    settings: {
      baseUrl: settings.baseUrl,
      ratePlan: settings.ratePlan,
      keySaved: settings.keyStorage === 'saved',
    },
    media: media.sort(),
    documents: (await call<DocumentList>('documents.list')).items.map((d) => d.id).sort(),
    transcripts: (await call<Transcript[]>('audio.transcripts')).map((t) => t.id).sort(),
    videoJobs: (await call<VideoJob[]>('video.jobs')).map((j) => j.id).sort(),
    diagnostics: (await call<{ debugBaseUrl: string }>('diagnostics.get')).debugBaseUrl,
    found: [...new Set(hits.map((h) => h.conversationId).filter((id) => id !== ''))].sort(),
  };
}

export async function recoveredOf({ call }: OpenedCore): Promise<RecoveredFiles> {
  return call<RecoveredFiles>('storage.recovered');
}
