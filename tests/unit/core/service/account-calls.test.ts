// The model list and the balance over real HTTP and the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalServers, startLocal, clientFor, sendJson, useSimulator } from './client-harness';

afterEach(closeLocalServers);

describe('account calls', () => {
  it('listModels: prices as given, string context length, badges from fields, ids and names', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, {
        object: 'list',
        data: [
          {
            id: 'openai/gpt-4o-mini',
            name: 'GPT-4o mini',
            pricing: { prompt: '0.00000015', completion: '0.0000006' },
            context_length: '128000',
            supported_parameters: ['tools', 'response_format', 'temperature'],
          },
          {
            id: 'vis-openai/gpt-4o-mini',
            name: 'GPT-4o mini (vision)',
            pricing: { prompt: '0.15', completion: 0.6 },
            context_length: 128000,
            capabilities: { tools: true, structured_outputs: true },
          },
          { id: 'deepseek/deepseek-r1', context_length: 'n/a', description: 'Thinks first' },
          { id: 'perplexity/sonar-online', architecture: { input_modalities: ['text', 'image'] } },
          {
            id: 'openai/gpt-4o-audio-preview',
            supported_features: ['audioinput', 'web_search'],
            available_on_plan: false,
          },
          { id: 'img-stable/stable-diffusion-xl-1024' },
          { id: 'mystery-prefix:thing' },
          { name: 'no id' },
        ],
      }),
    );
    const { client } = clientFor(local.base);
    const models = await client.listModels();
    expect(models).toEqual([
      {
        id: 'openai/gpt-4o-mini',
        name: 'GPT-4o mini',
        kind: 'chat',
        promptPrice: '0.00000015',
        completionPrice: '0.0000006',
        contextLength: 128000,
        badges: ['structured-outputs', 'tools'],
        description: null,
      },
      {
        id: 'vis-openai/gpt-4o-mini',
        name: 'GPT-4o mini (vision)',
        kind: 'vision',
        promptPrice: '0.15',
        completionPrice: '0.6',
        contextLength: 128000,
        badges: ['structured-outputs', 'tools', 'vision'],
        description: null,
      },
      {
        id: 'deepseek/deepseek-r1',
        name: 'deepseek/deepseek-r1',
        kind: 'chat',
        promptPrice: null,
        completionPrice: null,
        contextLength: null,
        badges: ['reasoning'],
        description: 'Thinks first',
      },
      expect.objectContaining({ id: 'perplexity/sonar-online', badges: ['vision', 'web-search'] }),
      expect.objectContaining({
        id: 'openai/gpt-4o-audio-preview',
        badges: ['audio-input', 'not-in-plan', 'web-search'],
      }),
      expect.objectContaining({ id: 'img-stable/stable-diffusion-xl-1024', kind: 'image' }),
      expect.objectContaining({ id: 'mystery-prefix:thing', kind: 'other' }),
    ]);
    expect(local.requests[0]?.method).toBe('GET');
    expect(local.requests[0]?.url).toBe('/v1/models');
  });

  it('getBalance: figures, Moscow time as UTC, and the states off, error and unknown', async () => {
    let answer: { status: number; body: string; type: string } = {
      status: 200,
      type: 'application/json',
      body: '{"status":"ok","data":{"credits":"12.3456","subscription_status":"ok","subscription_end":"2026-03-01 02:30:00","user_status":1,"user_status_text":"Below your threshold"}}',
    };
    const local = await startLocal((_req, res) => {
      res.writeHead(answer.status, { 'Content-Type': answer.type });
      res.end(answer.body);
    });
    const clock = Date.UTC(2026, 1, 1);
    const { client } = clientFor(local.base, { now: () => clock });
    expect(await client.getBalance()).toEqual({
      state: 'ok',
      credits: '12.3456',
      userStatus: 1,
      userStatusText: 'Below your threshold',
      subscriptionStatus: 'ok',
      subscriptionEnd: '2026-03-01 02:30:00',
      subscriptionEndUtc: '2026-02-28T23:30:00.000Z',
      reason: null,
      error: null,
      checkedAt: '2026-02-01T00:00:00.000Z',
    });

    answer = {
      status: 200,
      type: 'application/json',
      body: '{"status":"ok","data":{"credits":7.10}}',
    };
    expect((await client.getBalance()).credits).toBe('7.10');

    answer = {
      status: 200,
      type: 'application/json',
      body: '{"status":"error","reason":"Balance retrieval is disabled in your settings"}',
    };
    expect(await client.getBalance()).toMatchObject({
      state: 'off',
      reason: 'Balance retrieval is disabled in your settings',
      credits: null,
    });

    answer = { status: 400, type: 'text/plain', body: 'User with this API key was not found' };
    expect(await client.getBalance()).toMatchObject({
      state: 'error',
      reason: 'User with this API key was not found',
      error: { code: 'key_unknown', status: 400 },
    });

    const { client: keyless } = clientFor(local.base, { key: null });
    expect(await keyless.getBalance()).toMatchObject({
      state: 'unknown',
      error: { code: 'no_key' },
    });
    expect(local.requests).toHaveLength(4);
  });
});

describe('against the simulator', () => {
  const { simClient } = useSimulator();

  it('reads balances: ok, off, and a broke account', async () => {
    expect((await simClient('sim-fast').getBalance()).state).toBe('ok');
    const off = await simClient('sim-nobalance').getBalance();
    expect(off.state).toBe('off');
    expect(off.reason).toBeTruthy();
    const broke = await simClient('sim-broke').getBalance();
    expect(broke).toMatchObject({ state: 'ok', userStatus: 2 });
    expect(broke.subscriptionEndUtc === null || broke.subscriptionEndUtc.endsWith('Z')).toBe(true);
  });
});
