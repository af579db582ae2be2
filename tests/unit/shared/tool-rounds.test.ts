// Stored tool rounds: the text each call gives the model, and their share of the token estimate.
import { describe, expect, it } from 'vitest';
import { DECLINED_RESULT, toolResultText } from '../../../shared/tool-rounds';
import { messageTokens } from '../../../shared/tokens';
import type { ToolCallRecord } from '../../../shared/tools';
import type { ChatMessage } from '../../../shared/types';

const call = (patch: Partial<ToolCallRecord>): ToolCallRecord => ({
  id: 'c',
  wireName: 'echo',
  serverId: 's',
  serverName: 'everything',
  tool: 'echo',
  arguments: '{"message":"hi"}',
  state: 'done',
  ...patch,
});

describe('tool rounds', () => {
  it('gives the model text for every way a call ends', () => {
    expect(toolResultText(call({ result: [{ type: 'text', text: 'Echo: hi' }] }))).toBe('Echo: hi');
    expect(toolResultText(call({ state: 'denied' }))).toBe(DECLINED_RESULT);
    expect(toolResultText(call({ state: 'failed', error: 'The server stopped.' }))).toBe(
      'The call failed: The server stopped.',
    );
    expect(toolResultText(call({ result: [] }))).toBe('(The tool returned nothing.)');
    expect(
      toolResultText(call({ result: [{ type: 'resource_link', uri: 'https://x.test/a' }] })),
    ).toContain('https://x.test/a');
  });

  it('counts an answer’s rounds in its tokens, even when its own text is empty', () => {
    const base: ChatMessage = {
      id: 'a',
      role: 'assistant',
      content: 'Done.',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'done',
    };
    const long = 'x'.repeat(4000);
    const withRounds: ChatMessage = {
      ...base,
      toolRounds: [{ content: '', calls: [call({ result: [{ type: 'text', text: long }] })] }],
    };
    expect(messageTokens(withRounds)).toBeGreaterThan(messageTokens(base) + 500);
    expect(messageTokens({ ...withRounds, content: '', status: 'stopped' })).toBeGreaterThan(500);
    expect(messageTokens({ ...withRounds, status: 'error' })).toBe(0);
  });
});
