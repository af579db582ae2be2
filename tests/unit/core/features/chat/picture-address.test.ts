// A chat picture by its http(s) address through createCore against the simulator: sent as the address, kept with the message, refused in words when the service cannot fetch it; Atelier's picture estimate refuses nothing.
import { describe, expect, it } from 'vitest';
import type { MessageAttachment } from '../../../../../shared/attachments';
import type { Conversation } from '../../../../../shared/types';
import { makePng } from '../../../../e2e/files';
import { env, openCore } from '../../simulated-core';

/** The picture the simulator always serves on its own host. */
const sampleAddress = () => `${env.sim.hostRoot}/files/sample-picture.png`;

function lastParts(): Array<Record<string, unknown>> {
  const turns = env.chatBodies.filter((b) => b.purpose !== 'title');
  return turns.at(-1)!.messages.at(-1)!.content as Array<Record<string, unknown>>;
}

/** The paths the simulator was asked for over HTTP, oldest first. */
async function simPaths(): Promise<string[]> {
  const response = await fetch(`${env.sim.hostRoot}/__sim/requests`);
  return ((await response.json()) as Array<{ path: string }>).map((r) => r.path);
}

describe('a picture by its address', () => {
  it('is sent as the address string itself and kept with the message; nothing fetches it', async () => {
    const { core, call, turnEnd } = await openCore();
    const address = sampleAddress();
    const attachment = await call<MessageAttachment>('attachments.prepare', { url: address });
    expect(attachment).toEqual({
      kind: 'image',
      url: address,
      name: 'sample-picture.png',
      mime: '',
      size: 0,
      tokens: 85,
    });
    const conversation = await call<Conversation>('conversations.create', {
      model: 'vis-openai/gpt-4o-mini',
    });
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'What is this?',
      attachments: [attachment],
    });
    expect((await turnEnd(conversation.id)).type).toBe('done');
    expect(lastParts()).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: address },
    ]);
    // The service reads the address; Atelier made no request to it.
    expect((await simPaths()).filter((p) => p.startsWith('/files/'))).toEqual([]);

    // The address is in the conversation's file: a core started again on it reads it back.
    await core.dispose();
    env.cores.length = 0;
    const again = await openCore();
    const saved = await again.call<Conversation>('conversations.get', { id: conversation.id });
    expect(saved.messages[0]!.attachments).toEqual([attachment]);
    // And the next turn sends it again, as the address.
    await again.call('chat.send', { conversationId: conversation.id, text: 'And now?' });
    expect((await again.turnEnd(conversation.id)).type).toBe('done');
    const history = env.chatBodies.filter((b) => b.purpose !== 'title').at(-1)!.messages;
    expect(history.find((m) => m.role === 'user')!.content).toContainEqual({
      type: 'image_url',
      image_url: address,
    });
  });

  it('takes only http: and https: addresses, in words', async () => {
    const { attempt } = await openCore();
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://pictures.example/cat.png',
      'data:image/png;base64,AAAA',
      'https://someone:secret@pictures.example/cat.png',
      'not an address',
    ]) {
      const refused = await attempt('attachments.prepare', { url });
      expect(!refused.ok && refused.error).toMatchObject({
        code: 'invalid_input',
        message: 'Only an http: or https: address can be sent as a picture.',
        details: { reason: 'picture_address' },
      });
    }
  });

  it('an address the service cannot fetch ends in words that say so, with the service’s own', async () => {
    const { call, turnEnd } = await openCore();
    const attachment = await call<MessageAttachment>('attachments.prepare', {
      url: 'https://pictures.example/cat.png',
    });
    const conversation = await call<Conversation>('conversations.create', {
      model: 'vis-openai/gpt-4o-mini',
    });
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'What is this?',
      attachments: [attachment],
    });
    const end = await turnEnd(conversation.id);
    expect(end.type).toBe('error');
    if (end.type !== 'error') return;
    expect(end.error.details?.reason).toBe('picture_address_unreadable');
    expect(end.error.message).toMatch(/MIME/);
    expect(end.error.fromService).toBe(true);
    expect(lastParts()[1]).toEqual({
      type: 'image_url',
      image_url: 'https://pictures.example/cat.png',
    });
  });
});

describe("Atelier's estimates for pictures", () => {
  it('refuse nothing: pictures the estimate puts over the context still go, and the service decides', async () => {
    const { call, upload, turnEnd } = await openCore();
    // 1,900 tokens of answer room in a 2,048-token context leaves 148 for the prompt: three
    // pictures at Atelier's estimate of 85 each would not fit, the simulator counts them itself.
    const conversation = await call<Conversation>('conversations.create', {
      model: 'vis-sim/tiny-context',
    });
    await call('conversations.update', { id: conversation.id, maxTokens: 1900 });
    const file = await upload('dot.png', 'image/png', makePng(8, 8));
    const uploaded = await call<MessageAttachment>('attachments.prepare', { fileId: file.fileId });
    const addressed = await call<MessageAttachment>('attachments.prepare', {
      url: sampleAddress(),
    });
    await call('chat.send', {
      conversationId: conversation.id,
      text: 'Compare them',
      attachments: [uploaded, addressed, { ...addressed }],
    });
    expect((await turnEnd(conversation.id)).type).toBe('done');
    expect(lastParts().filter((p) => p.type === 'image_url')).toHaveLength(3);
  });
});
