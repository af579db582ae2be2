// Demo conversations kept apart: made in the demo, they are not in the real list, search or backup, and come back with the demo.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationList, SearchHit } from '../../../../shared/types';
import { DEMO_FOLDER } from '../../../../electron/core/library/service-conversations';
import { env, openCore } from '../simulated-core';

const idsOf = (list: ConversationList) => list.items.map((item) => item.id);

describe('demo conversations (core against the simulator)', () => {
  it('keeps them out of the real list and search, and brings them back with the demo', async () => {
    const { call, attempt, turnEnd } = await openCore();
    await call('settings.update', { autoTitle: false });
    const real = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: real.id, text: 'Real question about apples' });
    await turnEnd(real.id);

    await call('demo.use');
    expect(idsOf(await call<ConversationList>('conversations.list'))).toEqual([]);
    const played = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: played.id, text: 'Demo question about pears' });
    expect((await turnEnd(played.id)).type).toBe('done');
    expect(idsOf(await call<ConversationList>('conversations.list'))).toEqual([played.id]);
    const inDemo = await call<SearchHit[]>('semantic.search', { query: 'pears' });
    expect(inDemo.map((h) => h.conversationId)).toContain(played.id);
    expect(await call<SearchHit[]>('semantic.search', { query: 'apples' })).toEqual([]);
    // A backup holds the person's own library: not made from the demo.
    const backup = await attempt('transfer.backup', { jobId: 'job-1' });
    expect(backup.ok).toBe(false);

    await call('demo.leave');
    expect(idsOf(await call<ConversationList>('conversations.list'))).toEqual([real.id]);
    expect(await call<SearchHit[]>('semantic.search', { query: 'pears' })).toEqual([]);
    const apples = await call<SearchHit[]>('semantic.search', { query: 'apples' });
    expect(apples.map((h) => h.conversationId)).toContain(real.id);

    await call('demo.use');
    expect(idsOf(await call<ConversationList>('conversations.list'))).toEqual([played.id]);
    await call('demo.leave');

    // On disk: the demo's conversation sits in its own folder, not among the person's.
    const own = await readdir(join(env.dir, 'conversations'));
    const demo = await readdir(join(env.dir, DEMO_FOLDER, 'conversations'));
    expect(own).toContain(`${real.id}.json`);
    expect(own).not.toContain(`${played.id}.json`);
    expect(demo).toContain(`${played.id}.json`);
  });

  it('tells the list on screen nothing of a conversation of the other list (a late title)', async () => {
    const { call, turnEnd, emitted } = await openCore();
    await call('settings.update', { autoTitle: false });
    const real = await call<Conversation>('conversations.create', {});
    await call('chat.send', { conversationId: real.id, text: 'Real question about apples' });
    await turnEnd(real.id);

    await call('demo.use');
    const from = emitted.length;
    // What a title landing after the switch does: the real conversation changes while in the demo.
    await call('conversations.update', { id: real.id, title: 'Apples, renamed late' });
    const news = emitted
      .slice(from)
      .filter((e) => e.event === 'conversations.changed')
      .map((e) => (e.payload as { id: string | null }).id);
    expect(news).not.toContain(real.id);
    const played = await call<Conversation>('conversations.create', {});
    await call('conversations.update', { id: played.id, title: 'Pears' });
    expect(
      emitted
        .slice(from)
        .filter((e) => e.event === 'conversations.changed')
        .map((e) => (e.payload as { id: string | null }).id),
    ).toContain(played.id);
    await call('demo.leave');
    expect(
      (await call<ConversationList>('conversations.list')).items.find((i) => i.id === real.id)
        ?.title,
    ).toBe('Apples, renamed late');
  });

  it('does not open the demo’s library for someone who never uses the demo', async () => {
    const { call } = await openCore();
    await call<ConversationList>('conversations.list');
    await call('conversations.create', {});
    expect(await readdir(env.dir)).not.toContain(DEMO_FOLDER);
  });
});
