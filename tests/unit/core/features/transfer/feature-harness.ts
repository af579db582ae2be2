// Core on the simulator for the transfer feature's tests: extra data folders removed after each test, a prepared file read back as the page reads it, a conversation with a picture (and one by address), and what must survive a round trip.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import type { MessageAttachment } from '../../../../../shared/attachments';
import type { TransferSaved } from '../../../../../shared/transfer';
import type { Conversation } from '../../../../../shared/types';
import { makePng } from '../../../../e2e/files';
import { env, openCore as openSimulatedCore } from '../../simulated-core';

/**
 * Core on the simulator with model-made titles off: a title arriving after the first answer would
 * change a conversation between its export and a second import, so "identical" would be a race.
 */
export async function openCore(opts: Parameters<typeof openSimulatedCore>[0] = {}) {
  const core = await openSimulatedCore(opts);
  await core.call('settings.update', { autoTitle: false });
  return core;
}

export type Opened = Awaited<ReturnType<typeof openCore>>;

const extraDirs: string[] = [];
afterEach(async () => {
  // This hook runs before simulated-core's: a core still open on a folder (its search index is
  // built in the background) could write into it while it is removed (ENOTEMPTY, seen in CI).
  for (const core of env.cores.splice(0)) await core.dispose();
  for (const dir of extraDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

export async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-transfer-'));
  extraDirs.push(dir);
  return dir;
}

/** Reads a prepared file the way the page does when the host leaves saving to it. */
export async function readOut(call: Opened['call'], saved: TransferSaved): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let offset = 0; ;) {
    const chunk = await call<{ base64: string; done: boolean }>('transfer.readOut', {
      outId: saved.outId,
      offset,
    });
    const bytes = Buffer.from(chunk.base64, 'base64');
    parts.push(bytes);
    offset += bytes.length;
    if (chunk.done) break;
  }
  return Buffer.concat(parts);
}

/**
 * A conversation with one answered question carrying a picture, and one by its address (which
 * must travel as the address: no file, no media item).
 */
export async function conversationWithPicture(opened: Opened): Promise<Conversation> {
  const { call, upload, turnEnd } = opened;
  const file = await upload('dot.png', 'image/png', makePng(40, 30));
  const attachment = await call<MessageAttachment>('attachments.prepare', { fileId: file.fileId });
  const addressed = await call<MessageAttachment>('attachments.prepare', {
    url: `${env.sim.hostRoot}/files/sample-picture.png`,
  });
  const conversation = await call<Conversation>('conversations.create', {
    model: 'vis-openai/gpt-4o-mini',
  });
  await call('chat.send', {
    conversationId: conversation.id,
    text: 'What is <b>this</b>?',
    attachments: [attachment, addressed],
  });
  expect((await turnEnd(conversation.id)).type).toBe('done');
  return call<Conversation>('conversations.get', { id: conversation.id });
}

/** What must survive a round trip: everything but ids the library may give anew. */
export function content(c: Conversation) {
  return {
    title: c.title,
    model: c.model,
    createdAt: c.createdAt,
    messages: c.messages.map((m) => ({
      role: m.role,
      content: m.content,
      status: m.status,
      model: m.model,
      usage: m.usage,
      attachments: m.attachments?.map((a) => ({
        name: a.name,
        kind: a.kind,
        size: a.size,
        url: a.url,
      })),
    })),
  };
}
