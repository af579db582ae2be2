// The simulator by default answers what the document states and nothing more generous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../../sim/server';

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ port: 0, chunkDelayMs: 0, rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});

async function post(
  path: string,
  json: unknown,
  key: string | null = 'sim-fast',
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const res = await fetch(`${sim.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(json),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers,
  };
}

const control = (action: string, json: unknown) =>
  fetch(`${sim.hostRoot}/__sim/${action}`, { method: 'POST', body: JSON.stringify(json) });

const messageOf = (body: Record<string, unknown>) => (body.error as { message: string }).message;

const hi = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

describe('the literal simulator', () => {
  it('lists models with id, name, pricing and context_length only, unless asked for more', async () => {
    await control('reset', {});
    const minimal = (await (await fetch(`${sim.baseUrl}/models`)).json()) as {
      data: Array<Record<string, unknown>>;
    };
    for (const entry of minimal.data)
      expect(Object.keys(entry).sort()).toEqual(['context_length', 'id', 'name', 'pricing']);
    await control('settings', { modelsProfile: 'rich' });
    const rich = (await (await fetch(`${sim.baseUrl}/models`)).json()) as {
      data: Array<Record<string, unknown>>;
    };
    expect(rich.data.find((m) => m.id === 'vis-openai/gpt-4o-mini')?.supported_features).toContain(
      'vision',
    );
    await control('reset', {});
  });

  it('answers a missing or unknown key with 400, and validation refusals as 400 or 429 in turn', async () => {
    await control('reset', {});
    const statuses: number[] = [];
    for (const key of [null, 'nobody', 'sim-broke', 'sim-expired']) {
      const { status, body } = await post('/chat/completions', hi, key);
      statuses.push(status);
      expect(messageOf(body)).toMatch(/API key|not found|funds|subscription/i);
    }
    expect(statuses).toEqual([400, 429, 400, 429]);
    await control('settings', { validationStatus: 429 });
    expect((await post('/chat/completions', hi, 'sim-broke')).status).toBe(429);
    await control('reset', {});
  });

  it('words its errors in Russian when set to', async () => {
    await control('settings', { errorLanguage: 'ru', validationStatus: 400 });
    expect(messageOf((await post('/chat/completions', hi, 'sim-broke')).body)).toMatch(
      /Недостаточно средств/,
    );
    expect(messageOf((await post('/chat/completions', hi, 'nobody')).body)).toMatch(/не найден/);
    const tooMuch = await post('/chat/completions', { ...hi, max_tokens: 9000 });
    expect(messageOf(tooMuch.body)).toMatch(/max_tokens/);
    await control('reset', {});
    expect(messageOf((await post('/chat/completions', hi, 'sim-broke')).body)).toMatch(
      /Not enough funds/,
    );
  });

  it('takes only the listed roles, image_url as the document’s string and embeddings input as a string', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';
    const withImage = (image: unknown) => ({
      model: 'vis-openai/gpt-4o-mini',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'see' },
            { type: 'image_url', image_url: image },
          ],
        },
      ],
    });
    expect((await post('/chat/completions', withImage(png))).status).toBe(200);
    const objectForm = await post('/chat/completions', withImage({ url: png }));
    expect(objectForm.status).toBe(400);
    expect(messageOf(objectForm.body)).toMatch(/must be a string/);

    const developer = await post('/chat/completions', {
      ...hi,
      messages: [{ role: 'developer', content: 'be brief' }, ...hi.messages],
    });
    expect(developer.status).toBe(400);

    const model = 'emb-openai/text-embedding-3-small';
    expect((await post('/embeddings', { model, input: 'one text' })).status).toBe(200);
    expect((await post('/embeddings', { model, input: ['a', 'b'] })).status).toBe(400);
  });

  it('sends a 429 with no Retry-After, or a long one, when told to', async () => {
    await control('fail', { status: 429, path: '/balance', retryAfter: null });
    await control('fail', { status: 429, path: '/balance', retryAfter: 300 });
    const balance = () =>
      fetch(`${sim.baseUrl}/balance`, { headers: { Authorization: 'Bearer sim-fast' } });
    const first = await balance();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBeNull();
    const second = await balance();
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('300');
    expect((await balance()).status).toBe(200);
  });

  it('has its debug listener on the main port + 1, where the app looks by default', () => {
    expect(sim.debugPort).toBe(sim.port + 1);
    expect(sim.debugBaseUrl).toBe(`http://127.0.0.1:${sim.port + 1}`);
  });
});
