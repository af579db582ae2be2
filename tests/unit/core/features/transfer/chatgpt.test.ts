// Reading ChatGPT's export: the path from current_node to the root, visible text only, loops and bad shapes survived.
import { describe, expect, it } from 'vitest';
import {
  looksLikeChatGpt,
  readChatGptExport,
} from '../../../../../electron/core/features/transfer/chatgpt';
import { switchVersion } from '../../../../../shared/versions';
import { chatGptSample } from './chatgpt-sample';

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

  it('recognises the export by its mapping', () => {
    expect(looksLikeChatGpt(chatGptSample)).toBe(true);
    expect(looksLikeChatGpt([])).toBe(false);
    expect(looksLikeChatGpt({ mapping: {} })).toBe(false);
  });
});
