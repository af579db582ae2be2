// Chat attachments through createCore against the simulator: images, audio and documents as the model receives them.
import { describe, expect, it } from 'vitest';
import type { MessageAttachment } from '../../../../../shared/attachments';
import type { Conversation, MediaItem } from '../../../../../shared/types';
import { makePdf, makePng, makeWav } from '../../../../e2e/files';
import { setPictureWorkerLimits } from '../../../../../electron/core/library/picture-jobs';
import { jpegClaiming } from '../../library/fixtures/hostile-pictures';
import { env, openCore } from '../../simulated-core';

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
    const parts = env.chatBodies[0]!.messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(parts[0]).toEqual({ type: 'text', text: 'What is this?' });
    const url = (parts[1] as { image_url: string }).image_url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(pngSize(url)).toEqual({ width: 2048, height: 205 });

    // The attachment is stored with the message and survives a reload of the conversation.
    const saved = await call<Conversation>('conversations.get', { id: conversation.id });
    expect(saved.messages[0]!.attachments).toEqual([attachment]);
  });

  it('a picture that asks the decoder for too much ends in words, and core answers meanwhile', async () => {
    const { call, attempt, upload } = await openCore();
    // A small heap makes the worker's limit come soon; the real limit is picture-jobs.test.ts's.
    await setPictureWorkerLimits({ heapMb: 64 });
    try {
      const file = await upload('bomb.jpg', 'image/jpeg', await jpegClaiming(7000, 6000));
      let prepared = false;
      const preparing = call<MessageAttachment>('attachments.prepare', {
        fileId: file.fileId,
      }).finally(() => (prepared = true));
      // Its thumbnail is being decoded meanwhile; other calls are answered.
      await call('conversations.list', {});
      expect(prepared).toBe(false);
      const attachment = await preparing;
      // The picture itself is kept, without a thumbnail.
      expect(await call<MediaItem>('media.get', { id: attachment.mediaId })).toMatchObject({
        width: 7000,
        height: 6000,
        hasThumb: false,
      });

      const conversation = await call<Conversation>('conversations.create', {
        model: 'vis-openai/gpt-4o-mini',
      });
      const sent = await attempt('chat.send', {
        conversationId: conversation.id,
        text: 'What is this?',
        attachments: [attachment],
      });
      expect(!sent.ok && sent.error).toMatchObject({ code: 'invalid_input' });
      expect(!sent.ok && sent.error.message).toMatch(
        /^The picture is damaged or too complex to read\./,
      );
      expect(env.chatBodies).toEqual([]);
    } finally {
      await setPictureWorkerLimits({});
    }
  });

  it('sends audio as input_audio to any model, and shows the service’s words when it refuses', async () => {
    const { call, upload, turnEnd } = await openCore();
    const file = await upload('note.wav', 'audio/wav', makeWav(0.2));
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: file.fileId,
    });
    expect(attachment).toMatchObject({ kind: 'audio', format: 'wav' });

    // The model list does not say which models take audio, so nothing is refused beforehand:
    // the request goes out and the service's own refusal is what the person reads.
    const plain = await call<Conversation>('conversations.create', {});
    await call('chat.send', {
      conversationId: plain.id,
      text: 'Listen',
      attachments: [attachment],
    });
    const refused = await turnEnd(plain.id);
    expect(refused.type).toBe('error');
    expect(refused.type === 'error' && refused.error.message).toMatch(/does not take audio input/);
    expect(env.chatBodies).toHaveLength(1);
    env.chatBodies.length = 0;

    const audio = await call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-audio-preview',
    });
    await call('chat.send', {
      conversationId: audio.id,
      text: 'Listen',
      attachments: [attachment],
    });
    expect((await turnEnd(audio.id)).type).toBe('done');
    const parts = env.chatBodies[0]!.messages.at(-1)!.content as Array<Record<string, unknown>>;
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
    const parts = env.chatBodies[0]!.messages.at(-1)!.content as Array<{
      type: string;
      text: string;
    }>;
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
  it('attaches a library picture by its media id, without a new upload or a new picture', async () => {
    const { call, attempt, upload, turnEnd } = await openCore();
    const file = await upload('kept.png', 'image/png', makePng(40, 30));
    const kept = await call<MediaItem>('media.import', { fileId: file.fileId, kind: 'image' });
    const before = await call<{ total: number }>('media.list', { kind: 'image' });

    const attachment = await call<MessageAttachment>('attachments.prepare', { mediaId: kept.id });
    expect(attachment).toMatchObject({ kind: 'image', mediaId: kept.id, mime: 'image/png' });
    expect(attachment.fileId).toBeUndefined();
    expect((await call<{ total: number }>('media.list', { kind: 'image' })).total).toBe(
      before.total,
    );

    const conversation = await call<Conversation>('conversations.create', {
      model: 'vis-openai/gpt-4o-mini',
    });
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'And this?',
      attachments: [attachment],
    });
    expect((await turnEnd(conversation.id)).type).toBe('done');
    const parts = env.chatBodies[0]!.messages.at(-1)!.content as Array<Record<string, unknown>>;
    const url = (parts[1] as { image_url: string }).image_url;
    expect(pngSize(url)).toEqual({ width: 40, height: 30 });

    const gone = await attempt('attachments.prepare', { mediaId: 'no-such-picture' });
    expect(!gone.ok && gone.error.code).toBe('not_found');
  });
});

