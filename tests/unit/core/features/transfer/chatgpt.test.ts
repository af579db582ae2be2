// Reading ChatGPT's export: the path from current_node to the root, visible text only, loops, deep forks and bad shapes survived.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { APP_EXPORT_FORMAT, TRANSFER_LIMITS } from '../../../../../shared/transfer';
import type { ChatMessage, Conversation } from '../../../../../shared/types';
import {
  looksLikeChatGpt,
  readChatGptExport,
} from '../../../../../electron/core/features/transfer/chatgpt';
import { nestingDepth } from '../../../../../electron/core/features/transfer/untrusted-json';
import { conversationSchema } from '../../../../../electron/core/library/conversation-file';
import { switchVersion } from '../../../../../shared/versions';
import { chatGptSample } from './chatgpt-sample';
import { propertyParams } from './property-params';

describe('readChatGptExport', () => {
  it('keeps the current branch, times and model, and skips hidden, system, tool and empty messages', () => {
    const { conversations, skipped } = readChatGptExport(chatGptSample);
    expect(conversations).toHaveLength(1);
    const [garden] = conversations;
    expect(garden).toMatchObject({
      title: 'Garden plans',
      createdAt: '2024-04-24T23:06:40.500Z',
      model: 'gpt-4o',
    });
    expect(garden!.messages.map((m) => m.content)).toEqual([
      'What should I plant in April?',
      'Peas and lettuce, second try.',
      'Thanks!',
      'You are welcome.',
    ]);
    expect(garden!.messages[0]!.createdAt).toBe('2024-04-24T23:06:50.000Z');
    expect(skipped.map((s) => s.reason)).toEqual(['empty', 'malformed']);
  });

  it('keeps the branches ChatGPT does not show as versions at the place they fork', () => {
    const [garden] = readChatGptExport(chatGptSample).conversations;
    const answer = garden!.messages[1]!;
    // u1 lists a1old before a1: the shown answer is the second of two.
    expect(answer.alternativeIndex).toBe(1);
    expect(answer.alternatives?.map((tail) => tail.map((m) => m.content))).toEqual([
      ['Tomatoes, first try.'],
    ]);
    const switched = switchVersion(
      { messages: garden!.messages, contextStart: garden!.contextStart },
      answer.id,
      0,
    );
    expect(switched?.messages.map((m) => m.content)).toEqual([
      'What should I plant in April?',
      'Tomatoes, first try.',
    ]);
  });

  it('ends the walk at a loop in the parents instead of hanging', () => {
    const message = (text: string) => ({
      author: { role: 'user' },
      content: { content_type: 'text', parts: [text] },
    });
    const looped = [
      {
        title: 'Loop',
        current_node: 'a',
        mapping: {
          a: { message: message('A'), parent: 'b' },
          b: { message: message('B'), parent: 'a' },
        },
      },
    ];
    expect(readChatGptExport(looped).conversations[0]!.messages.map((m) => m.content)).toEqual([
      'B',
      'A',
    ]);
  });

  it('orders a question with 20,000 answers by one lookup per answer, not a search of the list per comparison', () => {
    // A 12.5 MB export whose question had 200,000 regenerated answers held core for 28 s when
    // each comparison searched the parent's list of children (issue 38, the attack pass).
    const answers = 20_000;
    const mapping: Record<string, unknown> = {
      q: {
        message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['Q'] } },
        parent: null,
        children: [...Array.from({ length: answers }, (_, i) => `a${i}`)],
      },
    };
    for (let i = 0; i < answers; i += 1) {
      const text = `A${i}`;
      mapping[`a${i}`] = {
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: [text] },
        },
        parent: 'q',
      };
    }
    const items = [{ title: 'Many answers', current_node: `a${answers - 1}`, mapping }];
    const searches = vi.spyOn(Array.prototype, 'indexOf');
    let read: ReturnType<typeof readChatGptExport>;
    let searched: number;
    try {
      read = readChatGptExport(items);
      searched = searches.mock.calls.length;
    } finally {
      searches.mockRestore();
    }
    expect(searched).toBeLessThan(answers);
    const answer = read.conversations[0]!.messages[1]!;
    expect(answer.content).toBe(`A${answers - 1}`);
    expect(answer.alternatives).toHaveLength(answers - 1);
    expect(answer.alternatives![0]![0]!.content).toBe('A0');
    expect(answer.alternativeIndex).toBe(answers - 1);
  });

  it('recognises the export by its mapping', () => {
    expect(looksLikeChatGpt(chatGptSample)).toBe(true);
    expect(looksLikeChatGpt([])).toBe(false);
    expect(looksLikeChatGpt({ mapping: {} })).toBe(false);
  });
});

