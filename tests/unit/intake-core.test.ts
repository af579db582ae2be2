// Attachments, documents, decisions, semantic search and diagnostics through createCore against the simulator.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageAttachment } from '../../shared/attachments';
import type { EventChannel, EventPayloads } from '../../shared/channels';
import type { DebugReceived, DiagnosticsView } from '../../shared/diagnostics';
import type { DecisionRun, DocumentList, DocumentRecord } from '../../shared/documents';
import type { SemanticEstimate, SemanticStatus } from '../../shared/semantic';
import type {
  ChatEvent,
  Conversation,
  Envelope,
  MediaItem,
  SearchHit,
  StoredFile,
  UserError,
} from '../../shared/types';
import { type Core, createCore } from '../../electron/core/app';
import { createWebHost } from '../../dev/web-host';
import { createJsonSettingsStore } from '../../electron/core/features/settings/store';
import {
  createFileVault,
  createLocalKeyEncryptor,
} from '../../electron/core/features/settings/vault';
import { type RunningSim, startSim } from '../../sim/server';
import { makeDocx, makePdf, makePng, makeWav } from '../e2e/files';

let dir: string;
let sim: RunningSim;
let cores: Core[];
/** Bodies of every chat request core sent, parsed. */
let chatBodies: Array<{ model: string; messages: Array<{ role: string; content: unknown }> }>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-intake-'));
  sim = await startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, minDebugPollMs: 0 });
  cores = [];
  chatBodies = [];
});

