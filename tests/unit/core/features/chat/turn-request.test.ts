// Planning a turn's request: attachment tokens count against the model's context; max_tokens left to the account.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../../shared/types';
import {
  buildChatRequest,
  planContext,
} from '../../../../../electron/core/features/chat/turn-request';
import { ServiceError } from '../../../../../electron/core/service/errors';

describe('context with attachments', () => {
  it('counts attachment tokens against the context', () => {
    const message = (tokens: number): ChatMessage => ({
      id: 'u1',
      role: 'user',
      content: 'Read it',
      createdAt: '',
      status: 'done',
      attachments: [
        {
          kind: 'document',
          documentId: 'd',
          name: 'a.pdf',
          mime: 'application/pdf',
          size: 1,
          tokens,
        },
      ],
    });
    const conversation = { systemPrompt: '', contextStart: 0, maxTokens: 100 };
    expect(planContext(conversation, [message(500)], 1000, false).maxTokens).toBe(100);
    expect(() => planContext(conversation, [message(950)], 1000, false)).toThrow(ServiceError);
  });

  it("neither refuses nor trims on Atelier's estimates for pictures and audio (issue 41)", () => {
    const media: ChatMessage = {
      id: 'u1',
      role: 'user',
      content: 'Look and listen',
      createdAt: '',
      status: 'done',
      attachments: [
        { kind: 'image', mediaId: 'i', name: 'a.png', mime: 'image/png', size: 1, tokens: 85 },
        { kind: 'audio', mediaId: 'a', name: 'b.wav', mime: 'audio/wav', size: 1, tokens: 900 },
      ],
    };
    const answer: ChatMessage = { ...media, id: 'a1', role: 'assistant', attachments: [] };
    const next: ChatMessage = { ...answer, id: 'u2', role: 'user', content: 'And now?' };
    const conversation = { systemPrompt: '', contextStart: 0, maxTokens: 100 };
    // 985 estimated tokens and 100 of answer room over a context of 1,000: sent whole.
    expect(planContext(conversation, [media], 1000, false).contextStart).toBe(0);
    const plan = planContext(conversation, [media, answer, next], 1000, true);
    expect(plan.contextStart).toBe(0);
    // The estimate still counts in the figure the spending line takes.
    expect(plan.promptTokens).toBeGreaterThan(985);
  });
});

describe('max_tokens left to the account', () => {
  const question: ChatMessage = {
    id: 'u1',
    role: 'user',
    content: 'Write a long story',
    createdAt: '',
    status: 'done',
  };
  const conversation = {
    model: 'm/a',
    systemPrompt: '',
    temperature: null,
    contextStart: 0,
    maxTokens: 500,
  };

  it('sends no max_tokens, and the context check counts the prompt alone', () => {
    const plan = planContext({ ...conversation, maxTokensByAccount: true }, [question], 100, false);
    expect(plan.maxTokens).toBeNull();
    const request = buildChatRequest(conversation, [question], plan);
    expect(request).not.toHaveProperty('max_tokens');
    expect(request.messages).toEqual([{ role: 'user', content: 'Write a long story' }]);
  });

  it('sends the chosen max_tokens when off, as before', () => {
    const plan = planContext(
      { ...conversation, maxTokensByAccount: false },
      [question],
      1000,
      false,
    );
    expect(buildChatRequest(conversation, [question], plan).max_tokens).toBe(500);
    // 500 of room does not fit a context of 100.
    expect(() => planContext(conversation, [question], 100, false)).toThrow(ServiceError);
  });
});