/** A message of the export's shape. */
function gptMessage(role: string, text: string) {
  return { author: { role }, content: { content_type: 'text', parts: [text] } };
}

/**
 * An export whose question has a hidden branch that forks, whose hidden branch forks, and so on
 * `depth` times: each fork's other child holds the next fork.
 */
function nestedForks(depth: number) {
  const mapping: Record<string, unknown> = {
    root: { message: null, parent: null, children: ['q'] },
    q: { message: gptMessage('user', 'Q'), parent: 'root', children: ['n1', 'shown'] },
    shown: { message: gptMessage('assistant', 'shown'), parent: 'q', children: [] },
  };
  for (let i = 1; i <= depth; i += 1) {
    mapping[`n${i}`] = {
      message: gptMessage(i % 2 ? 'assistant' : 'user', `n${i}`),
      parent: i === 1 ? 'q' : `n${i - 1}`,
      children: i < depth ? [`n${i + 1}`, `leaf${i}`] : [`leaf${i}`],
    };
    mapping[`leaf${i}`] = {
      message: gptMessage(i % 2 ? 'user' : 'assistant', `leaf${i}`),
      parent: `n${i}`,
      children: [],
    };
  }
  return [{ title: 'Deep', current_node: 'shown', mapping }];
}

/** How deep versions nest in a conversation's messages (0: none). */
function versionDepth(messages: ChatMessage[]): number {
  let deepest = 0;
  const stack = messages.map((m) => ({ m, depth: 0 }));
  for (let item = stack.pop(); item; item = stack.pop()) {
    deepest = Math.max(deepest, item.depth);
    for (const tail of item.m.alternatives ?? [])
      for (const m of tail) stack.push({ m, depth: item.depth + 1 });
  }
  return deepest;
}

/** Whether the conversation is one the library reads back, from its file and from an export. */
function readableBack(conversation: Conversation): boolean {
  const text = JSON.stringify({
    format: APP_EXPORT_FORMAT,
    version: 1,
    conversations: [conversation],
  });
  if (nestingDepth(text, TRANSFER_LIMITS.jsonDepth) > TRANSFER_LIMITS.jsonDepth) return false;
  return conversationSchema.safeParse(JSON.parse(JSON.stringify(conversation))).success;
}

describe('an export with forks nested deep', () => {
  it('reads 700 and 5,000 nested forks without running out of stack, versions cut at the limit and said', () => {
    for (const depth of [700, 5_000]) {
      const { conversations, skipped } = readChatGptExport(nestedForks(depth));
      expect(conversations).toHaveLength(1);
      const [deep] = conversations;
      expect(deep!.messages.map((m) => m.content)).toEqual(['Q', 'shown']);
      expect(versionDepth(deep!.messages)).toBe(TRANSFER_LIMITS.versionDepth);
      expect(readableBack(deep!)).toBe(true);
      expect(skipped).toEqual([{ what: 'Deep', reason: 'too-deep' }]);
    }
  });

  it('keeps forks within the limit whole, and says nothing was left out', () => {
    const { conversations, skipped } = readChatGptExport(nestedForks(10));
    expect(versionDepth(conversations[0]!.messages)).toBe(10);
    expect(skipped).toEqual([]);
  });
});

