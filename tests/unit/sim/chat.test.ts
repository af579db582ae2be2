// The simulator's chat completions: deterministic answers, streams, refusals, tool calls and trigger words.
import { describe, expect, it } from 'vitest';
import { PNG_1X1, open, call, chat, parseSse, chunksOf, useSimulators } from './sim-harness';

useSimulators();

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

  it('streams usage in the plain profile only when stream_options asks for it', async () => {
    const lastChunk = async (extra: Record<string, unknown>) => {
      const res = await chat('Count me', { stream: true, ...extra }, { target: open });
      return chunksOf(parseSse(await res.text())).at(-1);
    };
    const plain = await lastChunk({});
    expect(plain?.usage).toBeUndefined();
    expect(plain?.choices[0]?.finish_reason).toBe('stop');
    const asked = await lastChunk({ stream_options: { include_usage: true } });
    expect(asked?.choices).toEqual([]);
    expect(asked?.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('ends an answer at max_tokens with finish_reason length, its reasoning counted', async () => {
    const whole = (await (
      await chat('Tell me everything about lighthouses', { max_tokens: 12 }, { target: open })
    ).json()) as {
      choices: Array<{ message: { content: string }; finish_reason: string }>;
      usage: { completion_tokens: number };
    };
    expect(whole.choices[0]?.finish_reason).toBe('length');
    expect(whole.choices[0]?.message.content).toHaveLength(48);
    expect(whole.usage.completion_tokens).toBe(12);
    const res = await chat(
      'Think about lighthouses',
      { model: 'deepseek/deepseek-r1', stream: true, max_tokens: 30 },
      { target: open },
    );
    const chunks = chunksOf(parseSse(await res.text()));
    const text = (field: 'content' | 'reasoning') =>
      chunks.map((c) => c.choices[0]?.delta[field] ?? '').join('');
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length');
    expect(Math.ceil(text('reasoning').length / 4) + Math.ceil(text('content').length / 4)).toBe(
      30,
    );
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
                { type: 'image_url', image_url: url },
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
    expect((await chat('hi', {}, { key: null, target: open })).status).toBe(400);
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

  it('writes [[list:N]] as one numbered list of N items, capped', async () => {
    const res = await chat('[[list:120]]', { stream: true });
    const text = chunksOf(parseSse(await res.text()))
      .map((c) => c.choices[0]?.delta.content ?? '')
      .join('');
    const items = text.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(items.map((line) => Number(line.split('.')[0]))).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
    // One block: no blank line inside the list.
    expect(text.split('\n\n')).toHaveLength(3);
    const capped = await chat('[[list:9999999]]', { stream: false });
    const body = (await capped.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]!.message.content).toContain('\n5000. ');
    expect(body.choices[0]!.message.content).not.toContain('\n5001. ');
  });

  it('writes [[table:N]] as one table of N rows', async () => {
    const res = await chat('[[table:80]]', { stream: false });
    const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
    const blocks = body.choices[0]!.message.content.split('\n\n');
    expect(blocks).toHaveLength(3);
    const lines = blocks[1]!.split('\n');
    expect(lines).toHaveLength(82);
    expect(lines[1]).toBe('| ---: | --- | ---: | --- |');
    expect(lines.slice(2).map((line) => Number(/^\| (\d+) \|/.exec(line)?.[1]))).toEqual(
      Array.from({ length: 80 }, (_, i) => i + 1),
    );
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
