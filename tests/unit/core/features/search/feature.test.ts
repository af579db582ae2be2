// Semantic search through createCore against the simulator: estimate, background embedding, hits by meaning, vectors on disk.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SemanticEstimate, SemanticStatus } from '../../../../../shared/semantic';
import type { Conversation, SearchHit } from '../../../../../shared/types';
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
    const files = await readdir(join(env.dir, 'semantic', 'vectors'));
    expect(files).toEqual([`conversation-${conversation.id}.vec`]);

    const hits = await first.call<SearchHit[]>('semantic.search', { query: 'lazy fox' });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ conversationId: conversation.id, match: 'meaning' });
    expect(hits[0]!.score).toBeGreaterThan(0.3);
    const words = await first.call<SearchHit[]>('semantic.search', { query: 'brown fox' });
    expect(words[0]!.match).toBe('words');

    // After a restart the vectors are read from disk, not asked for again.
    await first.core.dispose();
    env.cores = [];
    const second = await openCore();
    const again = await second.call<SemanticStatus>('semantic.status');
    expect(again).toMatchObject({ enabled: true, indexed: 2 });
  });
});