describe('any export, valid or not (property)', () => {
  const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', '\n', 'hello'));
  const message = fc.record(
    {
      id: fc.string({ maxLength: 4 }),
      author: fc.record({ role: fc.constantFrom('user', 'assistant', 'system', 'tool', 'x') }),
      content: fc.record(
        {
          content_type: fc.constantFrom('text', 'multimodal_text', 'code', 'image'),
          parts: fc.array(fc.oneof(text, fc.integer(), fc.constant(null), fc.object()), {
            maxLength: 3,
          }),
        },
        { requiredKeys: ['content_type'] },
      ),
      create_time: fc.oneof(fc.double(), fc.constant(null), fc.integer()),
      recipient: fc.constantFrom('all', 'browser'),
      metadata: fc.oneof(
        fc.constant(null),
        fc.record({
          model_slug: fc.oneof(fc.string(), fc.integer()),
          is_visually_hidden_from_conversation: fc.boolean(),
        }),
      ),
    },
    { requiredKeys: ['author', 'content'] },
  );
  /** A mapping of up to 30 nodes whose links may point anywhere (loops, missing nodes), and maybe a deep chain of forks. */
  const gptConversation = fc.integer({ min: 0, max: 30 }).chain((n) =>
    fc.record({
      nodes: fc.array(
        fc.record({
          message: fc.option(message),
          parent: fc.integer({ min: -1, max: n }),
          children: fc.array(fc.integer({ min: 0, max: n }), { maxLength: 4 }),
        }),
        { minLength: n, maxLength: n },
      ),
      current: fc.integer({ min: -1, max: n }),
      deep: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 600, max: 2_500 }),
      ),
      title: fc.option(text),
      id: fc.option(fc.oneof(fc.uuid(), fc.integer())),
    }),
  );
  type Generated = {
    nodes: Array<{ message: unknown; parent: number; children: number[] }>;
    current: number;
    deep: number;
    title: string | null;
    id: unknown;
  };
  const asExport = (c: Generated) => {
    const key = (i: number) => (i < 0 ? null : `n${i}`);
    const mapping: Record<string, { message?: unknown; parent: unknown; children: unknown[] }> = {};
    c.nodes.forEach((node, i) => {
      mapping[`n${i}`] = {
        message: node.message,
        parent: key(node.parent),
        children: node.children.map(key),
      };
    });
    const under = mapping['n0'];
    if (c.deep > 0 && under) {
      // The nested forks hang under the first node, as one more child of it.
      const deep = nestedForks(c.deep)[0]!.mapping as Record<string, { parent: string }>;
      const renamed = (id: unknown) => (typeof id === 'string' ? `deep-${id}` : id);
      for (const [id, node] of Object.entries(deep)) {
        if (id === 'root') continue;
        const { children } = node as unknown as { children: string[] };
        mapping[renamed(id) as string] = {
          ...node,
          parent: id === 'q' ? 'n0' : renamed(node.parent),
          children: children.map(renamed),
        };
      }
      under.children = ['deep-q', ...under.children];
    }
    return { title: c.title, id: c.id, current_node: key(c.current), mapping };
  };
  const item = fc.oneof(
    { weight: 4, arbitrary: gptConversation.map(asExport) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 1,
      arbitrary: fc.record({ mapping: fc.jsonValue({ maxDepth: 2 }), title: fc.jsonValue() }),
    },
  );

  it('never throws, and every conversation it gives is one the library reads back', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (items) => {
        const { conversations, skipped } = readChatGptExport(items);
        expect(conversations.length + skipped.filter((s) => s.reason !== 'too-deep').length).toBe(
          items.length,
        );
        for (const conversation of conversations) {
          expect(conversation.messages.length).toBeGreaterThan(0);
          expect(conversation.messageCount).toBe(conversation.messages.length);
          expect(versionDepth(conversation.messages)).toBeLessThanOrEqual(
            TRANSFER_LIMITS.versionDepth,
          );
          expect(readableBack(conversation)).toBe(true);
        }
        // The same export read again is known by the same origins.
        const again = readChatGptExport(items).conversations.map((c) => c.origins[0].hash);
        expect(again).toEqual(conversations.map((c) => c.origins[0].hash));
      }),
      propertyParams(100),
    );
  });
});
