// The chat engine rewriting answers: regenerate and edit-and-resend keep earlier answers as versions; a cut answer is continued in place.
import { describe, expect, it } from 'vitest';
import { CONTINUE_INSTRUCTION } from '../../../../../electron/core/features/chat/engine';
import { ServiceError, serviceError } from '../../../../../electron/core/service/errors';
import { calls, engine, events, last, library, turn, useChatEngine } from './engine-harness';

useChatEngine();

describe('regenerate and edit', () => {
  it('regenerate replaces the last answer', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const { messageId } = await engine.regenerate({ conversationId: c.id });
    expect(last(calls).request.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2']);
    last(calls).push('a2 again');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => m.content)).toEqual(['q1', 'a1', 'q2', 'a2 again']);
    expect(last(after.messages).id).toBe(messageId);
  });

  it('regenerate of an earlier answer drops it and what follows', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const firstAnswer = (await library.get(c.id)).messages[1]!.id;
    await engine.regenerate({ conversationId: c.id, messageId: firstAnswer });
    expect(last(calls).request.messages.map((m) => m.content)).toEqual(['q1']);
    expect((await library.get(c.id)).messages.map((m) => m.content)).toEqual(['q1', '']);
  });

  it('edit-and-resend forks: the edited text is sent and the original branch stays a version', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'What is 2+2?', '4');
    await turn(c.id, 'And 3+3?', '6');
    const firstQuestion = (await library.get(c.id)).messages[0]!;
    await engine.editAndResend({
      conversationId: c.id,
      messageId: firstQuestion.id,
      text: 'What is 5+5?',
    });
    expect(last(calls).request.messages).toEqual([{ role: 'user', content: 'What is 5+5?' }]);
    last(calls).push('10');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => m.content)).toEqual(['What is 5+5?', '10']);
    expect(after.messages[0]!.id).not.toBe(firstQuestion.id);
    expect(after.messages[0]!.alternativeIndex).toBe(1);
    expect(after.messages[0]!.alternatives?.map((tail) => tail.map((m) => m.content))).toEqual([
      ['What is 2+2?', '4', 'And 3+3?', '6'],
    ]);
    expect(after.messages[0]!.alternatives?.[0]?.[0]?.id).toBe(firstQuestion.id);
    expect(after.title).toBe('What is 5+5?');
  });

  it('regenerate keeps every earlier answer as a version, the new one last', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    await turn(c.id, 'q2', 'a2');
    const firstAnswer = (await library.get(c.id)).messages[1]!;
    await engine.regenerate({ conversationId: c.id, messageId: firstAnswer.id });
    last(calls).push('a1 bis');
    last(calls).finish();
    await engine.settled(c.id);
    await engine.regenerate({ conversationId: c.id });
    last(calls).push('a1 ter');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => m.content)).toEqual(['q1', 'a1 ter']);
    const answer = after.messages[1]!;
    expect(answer.alternativeIndex).toBe(2);
    expect(answer.alternatives?.map((tail) => tail.map((m) => m.content))).toEqual([
      ['a1', 'q2', 'a2'],
      ['a1 bis'],
    ]);
    // Versions do not nest at their own place.
    expect(answer.alternatives?.[1]?.[0]?.alternatives).toBeUndefined();
  });

  it('retrying an answer that failed with no text replaces it instead of keeping a version', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).fail(serviceError('server_error', 'down'));
    await engine.settled(c.id);
    await engine.regenerate({ conversationId: c.id });
    last(calls).push('a');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => [m.content, m.status])).toEqual([
      ['q', 'done'],
      ['a', 'done'],
    ]);
    expect(after.messages[1]!.alternatives).toBeUndefined();
  });

  it('refuses to edit an answer', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q', 'a');
    const answer = (await library.get(c.id)).messages[1]!;
    const failure = (await engine
      .editAndResend({ conversationId: c.id, messageId: answer.id, text: 'hacked' })
      .catch((e: unknown) => e)) as ServiceError;
    expect(failure.error.code).toBe('invalid_input');
    expect((await library.get(c.id)).messages.map((m) => m.content)).toEqual(['q', 'a']);
  });
});