afterEach(async () => {
  for (const core of cores) await core.dispose();
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

async function openCore(opts: { debugLatestIntervalMs?: number } = {}) {
  const emitted: Array<{ event: EventChannel; payload: unknown }> = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/chat/completions') && typeof init?.body === 'string')
      chatBodies.push(JSON.parse(init.body) as (typeof chatBodies)[number]);
    return fetch(input, init);
  };
  const core = await createCore({
    dataDir: dir,
    host: createWebHost(() => undefined),
    vault: createFileVault(join(dir, 'key.bin'), createLocalKeyEncryptor(join(dir, 'local.key'))),
    settingsStore: createJsonSettingsStore(join(dir, 'settings.json')),
    emit: <E extends EventChannel>(event: E, payload: EventPayloads[E]) => {
      emitted.push({ event, payload: structuredClone(payload) });
    },
    fetch: recordingFetch,
    ...opts,
  });
  cores.push(core);

  async function attempt<T>(channel: string, input: unknown = {}): Promise<Envelope<T>> {
    return (await core.invoke(channel, input)) as Envelope<T>;
  }
  async function call<T>(channel: string, input: unknown = {}): Promise<T> {
    const answer = await attempt<T>(channel, input);
    if (!answer.ok)
      throw new Error(`${channel} failed: ${answer.error.code} ${answer.error.message}`);
    return answer.data;
  }
  async function upload(name: string, mime: string, bytes: Buffer): Promise<StoredFile> {
    const { uploadId } = await call<{ uploadId: string }>('files.begin', {
      name,
      mime,
      size: bytes.length,
    });
    for (let offset = 0; offset < bytes.length; offset += 1024 * 1024) {
      const part = bytes.subarray(offset, offset + 1024 * 1024);
      await call('files.chunk', { uploadId, offset, base64: part.toString('base64') });
    }
    return call<StoredFile>('files.finish', { uploadId });
  }
  async function turnEnd(conversationId: string): Promise<ChatEvent> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const end = emitted
        .filter((e) => e.event === 'chat.event')
        .map((e) => e.payload as ChatEvent)
        .find(
          (e) => e.conversationId === conversationId && (e.type === 'done' || e.type === 'error'),
        );
      if (end) return end;
      if (Date.now() > deadline) throw new Error('the turn did not end');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await call('settings.update', { baseUrl: sim.baseUrl, ratePlan: 'fast' });
  await call('key.set', { key: 'sim-fast' });
  return { core, call, attempt, upload, turnEnd, emitted };
}

function pngSize(dataUri: string): { width: number; height: number } {
  const bytes = Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('chat attachments', () => {
  it('sends a large image downscaled to 2048 px as a data URI and keeps the original', async () => {
    const { call, upload, turnEnd } = await openCore();
    const file = await upload('wide.png', 'image/png', makePng(3000, 300));
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: file.fileId,
    });
    expect(attachment).toMatchObject({ kind: 'image', mime: 'image/png', tokens: 85 });
    const original = await call<MediaItem>('media.get', { id: attachment.mediaId });
    expect(original).toMatchObject({ width: 3000, height: 300 });

    const conversation = await call<Conversation>('conversations.create', {
      model: 'vis-openai/gpt-4o-mini',
    });
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'What is this?',
      attachments: [attachment],
    });
    expect((await turnEnd(conversation.id)).type).toBe('done');
    const parts = chatBodies[0]!.messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(parts[0]).toEqual({ type: 'text', text: 'What is this?' });
    const url = (parts[1] as { image_url: { url: string } }).image_url.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(pngSize(url)).toEqual({ width: 2048, height: 205 });

    // The attachment is stored with the message and survives a reload of the conversation.
    const saved = await call<Conversation>('conversations.get', { id: conversation.id });
    expect(saved.messages[0]!.attachments).toEqual([attachment]);
  });

  it('sends audio as input_audio with its format, only to models that take audio', async () => {
    const { call, attempt, upload, turnEnd } = await openCore();
    const file = await upload('note.wav', 'audio/wav', makeWav(0.2));
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: file.fileId,
    });
    expect(attachment).toMatchObject({ kind: 'audio', format: 'wav' });

    const plain = await call<Conversation>('conversations.create', {});
    const refused = await attempt('chat.send', {
      conversationId: plain.id,
      text: 'Listen',
      attachments: [attachment],
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.details).toMatchObject({ reason: 'audio_unsupported' });
    expect(chatBodies).toHaveLength(0);
    // The refused turn left the conversation as it was.
    expect((await call<Conversation>('conversations.get', { id: plain.id })).messages).toEqual([]);

    const audio = await call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-audio-preview',
    });
    await call('chat.send', {
      conversationId: audio.id,
      text: 'Listen',
      attachments: [attachment],
    });
    expect((await turnEnd(audio.id)).type).toBe('done');
    const parts = chatBodies[0]!.messages.at(-1)!.content as Array<Record<string, unknown>>;
    const part = parts[1] as { type: string; input_audio: { data: string; format: string } };
    expect(part.type).toBe('input_audio');
    expect(part.input_audio.format).toBe('wav');
    expect(Buffer.from(part.input_audio.data, 'base64').subarray(0, 4).toString()).toBe('RIFF');
  });

  it('extracts a PDF into a text part with pages and tokens, checked against the context', async () => {
    const { call, attempt, upload, turnEnd } = await openCore();
    const file = await upload(
      'minutes.pdf',
      'application/pdf',
      makePdf([{ text: 'The budget was approved.' }, { text: 'Next meeting in May.' }]),
    );
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: file.fileId,
    });
    expect(attachment).toMatchObject({ kind: 'document', pages: 2 });
    expect(attachment.tokens).toBeGreaterThan(5);
    const conversation = await call<Conversation>('conversations.create', {});
    await call('chat.send', {
      conversationId: conversation.id,
      text: '',
      attachments: [attachment],
    });
    expect((await turnEnd(conversation.id)).type).toBe('done');
    const parts = chatBodies[0]!.messages.at(-1)!.content as Array<{ type: string; text: string }>;
    expect(parts).toHaveLength(1);
    expect(parts[0]!.text).toContain('Attached document "minutes.pdf", 2 pages');
    expect(parts[0]!.text).toContain('The budget was approved.');

    const long = Array.from({ length: 300 }, (_, i) => `Line ${i} about rivers and lakes`).join(
      '\n',
    );
    const big = await upload('long.pdf', 'application/pdf', makePdf([{ text: long }]));
    const bigAttachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: big.fileId,
    });
    const tiny = await call<Conversation>('conversations.create', { model: 'sim/tiny-context' });
    const refused = await attempt('chat.send', {
      conversationId: tiny.id,
      text: 'Read it',
      attachments: [bigAttachment],
    });
    expect(!refused.ok && refused.error.code).toBe('context_exceeded');
  });

  it('refuses empty files and files that are not what their names say', async () => {
    const { attempt, upload } = await openCore();
    const fake = await upload('fake.pdf', 'application/pdf', Buffer.from('plain words'));
    const refused = await attempt<MessageAttachment>('attachments.prepare', {
      fileId: fake.fileId,
    });
    expect(!refused.ok && refused.error).toMatchObject({
      code: 'invalid_input',
      message: '"fake.pdf" is not a PDF file, although its name says so.',
      details: { reason: 'wrong_type', expected: 'PDF' },
    });
    const empty = await upload('empty.png', 'image/png', Buffer.alloc(0));
    const emptyAnswer = await attempt('attachments.prepare', { fileId: empty.fileId });
    expect(!emptyAnswer.ok && emptyAnswer.error.details).toMatchObject({ reason: 'empty' });
    const broken = await upload('broken.pdf', 'application/pdf', Buffer.from('%PDF-1.4\nno\n'));
    const brokenAnswer = await attempt('attachments.prepare', { fileId: broken.fileId });
    expect(!brokenAnswer.ok && brokenAnswer.error).toMatchObject({ code: 'server_error' });
  });
});

