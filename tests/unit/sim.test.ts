// The simulated service over real HTTP: keys, rate, streams, triggers, media, jobs and debug.
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../sim/server';

let sim: RunningSim;
/** Same service with the rate limit off: for accounts that need several calls in one test. */
let open: RunningSim;

beforeAll(async () => {
  [sim, open] = await Promise.all([
    startSim({ port: 0, debugPort: 0, legacyPort: 0, chunkDelayMs: 2, minVideoPollMs: 300 }),
    startSim({ port: 0, debugPort: 0, chunkDelayMs: 0, rateLimit: false }),
  ]);
});

afterAll(async () => {
  await Promise.all([sim.close(), open.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let lastFastCall = 0;

interface CallOptions {
  key?: string | null;
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  target?: RunningSim;
  signal?: AbortSignal;
}

/** One call as the app makes it; sim-fast calls are paced to its plan (10 / s) like the scheduler. */
async function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const target = opts.target ?? sim;
  const key = opts.key === undefined ? 'sim-fast' : opts.key;
  if (key === 'sim-fast' && target === sim) {
    const wait = lastFastCall + 105 - Date.now();
    if (wait > 0) await sleep(wait);
    lastFastCall = Date.now();
  }
  const headers: Record<string, string> = { ...opts.headers };
  if (key !== null && !headers.Authorization) headers.Authorization = `Bearer ${key}`;
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  const url = path.startsWith('http') ? path : `${target.baseUrl}${path}`;
  return fetch(url, {
    method: opts.method ?? (opts.json !== undefined || opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
    signal: opts.signal,
  });
}

const chat = (content: string, extra: Record<string, unknown> = {}, opts: CallOptions = {}) =>
  call('/chat/completions', {
    ...opts,
    json: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }], ...extra },
  });

interface SseEvent {
  comment: boolean;
  data: string;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block !== '')
    .flatMap((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line !== '')
        .map((line) =>
          line.startsWith(':')
            ? { comment: true, data: line }
            : { comment: false, data: line.replace(/^data: /, '') },
        ),
    );
}

interface Chunk {
  object: string;
  choices: Array<{ delta: { content?: string; reasoning?: string }; finish_reason: string | null }>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost: string };
}

function chunksOf(events: SseEvent[]): Chunk[] {
  return events
    .filter((e) => !e.comment && e.data !== '[DONE]')
    .map((e) => JSON.parse(e.data) as Chunk);
}

const control = (path: string, body?: unknown, target: RunningSim = sim) =>
  call(`${target.hostRoot}/__sim/${path}`, {
    key: null,
    target,
    ...(body === undefined ? {} : { json: body }),
  });

