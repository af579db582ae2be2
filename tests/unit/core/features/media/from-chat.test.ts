// Media made from a chat message, core against the simulator over HTTP: the message kept on the item and the job, the ledger line naming its conversation, media.list's origin filter, and an animated picture's video linked back.
import { describe, expect, it } from 'vitest';
import type { ImageRunResult } from '../../../../../shared/images';
import type { SpendEntry } from '../../../../../shared/spending';
import type { MediaItem, MediaPage, VideoJob } from '../../../../../shared/types';
import { PNG_1X1 } from '../../../sim/sim-harness';
import { attempt, call, env, jobWhen, upload } from '../video/feature-harness';

const FROM = { conversationId: 'conv-studio', messageId: 'msg-answer' };

const speak = (fromChat?: typeof FROM) =>
  call<MediaItem>('audio.speak', {
    model: 'tts-openai/tts-1',
    text: 'The answer, read aloud.',
    voice: 'alloy',
    format: 'wav',
    ...(fromChat ? { fromChat } : {}),
  });

const illustrate = (requestId: string, fromChat?: typeof FROM) =>
  call<ImageRunResult>('images.generate', {
    requestId,
    model: 'openai/dall-e-3',
    prompt: 'A lighthouse at dusk',
    ...(fromChat ? { fromChat } : {}),
  });

const list = (kind: string, origin?: 'made' | 'chats') =>
  call<MediaPage>('media.list', { kind, ...(origin ? { origin } : {}) });

/** The ledger's lines once `count` are in (the ledger writes in its own thread). */
async function ledger(count: number): Promise<SpendEntry[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entries = await call<SpendEntry[]>('spending.entries', {});
    if (entries.length >= count || Date.now() > deadline) return entries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('media made from a chat', () => {
  it('keeps the message on read-aloud speech, and lists it under chats only', async () => {
    const fromChat = await speak(FROM);
    const made = await speak();
    expect(fromChat.fromChat).toEqual(FROM);
    expect(made.fromChat).toBeUndefined();
    expect((await list('audio')).items.map((i) => i.id)).toEqual([made.id]);
    expect((await list('audio', 'made')).items.map((i) => i.id)).toEqual([made.id]);
    const chats = await list('audio', 'chats');
    expect(chats.items.map((i) => i.id)).toEqual([fromChat.id]);
    expect(chats.total).toBe(1);
    expect((await call<MediaItem>('media.get', { id: fromChat.id })).fromChat).toEqual(FROM);
    // A chat reads its own: by its conversation, with no origin named.
    const ours = await call<MediaPage>('media.list', {
      kind: 'audio',
      conversationId: FROM.conversationId,
    });
    expect(ours.items.map((i) => i.id)).toEqual([fromChat.id]);
  });

  it("records the speech's ledger line under the conversation it came from", async () => {
    const item = await speak(FROM);
    await speak();
    const entries = await ledger(2);
    const line = entries.find((e) => e.itemId === item.id);
    expect(line?.conversationId).toBe(FROM.conversationId);
    expect(entries.find((e) => e.itemId !== item.id)?.conversationId ?? null).toBeNull();
  });

  it('keeps the message on an illustration and on its ledger line', async () => {
    const { items } = await illustrate('req-1', FROM);
    await illustrate('req-2');
    const picture = items[0]!;
    expect(picture.fromChat).toEqual(FROM);
    expect((await list('image', 'chats')).items.map((i) => i.id)).toEqual([picture.id]);
    expect((await list('image')).items.some((i) => i.id === picture.id)).toBe(false);
    const line = (await ledger(2)).find((e) => e.itemId === picture.id);
    expect(line?.conversationId).toBe(FROM.conversationId);
  });

  it('lists a picture attached to a chat message under chats, not as one made in Images', async () => {
    const file = await upload('photo.png', 'image/png', Buffer.from(PNG_1X1, 'base64'));
    const attached = await call<{ mediaId: string }>('attachments.prepare', {
      fileId: file.fileId,
    });
    expect((await list('image', 'chats')).items.map((i) => i.id)).toEqual([attached.mediaId]);
    expect((await list('image')).total).toBe(0);
  });

  it('animates a picture of the library: its video comes back linked to the message', async () => {
    const { items } = await illustrate('req-3', FROM);
    const picture = items[0]!;
    const job = await call<VideoJob>('video.generate', {
      model: 'img2vid-minimax/hailuo-02',
      prompt: 'The lighthouse beam turns',
      aspectRatio: '16:9',
      duration: 6,
      firstFrameMediaId: picture.id,
      fromChat: FROM,
    });
    expect(job.fromChat).toEqual(FROM);
    expect(env.generated[0]?.image_url).toMatch(/^data:image\/png;base64,/);
    const done = await jobWhen(job.id, (j) => j.phase === 'completed');
    const video = await call<MediaItem>('media.get', { id: done.mediaId });
    expect(video.fromChat).toEqual(FROM);
    expect(video.sources).toEqual([picture.id]);
    expect((await list('video', 'chats')).items.map((i) => i.id)).toEqual([video.id]);
    expect((await list('video')).total).toBe(0);
    const line = (await ledger(2)).find((e) => e.itemId === job.id);
    expect(line?.conversationId).toBe(FROM.conversationId);
  });

  it('refuses a first frame that is not a picture of the library', async () => {
    const sound = await speak(FROM);
    const answer = await attempt('video.generate', {
      model: 'img2vid-minimax/hailuo-02',
      prompt: 'x',
      aspectRatio: '16:9',
      duration: 6,
      firstFrameMediaId: sound.id,
    });
    expect(answer.ok).toBe(false);
    expect(env.generated).toHaveLength(0);
  });
});