describe('text and code files', () => {
  it('sends a source file as text in a fenced block named after the file', async () => {
    const { call, upload, turnEnd } = await openCore();
    const source = 'const fence = "```";\nconsole.log(fence);\n';
    const file = await upload('hello.ts', 'video/mp2t', Buffer.from(`\uFEFF${source}`));
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      fileId: file.fileId,
    });
    expect(attachment).toMatchObject({ kind: 'text', name: 'hello.ts', mime: 'text/plain' });
    expect(attachment.tokens).toBeGreaterThan(5);

    const conversation = await call<Conversation>('conversations.create', {});
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'Review this',
      attachments: [attachment],
    });
    expect((await turnEnd(conversation.id)).type).toBe('done');
    const parts = env.chatBodies[0]!.messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(parts[1]).toEqual({
      type: 'text',
      text: `Attached file "hello.ts":\n\n\`\`\`\`ts\n${source}\`\`\`\``,
    });
  });

  it('refuses binary, invalid UTF-8, a text name on a known binary type, and a file over 512 KB', async () => {
    const { attempt, upload } = await openCore();
    const reasons: unknown[] = [];
    for (const [name, bytes] of [
      ['data.csv', Buffer.from([0x61, 0x00, 0x62, 0x0a])],
      ['latin.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])],
      ['picture.json', makePng(4, 4)],
      ['big.md', Buffer.alloc(512 * 1024 + 1, 0x61)],
    ] as const) {
      const file = await upload(name, 'text/plain', bytes);
      const answer = await attempt('attachments.prepare', { fileId: file.fileId });
      reasons.push(!answer.ok && answer.error.details?.reason);
      if (name === 'big.md') expect(!answer.ok && answer.error.message).toMatch(/512 KB/);
    }
    expect(reasons).toEqual(['not_text', 'not_text', 'wrong_type', 'too_large']);
  });
});

describe('media in use', () => {
  it('names the conversations that show a picture, and audio sent to chat is kept and playable', async () => {
    const { call, upload, turnEnd } = await openCore();
    const file = await upload('cat.png', 'image/png', makePng(8, 8));
    const picture = await call<MessageAttachment>('attachments.prepare', { fileId: file.fileId });
    expect(await call('media.usage', { id: picture.mediaId })).toEqual({ conversations: [] });
    const conversation = await call<Conversation>('conversations.create', {
      model: 'vis-openai/gpt-4o-mini',
    });
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'Look',
      attachments: [picture],
    });
    await turnEnd(conversation.id);
    const usage = await call<{ conversations: Array<{ id: string; title: string }> }>(
      'media.usage',
      { id: picture.mediaId },
    );
    expect(usage.conversations).toEqual([{ id: conversation.id, title: 'Look' }]);

    const sound = await upload('note.wav', 'audio/wav', makeWav(0.1));
    const audio = await call<MessageAttachment>('attachments.prepare', { fileId: sound.fileId });
    expect(audio.mediaId).toBeDefined();
    expect(await call<MediaItem>('media.get', { id: audio.mediaId })).toMatchObject({
      kind: 'audio',
      mime: 'audio/wav',
    });
  });
});