describe('models and balance', () => {
  it('lists the models in the OpenRouter shape, without sdapi/txt2img', async () => {
    const res = await call('/models', { key: null });
    const list = (await res.json()) as {
      object: string;
      data: Array<{
        id: string;
        pricing: { prompt: string; completion: string };
        context_length: number | string | null;
        supported_features: string[];
      }>;
    };
    expect(list.object).toBe('list');
    const ids = list.data.map((m) => m.id);
    for (const id of [
      'openai/gpt-4o-mini',
      'vis-openai/gpt-4o-mini',
      'deepseek/deepseek-r1',
      'sim/tiny-context',
      'premium/gpt-4.5',
      'emb-openai/text-embedding-3-small',
      'img-stable/stable-diffusion-xl-1024',
      'stt-openai/whisper-1',
      'tts-openai/tts-1',
      'tta-stable/stable-audio',
      'utils/pdf-ocr-1.0',
    ])
      expect(ids).toContain(id);
    expect(ids).not.toContain('sdapi/txt2img');
    const mini = list.data.find((m) => m.id === 'openai/gpt-4o-mini');
    expect(mini?.pricing).toEqual({ prompt: '0.00000015', completion: '0.0000006' });
    expect(mini?.context_length).toBe(128000);
    expect(list.data.find((m) => m.id === 'anthropic/claude-3.5-sonnet')?.context_length).toBe(
      '200000',
    );
    expect(list.data.find((m) => m.id === 'vis-openai/gpt-4o-mini')?.supported_features).toContain(
      'vision',
    );
  });

  it('answers each balance state', async () => {
    const balance = async (key: string) => {
      const res = await call('/balance', { key, target: open });
      return { status: res.status, text: await res.text() };
    };
    const ok = JSON.parse((await balance('sim-fast')).text) as {
      status: string;
      data: Record<string, unknown>;
    };
    expect(ok.status).toBe('ok');
    expect(ok.data).toMatchObject({ credits: '100.00', user_status: 0, subscription_status: 'ok' });
    expect(ok.data.subscription_end).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse((await balance('sim-broke')).text).data).toMatchObject({
      credits: '0.00',
      user_status: 2,
    });
    const yellow = JSON.parse((await balance('sim-yellow')).text).data;
    expect(yellow.user_status).toBe(1);
    expect(yellow.user_status_text).toMatch(/limit/);
    const off = JSON.parse((await balance('sim-nobalance')).text);
    expect(off.status).toBe('error');
    expect(off.reason).toMatch(/settings/);
    const unknown = await balance('nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/not found/);
    expect((await balance('sk-abc')).text).toMatch(/own key/);
  });

  it('deducts the cost of a call from the credits, in exact decimals', async () => {
    const res = await chat('price me', {}, { key: 'sim-paying', target: open });
    const body = (await res.json()) as { usage: { cost: string } };
    expect(body.usage.cost).toMatch(/^0\.\d{2,6}$/);
    const after = (await (await call('/balance', { key: 'sim-paying', target: open })).json()) as {
      data: { credits: string };
    };
    const micro = (s: string) => Math.round(Number(s) * 1e6);
    expect(micro(after.data.credits)).toBe(100_000_000 - micro(body.usage.cost));
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After to a standard key within 2 s, and caps sim-fast at 10 / s', async () => {
    const limited = await startSim({ port: 0, debugPort: 0 });
    try {
      const ask = (key: string) => call('/models', { key, target: limited });
      expect((await ask('sim-standard')).status).toBe(200);
      const second = await ask('sim-standard');
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(
        /Too many requests/,
      );
      const burst = await Promise.all(Array.from({ length: 11 }, () => ask('sim-fast')));
      expect(burst.filter((r) => r.status === 200)).toHaveLength(10);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('chat completions', () => {
  it('answers deterministically and counts the messages', async () => {
    const messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is a lighthouse?' },
    ];
    const ask = async () =>
      (await (
        await call('/chat/completions', { json: { model: 'openai/gpt-4o-mini', messages } })
      ).json()) as {
        object: string;
        choices: Array<{ message: { content: string }; finish_reason: string }>;
      };
    const first = await ask();
    expect(first.object).toBe('chat.completion');
    expect(first.choices[0]?.message.content).toContain('> What is a lighthouse?');
    expect(first.choices[0]?.message.content).toContain('I received 2 messages');
    expect(first.choices[0]?.finish_reason).toBe('stop');
    expect((await ask()).choices[0]?.message.content).toBe(first.choices[0]?.message.content);
  });

  it('streams chunks, a usage chunk with empty choices, then [DONE]', async () => {
    const whole = (await (await chat('Stream this please')).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    const res = await chat('Stream this please', { stream: true });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events[0]).toEqual({ comment: true, data: ': keepalive' });
    expect(events[events.length - 1]?.data).toBe('[DONE]');
    const chunks = chunksOf(events);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(whole.choices[0]?.message.content);
    expect(chunks.filter((c) => (c.choices[0]?.delta.content ?? '') !== '').length).toBeGreaterThan(
      5,
    );
    const usage = chunks[chunks.length - 1];
    expect(usage?.choices).toEqual([]);
    expect(usage?.usage?.total_tokens).toBe(
      (usage?.usage?.prompt_tokens ?? 0) + (usage?.usage?.completion_tokens ?? 0),
    );
    expect(usage?.usage?.cost).toMatch(/^\d+\.\d+$/);
    expect(chunks[chunks.length - 2]?.choices[0]?.finish_reason).toBe('stop');
  });

  it('streams reasoning for deepseek-r1', async () => {
    const res = await chat('Think first', { model: 'deepseek/deepseek-r1', stream: true });
    const chunks = chunksOf(parseSse(await res.text()));
    const reasoning = chunks.map((c) => c.choices[0]?.delta.reasoning ?? '').join('');
    expect(reasoning).toMatch(/dialogue has 1 message/);
  });

  it('refuses what the service refuses', async () => {
    const failure = async (res: Response) => ({
      status: res.status,
      message: ((await res.json()) as { error: { message: string } }).error.message,
    });
    const on = (key: string, content = 'hi', extra: Record<string, unknown> = {}) =>
      chat(content, extra, { key, target: open });
    expect(await failure(await on('sim-broke'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Not enough funds/),
    });
    expect(await failure(await on('sim-limit'))).toMatchObject({
      message: expect.stringMatching(/per-request limit/),
    });
    expect(await failure(await on('sim-basic', 'hi', { model: 'premium/gpt-4.5' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/unavailable on your subscription plan/),
    });
    expect((await on('sim-fast', 'hi', { model: 'premium/gpt-4.5' })).status).toBe(200);
    const tiny = await failure(
      await on('sim-fast', 'word '.repeat(1600), { model: 'sim/tiny-context', max_tokens: 100 }),
    );
    expect(tiny.message).toMatch(/maximum context length is 2048 tokens.*requested 2100 tokens/);
    expect((await failure(await on('sim-fast', 'hi', { max_tokens: 5000 }))).message).toMatch(
      /max_tokens is too large/,
    );
    const image = (url: string, model = 'openai/gpt-4o-mini') =>
      call('/chat/completions', {
        target: open,
        json: {
          model,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'see' },
                { type: 'image_url', image_url: { url } },
              ],
            },
          ],
        },
      });
    const dataUri = `data:image/png;base64,${PNG_1X1}`;
    expect(await failure(await image(dataUri))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/vis-/),
    });
    const seen = (await (await image(dataUri, 'vis-openai/gpt-4o-mini')).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    expect(seen.choices[0]?.message.content).toMatch(/I see 1 image \(image\/png/);
    expect(
      (await failure(await image('https://unreachable.example/cat.png', 'vis-openai/gpt-4o-mini')))
        .message,
    ).toMatch(/MIME type/);
    expect((await failure(await on('sim-fast', 'hi', { functions: [] }))).message).toMatch(
      /use 'tools'/,
    );
    expect((await chat('hi', {}, { key: null, target: open })).status).toBe(401);
  });

  it('answers a tool call for a model with tools', async () => {
    const res = await chat('Use get_weather for Paris', {
      model: 'meta-llama/llama-3.1-8b-instruct',
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
    });
    const body = (await res.json()) as {
      choices: Array<{
        finish_reason: string;
        message: { tool_calls: Array<{ function: { name: string; arguments: string } }> };
      }>;
    };
    expect(body.choices[0]?.finish_reason).toBe('tool_calls');
    const toolCall = body.choices[0]?.message.tool_calls[0];
    expect(toolCall?.function.name).toBe('get_weather');
    expect(Object.keys(JSON.parse(toolCall?.function.arguments ?? '{}'))).toEqual(['city']);
  });
});

describe('trigger words', () => {
  it('fails on request: moderation, 500, 502, html, unavailable, error200', async () => {
    const res = (word: string) => chat(`please ${word}`);
    const moderation = await res('[[moderation]]');
    expect(moderation.status).toBe(403);
    expect(((await moderation.json()) as { error: { message: string } }).error.message).toMatch(
      /moderation/,
    );
    expect((await res('[[500]]')).status).toBe(500);
    const edge = await res('[[502]]');
    expect(edge.status).toBe(502);
    expect(await edge.text()).toContain('EDGE_FUNCTION_INVOCATION_FAILED');
    const html = await res('[[html]]');
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toMatch(/<html>/);
    expect((await res('[[unavailable]]')).status).toBe(503);
    const error200 = await res('[[error200]]');
    expect(error200.status).toBe(200);
    expect(((await error200.json()) as { error: { code: number } }).error.code).toBe(502);
  });

  it('breaks streams on request: cut, badjson, crlf', async () => {
    const stream = async (word: string) => (await chat(`stream ${word}`, { stream: true })).text();
    const cut = await stream('[[cut]]');
    expect(cut).not.toContain('[DONE]');
    expect(cut.endsWith('\n\n')).toBe(false);
    const bad = parseSse(await stream('[[badjson]]')).filter(
      (e) => !e.comment && e.data !== '[DONE]',
    );
    const unparsable = bad.filter((e) => {
      try {
        JSON.parse(e.data);
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsable).toHaveLength(1);
    const crlf = await stream('[[crlf]]');
    expect(crlf).toContain('\r\n\r\n');
    expect(crlf.replace(/\r\n/g, '')).not.toContain('\n');
    expect(crlf).toMatch(/\r\n: sim comment\r\n/);
  });

  it('writes [[long:20000]] in seconds, about 20,000 tokens of markdown', async () => {
    const started = Date.now();
    const res = await chat('[[long:20000]]', { stream: true, max_tokens: 4096 });
    const chunks = chunksOf(parseSse(await res.text()));
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(text.length / 4).toBeGreaterThan(19_500);
    expect(text.length / 4).toBeLessThan(20_500);
    expect(text).toMatch(/```ts/);
    expect(text).toMatch(/\$\$/);
    expect(chunks[chunks.length - 1]?.usage?.completion_tokens).toBe(Math.ceil(text.length / 4));
  });

  it('spaces [[slow]] chunks about 200 ms apart and stops when the client goes', async () => {
    const abort = new AbortController();
    const res = await chat('[[slow]]', { stream: true }, { signal: abort.signal });
    const reader = res.body!.getReader();
    const arrivals: number[] = [];
    while (arrivals.length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      if (new TextDecoder().decode(value).includes('"content":"')) arrivals.push(Date.now());
    }
    abort.abort();
    expect((arrivals[2] ?? 0) - (arrivals[1] ?? 0)).toBeGreaterThanOrEqual(150);
  });
});

describe('failure injection and the request log', () => {
  it('fails the next matching requests with a text 504, then recovers', async () => {
    await control('fail', { status: 504, count: 1, path: '/chat/completions' });
    expect((await call('/models')).status).toBe(200);
    const failed = await chat('after');
    expect(failed.status).toBe(504);
    expect(await failed.text()).toContain('EDGE_FUNCTION_INVOCATION_TIMEOUT');
    expect((await chat('after')).status).toBe(200);
    await control('fail', { status: 429, count: 1 });
    const limited = await call('/models');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('logs requests with their headers', async () => {
    await chat('logged', {}, { headers: { 'X-Title': 'Atelier' } });
    const log = (await (await control('requests')).json()) as Array<{
      path: string;
      headers: Record<string, string>;
      body: string;
    }>;
    const last = log[log.length - 1];
    expect(last?.path).toBe('/v1/chat/completions');
    expect(last?.headers['x-title']).toBe('Atelier');
    expect(last?.body).toContain('logged');
  });

  it('serves the same API on the legacy port', async () => {
    const res = await call(`${sim.legacyBaseUrl}/balance`, { key: 'sim-legacy' });
    expect(res.status).toBe(200);
  });
});

/** A valid 1x1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('images', () => {
  const generate = (json: Record<string, unknown>, key = 'sim-fast') =>
    call('/images/generations', { json, key });

  it('makes PNGs of the asked size or aspect ratio', async () => {
    const sdxl = (await (
      await generate({
        model: 'img-stable/stable-diffusion-xl-1024',
        prompt: 'a fox',
        size: '320x200',
      })
    ).json()) as { data: Array<{ b64_json: string }> };
    expect(pngSize(Buffer.from(sdxl.data[0]?.b64_json ?? '', 'base64'))).toEqual({
      width: 320,
      height: 200,
    });
    const flux = (await (
      await generate({
        model: 'img-black-forest-labs/flux-1.1-pro',
        prompt: 'a fox',
        aspect_ratio: '16:9',
      })
    ).json()) as { data: Array<{ b64_json: string }> };
    expect(pngSize(Buffer.from(flux.data[0]?.b64_json ?? '', 'base64'))).toEqual({
      width: 1024,
      height: 576,
    });
    expect(
      (
        await generate({
          model: 'img-black-forest-labs/flux-1.1-pro',
          prompt: 'x',
          size: '512x512',
        })
      ).status,
    ).toBe(400);
    const byUrl = (await (
      await generate({ model: 'openai/dall-e-3', prompt: 'a fox', response_format: 'url' })
    ).json()) as { data: Array<{ url: string }> };
    const file = await fetch(byUrl.data[0]?.url ?? '');
    expect(pngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 1024, height: 1024 });
  });

  it('edits from source images within the model limit', async () => {
    const source = `data:image/png;base64,${PNG_1X1}`;
    const one = 'img2img-black-forest-labs/flux-kontext-pro';
    expect((await generate({ model: one, prompt: 'night', image_url: source })).status).toBe(200);
    const tooMany = await generate({
      model: one,
      prompt: 'x',
      image_url: source,
      image2_url: source,
    });
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(
      /at most 1 source image/,
    );
    expect(
      (
        await generate({
          model: 'img2img-google/gemini-2.5-flash-image',
          prompt: 'merge',
          image_url: source,
          image2_url: source,
          image3_url: source,
        })
      ).status,
    ).toBe(200);
    expect(
      (await generate({ model: one, prompt: 'x', image_url: 'data:text/plain;base64,eA==' }))
        .status,
    ).toBe(400);
  });

  it('routes /images/edits and sdapi only for accounts with a mapping', async () => {
    const form = () => {
      const body = new FormData();
      body.set('model', 'gpt-image-1');
      body.set('prompt', 'snow');
      body.set('image', new Blob([Buffer.from(PNG_1X1, 'base64')], { type: 'image/png' }), 'a.png');
      return body;
    };
    const unmapped = await call('/images/edits', { key: 'sim-plain', target: open, body: form() });
    expect(unmapped.status).toBe(400);
    expect(((await unmapped.json()) as { message: string }).message).toMatch(/gpt-image-1-imgedit/);
    expect((await call('/images/edits', { body: form() })).status).toBe(200);
    const sdapi = (key: string) =>
      call(`${sim.hostRoot}/sdapi/${key}/sdapi/v1/txt2img`, {
        key: null,
        json: { prompt: 'a fox', negative_prompt: 'blur', steps: 10, width: 128, height: 64 },
      });
    const mapped = (await (await sdapi('sim-mapped')).json()) as {
      images: string[];
      parameters: { steps: number };
      info: string;
    };
    expect(pngSize(Buffer.from(mapped.images[0] ?? '', 'base64'))).toEqual({
      width: 128,
      height: 64,
    });
    expect(mapped.parameters.steps).toBe(10);
    expect(JSON.parse(mapped.info)).toMatchObject({ width: 128, height: 64 });
    const refused = await sdapi('sim-unmapped');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/sdapi\/txt2img/);
  });
});

describe('audio', () => {
  const speech = (json: Record<string, unknown>) => call('/audio/speech', { json });

  it('speaks WAV whose length follows the text, and reads it back', async () => {
    const wav = async (input: string) =>
      Buffer.from(
        await (
          await speech({ model: 'tts-openai/tts-1', input, voice: 'alloy', response_format: 'wav' })
        ).arrayBuffer(),
      );
    const short = await wav('Hi there.');
    const long = await wav('Hi there. This sentence is quite a lot longer than the first one.');
    expect(short.toString('latin1', 0, 4)).toBe('RIFF');
    expect(short.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(short.readUInt16LE(20)).toBe(1);
    expect(long.length).toBeGreaterThan(short.length * 3);
    const mp3 = Buffer.from(
      await (await speech({ model: 'tts-openai/tts-1', input: 'Hi', voice: 'nova' })).arrayBuffer(),
    );
    expect([mp3[0], mp3[1]]).toEqual([0xff, 0xfb]);

    const form = new FormData();
    form.set('model', 'stt-elevenlabs/scribe-v1');
    form.set('response_format', 'verbose_json');
    form.set('file', new Blob([long], { type: 'audio/wav' }), 'talk.wav');
    const heard = (await (await call('/audio/transcriptions', { body: form })).json()) as {
      text: string;
      segments: Array<{ start: number; end: number; speaker: string; text: string }>;
    };
    expect(heard.text).toContain('talk.wav');
    expect(heard.text).toContain('This sentence is quite a lot longer');
    expect(heard.segments.map((s) => s.speaker)).toContain('SPEAKER_01');
    expect(heard.segments[0]?.start).toBe(0);
    form.set('model', 'stt-openai/whisper-1');
    form.set('response_format', 'text');
    const plain = await call('/audio/transcriptions', { body: form });
    expect(plain.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await plain.text()).toContain('talk.wav');
  });

  it('makes music as WAV of seconds_total, or a URL, and refuses other formats', async () => {
    const music = Buffer.from(
      await (
        await speech({ model: 'tta-stable/stable-audio', input: 'calm piano', seconds_total: 2 })
      ).arrayBuffer(),
    );
    expect(music.toString('latin1', 0, 4)).toBe('RIFF');
    const dataAt = music.indexOf('data');
    expect(music.readUInt32LE(dataAt + 4)).toBe(2 * 22050 * 2);
    const refused = await speech({
      model: 'tta-stable/stable-audio',
      input: 'x',
      seconds_total: 2,
      response_format: 'mp3',
    });
    expect(refused.status).toBe(400);
    const byUrl = (await (
      await speech({ model: 'tta-sim/melody-url', input: 'calm', seconds_total: 1 })
    ).json()) as { url: string };
    expect(Buffer.from(await (await fetch(byUrl.url)).arrayBuffer()).toString('latin1', 0, 4)).toBe(
      'RIFF',
    );
  });
});

describe('embeddings and decisions', () => {
  it('gives close vectors to texts that share words', async () => {
    const res = (await (
      await call('/embeddings', {
        json: {
          model: 'emb-openai/text-embedding-3-small',
          input: [
            'red apples and green pears',
            'green pears and red apples too',
            'tax law of 1990',
          ],
        },
      })
    ).json()) as { data: Array<{ embedding: number[] }> };
    const [a, b, c] = res.data.map((d) => d.embedding);
    const dot = (x: number[] = [], y: number[] = []) =>
      x.reduce((s, v, i) => s + v * (y[i] ?? 0), 0);
    expect(a).toHaveLength(256);
    expect(dot(a, a)).toBeCloseTo(1, 6);
    expect(dot(a, b)).toBeGreaterThan(0.8);
    expect(Math.abs(dot(a, c))).toBeLessThan(0.5);
  });

  it('answers decisions in the documented shape', async () => {
    const body = (await (
      await call('/decisions', {
        json: {
          model: 'decisions/judge-1.0',
          state: 'The soup was cold and the waiter rude',
          questions: {
            good: {
              type: 'noul',
              instructions: 'Positive?',
              criteria: { true: 'good', false: 'rude cold' },
            },
            topic: { type: 'choice', instructions: '', criteria: { food: 'soup', cars: 'engine' } },
            stars: { type: 'score', instructions: '', criteria: ['bad', 'fine', 'great'] },
          },
        },
      })
    ).json()) as { answers: Record<string, Record<string, unknown>>; usage: { cost: string } };
    expect(body.answers.good?.noul).toBeLessThan(0.5);
    expect(body.answers.topic).toMatchObject({ type: 'choice', choice: 'food' });
    const probabilities = body.answers.stars?.probabilities as Record<string, number>;
    expect(Object.values(probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(body.answers.stars).toMatchObject({
      type: 'score',
      legend: { bad: 0, fine: 0.5, great: 1 },
    });
  });
});

describe('video jobs', () => {
  const generate = (prompt: string, extra: Record<string, unknown> = {}, key = 'sim-fast') =>
    call('/video/generate', {
      key,
      json: {
        model: 'txt2vid-kling/kling-v2.1',
        action: 'generate',
        prompt,
        aspect_ratio: '16:9',
        ...extra,
      },
    });
  const poll = async (id: string) => {
    const res = await call(`/video/status?request_id=${id}`, {
      headers: { Authorization: 'Key sim-fast' },
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, string>,
    };
  };
  const start = async (prompt: string) =>
    ((await (await generate(prompt)).json()) as { request_id: string }).request_id;

  it('runs through its states to COMPLETED with a real MP4, polled no faster than allowed', async () => {
    const id = await start('waves [[polls:3]]');
    expect((await poll(id)).body.status).toBe('IN_QUEUE');
    const early = await poll(id);
    expect(early.status).toBe(429);
    expect(early.retryAfter).toBe('1');
    await sleep(300);
    expect((await poll(id)).body.status).toBe('IN_PROGRESS');
    await sleep(300);
    const done = await poll(id);
    expect(done.body.status).toBe('COMPLETED');
    const mp4 = Buffer.from(await (await fetch(done.body.url ?? '')).arrayBuffer());
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    const bearer = await call(`/video/status?request_id=${id}`);
    expect(bearer.status).toBe(401);
  });

  it('fails on [[fail]], reports one unknown status on [[weird]]', async () => {
    const failing = await start('storm [[fail]] [[polls:1]]');
    const weird = await start('calm [[weird]] [[polls:3]]');
    expect((await poll(failing)).body).toMatchObject({
      status: 'FAILED',
      reason: expect.any(String),
    });
    expect((await poll(weird)).body.status).toBe('IN_QUEUE');
    await sleep(300);
    expect((await poll(weird)).body.status).toBe('RENDERING_FRAMES');
  });

  it('answers generate errors as {status: "error", reason}', async () => {
    const noImage = await call('/video/generate', {
      json: {
        model: 'img2vid-minimax/hailuo-02',
        action: 'generate',
        prompt: 'x',
        aspect_ratio: '16:9',
      },
    });
    expect(noImage.status).toBe(400);
    expect(await noImage.json()).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/image_url/),
    });
    const endImage = await call('/video/generate', {
      json: {
        model: 'img2vid-minimax/hailuo-02',
        action: 'generate',
        prompt: 'x',
        aspect_ratio: '16:9',
        image_url: `data:image/png;base64,${PNG_1X1}`,
        end_image_url: `data:image/png;base64,${PNG_1X1}`,
      },
    });
    expect(((await endImage.json()) as { reason: string }).reason).toMatch(/end_image_url/);
    expect((await generate('x', {}, 'sim-broke')).status).toBe(402);
  });
});

/** A PDF with one content stream per page, optionally FlateDecode'd, with a correct xref. */
function buildPdf(pages: string[][], flate: boolean): Buffer {
  const bodies: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(
      `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  pages.forEach((lines, i) => {
    bodies.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
      ),
    );
    const content = Buffer.from(
      `BT /F1 12 Tf 40 360 Td ${lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) Tj`).join(' 0 -14 Td ')} ET`,
    );
    const data = flate ? deflateSync(content) : content;
    bodies.push(
      Buffer.concat([
        Buffer.from(
          `<< /Length ${data.length}${flate ? ' /Filter /FlateDecode' : ''} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  bodies.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets
    .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
    .join('')}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/** A ZIP of deflated entries, as Word writes a DOCX. */
function buildZip(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const raw = Buffer.from(text);
    const packed = deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(raw), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(raw.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += head.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('extract_text', () => {
  const extract = (file: Buffer, filename: string, model = 'utils/extract-text-1.0', extra = {}) =>
    call('/extract_text', {
      json: { encoded_base64_file: file.toString('base64'), filename, model, ...extra },
    });

  it('reads the text of plain and FlateDecode PDFs, page by page', async () => {
    const pages = [['Hello (world)', 'second line'], ['Page two']];
    for (const flate of [false, true]) {
      const body = (await (await extract(buildPdf(pages, flate), 'a.pdf')).json()) as {
        text: string;
        page_count: number;
      };
      expect(body.page_count).toBe(2);
      expect(body.text).toBe('Hello (world)\nsecond line\n\nPage two');
    }
    const ocr = (await (
      await extract(buildPdf(pages, true), 'a.pdf', 'utils/pdf-ocr-1.0', { return_images: true })
    ).json()) as {
      pages: Array<{
        index: number;
        markdown: string;
        images: unknown[];
        dimensions: { width: number };
      }>;
      usage_info: { pages_processed: number; doc_size_bytes: number };
    };
    expect(ocr.pages.map((p) => p.index)).toEqual([0, 1]);
    expect(ocr.pages[1]?.markdown).toBe('Page two');
    expect(ocr.pages[0]?.dimensions.width).toBe(300);
    expect(ocr.usage_info.pages_processed).toBe(2);
  });

  it('reads a DOCX and refuses corrupt or unsupported files with a 500', async () => {
    const xml =
      '<?xml version="1.0"?><w:document xmlns:w="x"><w:body>' +
      '<w:p><w:r><w:t>Fish &amp; chips</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t xml:space="preserve">Second </w:t><w:tab/><w:t>para</w:t></w:r></w:p>' +
      '</w:body></w:document>';
    const docx = buildZip([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', xml],
    ]);
    const body = (await (await extract(docx, 'memo.docx')).json()) as { text: string };
    expect(body.text).toBe('Fish & chips\nSecond \tpara');
    const corrupt = await extract(Buffer.from('%PDF-1.4 garbage'), 'bad.pdf');
    expect(corrupt.status).toBe(500);
    expect(typeof ((await corrupt.json()) as { error: unknown }).error).toBe('string');
    expect((await extract(docx, 'memo.docx', 'utils/pdf-ocr-1.0')).status).toBe(500);
    expect((await extract(Buffer.from('hello'), 'notes.txt')).status).toBe(500);
  });
});

describe('debug listener', () => {
  it('logs the last call and gives it back at most once per 20 s', async () => {
    const sent = await fetch(`${sim.debugBaseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sim-debugger', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'trace me' }],
      }),
    });
    expect(sent.status).toBe(200);
    const latest = await fetch(`${sim.debugBaseUrl}/latest/call?key=sim-debugger`);
    expect(latest.status).toBe(200);
    const logged = (await latest.json()) as {
      path: string;
      body: unknown;
      headers: Record<string, string>;
    };
    expect(logged.path).toBe('/v1/chat/completions');
    expect(JSON.stringify(logged.body)).toContain('trace me');
    expect(logged.headers.authorization).not.toContain('sim-debugger');
    const again = await fetch(`${sim.debugBaseUrl}/latest/call?key=sim-debugger`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(15);
    expect(((await again.json()) as { message: string }).message).toMatch(/20 seconds/);
  });
});
