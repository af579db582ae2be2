// Planning a turn's request: attachment tokens count against the model's context.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../../shared/types';
import { planContext } from '../../../../../electron/core/features/chat/turn-request';
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
});
