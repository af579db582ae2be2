// A backup carries where a media item came from: a chat's read-aloud recording is restored under "From chats", still naming its conversation and message.
import { describe, expect, it } from 'vitest';
import type { TransferReport, TransferSaved } from '../../../../../shared/transfer';
import type { Conversation, MediaItem, MediaPage } from '../../../../../shared/types';
import { conversationWithPicture, freshDir, openCore, readOut } from './feature-harness';

describe('media facts in a backup', () => {
  it("keeps a read-aloud recording's chat message through a backup and a restore", async () => {
    const first = await openCore();
    const conversation: Conversation = await conversationWithPicture(first);
    const answer = conversation.messages.at(-1)!;
    const fromChat = { conversationId: conversation.id, messageId: answer.id };
    const spoken = await first.call<MediaItem>('audio.speak', {
      model: 'tts-openai/tts-1',
      text: 'The answer, read aloud.',
      voice: 'alloy',
      format: 'wav',
      fromChat,
    });
    const saved = await first.call<TransferSaved>('transfer.backup', { jobId: 'job-1' });
    const archive = await readOut(first.call, saved);

    const second = await openCore({ dataDir: await freshDir() });
    const file = await second.upload('backup.zip', 'application/zip', archive);
    await second.call<TransferReport>('transfer.restore', { fileId: file.fileId, jobId: 'job-2' });
    const sounds = await second.call<MediaPage>('media.list', { kind: 'audio', origin: 'chats' });
    expect(sounds.items.map((i) => [i.title, i.fromChat])).toEqual([[spoken.title, fromChat]]);
    expect((await second.call<MediaPage>('media.list', { kind: 'audio' })).total).toBe(0);
  });
});