describe('documents', () => {
  it('extracts, OCRs with page images, decides, and keeps it all across a restart', async () => {
    const first = await openCore();
    const docx = await first.upload(
      'letter.docx',
      'application/octet-stream',
      makeDocx(['Dear reader,', 'The garden is in bloom.']),
    );
    const letter = await first.call<DocumentRecord>('documents.extract', {
      fileId: docx.fileId,
      mode: 'extract',
    });
    expect(letter.text).toContain('The garden is in bloom.');
    expect(letter).toMatchObject({ mode: 'extract', model: 'utils/extract-text-1.0' });

    const ocrRefused = await first.attempt('documents.extract', {
      fileId: docx.fileId,
      mode: 'ocr',
    });
    expect(!ocrRefused.ok && ocrRefused.error.details).toMatchObject({ reason: 'ocr_pdf_only' });

    const pdf = await first.upload(
      'scan.pdf',
      'application/pdf',
      makePdf([
        { text: 'Invoice 42', images: 2 },
        { text: 'Terms', images: 1 },
      ]),
    );
    const scan = await first.call<DocumentRecord>('documents.extract', {
      fileId: pdf.fileId,
      mode: 'ocr',
      returnImages: true,
    });
    expect(scan.pageCount).toBe(2);
    expect(scan.pages!.map((p) => p.images.length)).toEqual([2, 1]);
    expect(scan.pages![0]!.images[0]).toMatch(/^data:image\/png;base64,/);
    expect(scan.badImages).toBe(0);

    const decided = await first.call<{ run: DecisionRun }>('documents.decide', {
      documentId: scan.id,
      questions: [
        { type: 'noul', instructions: 'Is it an invoice?', options: [] },
        {
          type: 'choice',
          instructions: 'Which kind?',
          options: [
            { label: 'invoice', description: 'an invoice with a number' },
            { label: 'poem', description: 'verses' },
          ],
        },
        {
          type: 'score',
          instructions: 'How formal?',
          options: ['low', 'mid', 'high'].map((label) => ({ label, description: '' })),
        },
      ],
    });
    const [noul, choice, score] = decided.run.outcomes;
    expect(noul!.type).toBe('noul');
    expect(noul!.probabilities.true! + noul!.probabilities.false!).toBeCloseTo(1);
    expect(choice).toMatchObject({ type: 'choice', value: 'invoice' });
    expect(Object.keys(score!.legend ?? {})).toEqual(['low', 'mid', 'high']);
    expect(typeof score!.value).toBe('number');

    await first.core.dispose();
    cores = [];
    const second = await openCore();
    const list = await second.call<DocumentList>('documents.list');
    expect(list.items.map((d) => d.name)).toEqual(['scan.pdf', 'letter.docx']);
    const reopened = await second.call<DocumentRecord>('documents.get', { id: scan.id });
    expect(reopened.decisions).toHaveLength(1);
    expect(reopened.pages![1]!.markdown).toContain('Terms');
  });
});

