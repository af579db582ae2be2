// The request log tags each chat request as the background title request or a turn, so tests
// need not read prompts; other requests carry no tag.
import { describe, expect, it } from 'vitest';
import { TITLE_INSTRUCTION } from '../../../electron/core/features/chat/titles';
import { call, control, open, useSimulators } from './sim-harness';

useSimulators();

interface Logged {
  path: string;
  purpose?: string;
}

async function chat(messages: unknown[]): Promise<void> {
  const response = await call('/chat/completions', {
    target: open,
    json: { model: 'openai/gpt-4o-mini', messages },
  });
  expect(response.status).toBe(200);
}

describe('the request log says what a chat request was for', () => {
  it("tags core's title request 'title', a person's turn 'turn', and nothing else", async () => {
    await control('reset', undefined, open);
    await chat([{ role: 'user', content: 'Suggest a conversation title for my trip' }]);
    await chat([
      { role: 'system', content: [{ type: 'text', text: TITLE_INSTRUCTION }] },
      { role: 'user', content: 'Plan a weekend trip to Lisbon' },
    ]);
    await chat([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hello' },
    ]);
    await call('/models', { target: open });
    const log = (await (await control('requests', undefined, open)).json()) as Logged[];
    expect(log.map((r) => [r.path.replace(/^.*\/v1/, ''), r.purpose])).toEqual([
      ['/chat/completions', 'turn'],
      ['/chat/completions', 'title'],
      ['/chat/completions', 'turn'],
      ['/models', undefined],
    ]);
  });
});
