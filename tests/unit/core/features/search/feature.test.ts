// Semantic search through createCore against the simulator: estimate, background embedding, hits by meaning, vectors on disk.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SemanticEstimate, SemanticStatus } from '../../../../../shared/semantic';
import type { Conversation, SearchHit } from '../../../../../shared/types';
import { messagePassages } from '../../../../../electron/core/features/search/passages';
import { env, openCore } from '../../simulated-core';

describe('semantic search', () => {
  it('estimates first, embeds in the background once on, and finds messages by meaning', async () => {
    const first = await openCore();
    const conversation = await first.call<Conversation>('conversations.create', {});
    await first.call('chat.send', {
      conversationId: conversation.id,
      text: 'The quick brown fox jumps over the lazy dog',
    });
    await first.turnEnd(conversation.id);

    expect((await first.call<SearchHit[]>('semantic.search', { query: 'sleepy fox' })).length).toBe(
      0,
    );
    // The word index behind it is built (one conversation: at once, in its worker thread, which a
    // busy machine may not have scheduled yet).
    await expect
      .poll(() => first.call('semantic.wordsStatus', {}))
      .toEqual({
        indexing: false,
        indexed: 1,
        total: 1,
      });
    const estimate = await first.call<SemanticEstimate>('semantic.estimate', {});
    // The question and its short answer make one passage: one request, timed at the account's
    // current rate (this core runs at 9 requests per second: under a second).
    expect(estimate).toMatchObject({
      model: 'emb-openai/text-embedding-3-small',
      texts: 1,
      requests: 1,
      seconds: 1,
    });
    expect(Number(estimate.cost)).toBeGreaterThan(0);

    await first.call('semantic.configure', { enabled: true });
    const deadline = Date.now() + 10_000;
    let status = await first.call<SemanticStatus>('semantic.status');
    while ((status.indexed < 1 || status.pending > 0 || status.running) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      status = await first.call<SemanticStatus>('semantic.status');
    }
    expect(status).toMatchObject({ enabled: true, indexed: 1, pending: 0, lastError: null });
    // Every embeddings request carried one string, as the document's `input` is.
    const log = (await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Array<{
      path: string;
      body: string;
    }>;
    const inputs = log
      .filter((r) => r.path.endsWith('/embeddings'))
      .map((r) => (JSON.parse(r.body) as { input: unknown }).input);
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(typeof input).toBe('string');
    const files = await readdir(join(env.dir, 'semantic', 'vectors'));
    expect(files).toEqual([`conversation-${conversation.id}.vec`]);

    const hits = await first.call<SearchHit[]>('semantic.search', {
      // Not every word is in the text ("foxes"), so only the meaning finds it.
      query: 'the lazy dog jumps over the quick brown foxes',
    });
    expect(hits.length).toBeGreaterThan(0);
    const saved = await first.call<Conversation>('conversations.get', { id: conversation.id });
    // A hit on a passage opens at its first message.
    expect(hits[0]).toMatchObject({
      conversationId: conversation.id,
      messageId: saved.messages[0]!.id,
      match: 'meaning',
    });
    expect(hits[0]!.score).toBeGreaterThan(0.3);
    const words = await first.call<SearchHit[]>('semantic.search', { query: 'brown fox' });
    expect(words[0]!.match).toBe('words');

    // After a restart the vectors are read from disk, not asked for again.
    await first.core.dispose();
    env.cores = [];
    const second = await openCore();
    const again = await second.call<SemanticStatus>('semantic.status');
    expect(again).toMatchObject({ enabled: true, indexed: 1 });
  });

  it('joins messages into passages of a few hundred tokens; a long message stands alone', () => {
    const short = (id: string) => ({ id, text: `message ${id} about the weather` });
    const long = { id: 'long', text: 'word '.repeat(2000) };
    const passages = messagePassages([short('a'), short('b'), long, short('c')]);
    expect(passages.map((p) => p.id)).toEqual(['a', 'long', 'c']);
    expect(passages[0]!.text).toContain('message b');
    // Appending a message changes only the last passage.
    const more = messagePassages([short('a'), short('b'), long, short('c'), short('d')]);
    expect(more.slice(0, 2)).toEqual(passages.slice(0, 2));
    expect(more[2]!.text).toContain('message d');
  });
});