describe('semantic search', () => {
  it('estimates first, embeds in the background once on, and finds messages by meaning', async () => {
    const first = await openCore();
    const conversation = await first.call<Conversation>('conversations.create', {});
    await first.call('chat.send', {
      conversationId: conversation.id,
      text: 'The quick brown fox jumps over the lazy dog',
    });
    await first.turnEnd(conversation.id);

    expect((await first.call<SearchHit[]>('semantic.search', { query: 'lazy fox' })).length).toBe(
      0,
    );
    const estimate = await first.call<SemanticEstimate>('semantic.estimate', {});
    expect(estimate).toMatchObject({ model: 'emb-openai/text-embedding-3-small', texts: 2 });
    expect(Number(estimate.cost)).toBeGreaterThan(0);

    await first.call('semantic.configure', { enabled: true });
    const deadline = Date.now() + 10_000;
    let status = await first.call<SemanticStatus>('semantic.status');
    while ((status.indexed < 2 || status.pending > 0 || status.running) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      status = await first.call<SemanticStatus>('semantic.status');
    }
    expect(status).toMatchObject({ enabled: true, indexed: 2, pending: 0, lastError: null });
    const files = await readdir(join(dir, 'semantic', 'vectors'));
    expect(files).toEqual([`conversation-${conversation.id}.vec`]);

    const hits = await first.call<SearchHit[]>('semantic.search', { query: 'lazy fox' });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ conversationId: conversation.id, match: 'meaning' });
    expect(hits[0]!.score).toBeGreaterThan(0.3);
    const words = await first.call<SearchHit[]>('semantic.search', { query: 'brown fox' });
    expect(words[0]!.match).toBe('words');

    // After a restart the vectors are read from disk, not asked for again.
    await first.core.dispose();
    cores = [];
    const second = await openCore();
    const again = await second.call<SemanticStatus>('semantic.status');
    expect(again).toMatchObject({ enabled: true, indexed: 2 });
  });
});

describe('diagnostics', () => {
  it('sends a test request, reads it back masked, and keeps to the interval', async () => {
    const { call, attempt } = await openCore({ debugLatestIntervalMs: 60_000 });
    const view = await call<DiagnosticsView>('diagnostics.update', {
      debugBaseUrl: sim.debugBaseUrl,
    });
    expect(view).toMatchObject({ debugBaseUrl: sim.debugBaseUrl, minIntervalMs: 60_000 });
    expect(view.defaultLegacyBaseUrl).toBe(sim.baseUrl.replace(/:\d+\//, ':6070/'));
    const test = await call<{ status: number }>('diagnostics.sendTest');
    expect(test.status).toBe(200);
    const received = await call<DebugReceived>('diagnostics.fetchReceived');
    const text = JSON.stringify(received.call);
    expect(text).toContain('Atelier diagnostics: test request');
    expect(text).not.toContain('sim-fast');
    expect(received.nextFetchAt).toBeGreaterThan(Date.now() + 55_000);
    const again = await attempt('diagnostics.fetchReceived');
    expect(!again.ok && (again.error as UserError).code).toBe('rate_limited');
    expect((await call<DiagnosticsView>('diagnostics.get')).nextFetchAt).toBe(received.nextFetchAt);
  });
});
