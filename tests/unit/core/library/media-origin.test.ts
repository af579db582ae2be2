// The media library's origin of an item: the chat message it was made from kept across a start (from the index and from its sidecar alone), and lists filtered by origin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaLibrary, originOf } from '../../../../electron/core/library/media';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-media-origin-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(64),
]);
const FROM = { conversationId: 'conv-1', messageId: 'msg-2' };

describe('media origin', () => {
  it('keeps fromChat across a start, read from the index or from the sidecar alone', async () => {
    const media = await createMediaLibrary(dir);
    const item = await media.add({
      kind: 'audio',
      bytes: WAV,
      mime: 'audio/wav',
      title: 'read aloud',
      fromChat: FROM,
    });
    await media.flush();
    expect((await createMediaLibrary(dir)).get(item.id).fromChat).toEqual(FROM);
    await rm(join(dir, 'audio', 'index.json'));
    expect((await createMediaLibrary(dir)).get(item.id).fromChat).toEqual(FROM);
  });

  it('lists by origin: made in a tab, or made from or attached to a chat', async () => {
    const media = await createMediaLibrary(dir);
    const add = (title: string, more: object) =>
      media.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title, ...more });
    const made = await add('made', {});
    const spoken = await add('spoken', { fromChat: FROM });
    const attached = await add('attached', { extra: { attachedToChat: true } });
    const ids = (origin?: 'made' | 'chats') =>
      media.list('audio', origin ? { origin } : {}).items.map((i) => i.id);
    expect(ids('made')).toEqual([made.id]);
    expect(new Set(ids('chats'))).toEqual(new Set([spoken.id, attached.id]));
    expect(ids()).toHaveLength(3);
    expect(media.list('audio', { origin: 'chats' }).total).toBe(2);
    expect([made, spoken, attached].map(originOf)).toEqual(['made', 'chats', 'chats']);
  });

  it("lists one conversation's media, whatever the others made", async () => {
    const media = await createMediaLibrary(dir);
    const add = (title: string, fromChat?: typeof FROM) =>
      media.add({ kind: 'audio', bytes: WAV, mime: 'audio/wav', title, fromChat });
    const ours = await add('ours', FROM);
    await add('theirs', { ...FROM, conversationId: 'another-chat' });
    await add('made in Audio');
    const page = media.list('audio', { origin: 'chats', conversationId: FROM.conversationId });
    expect(page.items.map((i) => i.id)).toEqual([ours.id]);
    expect(page.total).toBe(1);
  });
});