describe('continue a cut answer', () => {
  it('sends the partial answer and an unsaved instruction, and adds the new text to the same answer', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'Tell a story' });
    last(calls).push('Once upon');
    await engine.stop(c.id);
    const cut = last((await library.get(c.id)).messages);
    expect(cut.status).toBe('stopped');
    events.length = 0;
    const { messageId } = await engine.continueAnswer({ conversationId: c.id, messageId: cut.id });
    expect(messageId).toBe(cut.id);
    expect(last(calls).request.messages).toEqual([
      { role: 'user', content: 'Tell a story' },
      { role: 'assistant', content: 'Once upon' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    expect(events[0]).toMatchObject({
      type: 'start',
      messageId: cut.id,
      questionIndex: 0,
      continues: { id: cut.id, content: 'Once upon', status: 'streaming' },
    });
    last(calls).push(' a time.');
    last(calls).finish();
    await engine.settled(c.id);
    const after = await library.get(c.id);
    expect(after.messages.map((m) => [m.content, m.status])).toEqual([
      ['Tell a story', 'done'],
      ['Once upon a time.', 'done'],
    ]);
    expect(last(events)).toMatchObject({ type: 'done', message: { content: 'Once upon a time.' } });
    expect(
      events.filter((e) => e.type === 'delta').map((e) => e.type === 'delta' && e.content),
    ).toEqual([' a time.']);
  });

  it('continues an answer that failed with text, and clears its error', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'q' });
    last(calls).push('part');
    last(calls).fail(serviceError('server_error', 'cut off'));
    await engine.settled(c.id);
    const cut = last((await library.get(c.id)).messages);
    expect(cut.status).toBe('error');
    await engine.continueAnswer({ conversationId: c.id, messageId: cut.id });
    // The failed answer's text is sent, though a failed answer is otherwise left out.
    expect(last(calls).request.messages[1]).toEqual({ role: 'assistant', content: 'part' });
    last(calls).push(' two');
    last(calls).finish();
    await engine.settled(c.id);
    const answer = last((await library.get(c.id)).messages);
    expect(answer).toMatchObject({ content: 'part two', status: 'done' });
    expect(answer.error).toBeUndefined();
  });

  it('marks an answer the service ended at max_tokens, and continues it', async () => {
    const c = await library.create({ model: 'm/a' });
    await engine.sendTurn({ conversationId: c.id, text: 'Tell a long story' });
    last(calls).push('Once upon');
    last(calls).finish({ finishReason: 'length' });
    await engine.settled(c.id);
    const cut = last((await library.get(c.id)).messages);
    expect(cut).toMatchObject({ status: 'done', cutAtMaxTokens: true });
    expect(last(events)).toMatchObject({ type: 'done', message: { cutAtMaxTokens: true } });
    await engine.continueAnswer({ conversationId: c.id, messageId: cut.id });
    expect(last(calls).request.messages.at(-1)).toEqual({
      role: 'user',
      content: CONTINUE_INSTRUCTION,
    });
    last(calls).push(' a time.');
    last(calls).finish();
    await engine.settled(c.id);
    const whole = last((await library.get(c.id)).messages);
    expect(whole).toMatchObject({ content: 'Once upon a time.', status: 'done' });
    expect(whole.cutAtMaxTokens).toBeUndefined();
  });

  it('refuses a finished answer, an empty one, and one that is not the last', async () => {
    const c = await library.create({ model: 'm/a' });
    await turn(c.id, 'q1', 'a1');
    const done = last((await library.get(c.id)).messages);
    const refusal = (await engine
      .continueAnswer({ conversationId: c.id, messageId: done.id })
      .catch((e: unknown) => e)) as ServiceError;
    expect(refusal.error.code).toBe('invalid_input');
    await engine.sendTurn({ conversationId: c.id, text: 'q2' });
    await engine.stop(c.id);
    const empty = last((await library.get(c.id)).messages);
    expect(empty.status).toBe('stopped');
    const second = (await engine
      .continueAnswer({ conversationId: c.id, messageId: empty.id })
      .catch((e: unknown) => e)) as ServiceError;
    expect(second.error.code).toBe('invalid_input');
    expect(calls).toHaveLength(2);
  });
});
