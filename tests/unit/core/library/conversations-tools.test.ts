// Tool rounds in saved conversations: kept through a save and a reopen, and a crash mid-call leaves
// the answer interrupted with its unfinished calls stopped (no card asks for a turn that is gone).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/types';
import { flushAtomicWrites } from '../../../../electron/core/library/atomic-write';
import {
  type ConversationLibrary,
  openConversationLibrary,
} from '../../../../electron/core/library/conversations';

let dir: string;
let opened: ConversationLibrary[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-lib-tools-'));
  opened = [];
});

afterEach(async () => {
  // Closed, so no background index build writes into the folder as it is removed.
  for (const lib of opened) await lib.close();
  await flushAtomicWrites();
  await rm(dir, { recursive: true, force: true });
});

async function openLib(): Promise<ConversationLibrary> {
  const lib = await openConversationLibrary(dir, { indexDelayMs: 5 });
  opened.push(lib);
  return lib;
}

const at = new Date().toISOString();

describe('tool rounds in the library', () => {
  it('keeps rounds and the tools choice; a crash mid-call reads as interrupted and stopped', async () => {
    const lib = await openLib();
    const c = await lib.create({ model: 'm/x' });
    c.tools = { enabled: true, servers: ['s1'] };
    const answer: ChatMessage = {
      id: 'a1',
      role: 'assistant',
      content: '',
      createdAt: at,
      status: 'streaming',
      toolRounds: [
        {
          content: 'Checking.',
          calls: [
            {
              id: 'call_1',
              wireName: 'echo',
              serverId: 's1',
              serverName: 'everything',
              tool: 'echo',
              arguments: '{"message":"hi"}',
              state: 'done',
              result: [{ type: 'text', text: 'Echo: hi' }],
            },
            {
              id: 'call_2',
              wireName: 'peek',
              serverId: 's1',
              serverName: 'everything',
              tool: 'peek',
              arguments: '{}',
              state: 'asking',
            },
          ],
        },
      ],
    };
    c.messages.push(
      { id: 'q1', role: 'user', content: 'echo and peek', createdAt: at, status: 'done' },
      answer,
    );
    await lib.save(c);
    await lib.flush();

    const reopened = await openLib();
    const recovered = await reopened.get(c.id);
    expect(recovered.tools).toEqual({ enabled: true, servers: ['s1'] });
    const kept = recovered.messages[1]!;
    expect(kept.status).toBe('interrupted');
    expect(kept.toolRounds![0]!.content).toBe('Checking.');
    expect(kept.toolRounds![0]!.calls[0]).toMatchObject({
      state: 'done',
      result: [{ type: 'text', text: 'Echo: hi' }],
    });
    expect(kept.toolRounds![0]!.calls[1]).toMatchObject({ state: 'stopped' });
  });
});

describe('answer format, JSON check, sources and the round limit in the library', () => {
  it('survive a save and a reopen (the file schema keeps them, not only memory)', async () => {
    const lib = await openLib();
    const c = await lib.create({ model: 'm/x' });
    c.answerFormat = {
      type: 'json_schema',
      name: 'person',
      schema: { type: 'object', properties: { name: { type: 'string' } } },
    };
    c.messages.push(
      { id: 'q1', role: 'user', content: 'who?', createdAt: at, status: 'done' },
      {
        id: 'a1',
        role: 'assistant',
        content: '{"name": 1}',
        createdAt: at,
        status: 'done',
        jsonCheck: { parsed: true, valid: false, problems: ['/name must be string'] },
        sources: [{ url: 'https://example.org/a', title: 'A', site: 'example.org' }],
        toolRoundLimit: 8,
      },
    );
    await lib.save(c);
    await lib.flush();
    const again = await (await openLib()).get(c.id);
    expect(again.answerFormat).toEqual(c.answerFormat);
    const answer = again.messages[1]!;
    expect(answer.jsonCheck).toEqual({
      parsed: true,
      valid: false,
      problems: ['/name must be string'],
    });
    expect(answer.sources).toEqual([
      { url: 'https://example.org/a', title: 'A', site: 'example.org' },
    ]);
    expect(answer.toolRoundLimit).toBe(8);
  });
});

describe("a conversation's own budget in the library", () => {
  it('is set by an update, survives a reopen, and is cleared by null', async () => {
    const lib = await openLib();
    const c = await lib.create({ model: 'm/x' });
    expect((await lib.update(c.id, { budget: '2.5' })).budget).toBe('2.5');
    await lib.flush();
    expect((await (await openLib()).get(c.id)).budget).toBe('2.5');
    const cleared = await lib.update(c.id, { budget: null });
    expect(cleared.budget).toBeNull();
  });
});
