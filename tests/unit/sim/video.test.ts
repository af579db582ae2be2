// The simulator's video jobs: states, polling pace, failures, and nothing the document does not state (no size limit, no prefix rule, any <w>:<h>).
import { describe, expect, it } from 'vitest';
import { PNG_1X1, sleep, call, control, useSimulators } from './sim-harness';

useSimulators();

const MOTION = 'txt2vid-sim/motion';

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
    expect(bearer.status).toBe(400);
  });

  it('counts a poll answered by an injected failure as a poll: it starts the 10 s window', async () => {
    const id = await start('tide [[polls:2]]');
    await control('fail', { status: 504, count: 1, path: '/video/status' });
    const failed = await call(`/video/status?request_id=${id}`, {
      headers: { Authorization: 'Key sim-fast' },
    });
    expect(failed.status).toBe(504);
    expect(await failed.text()).toMatch(/EDGE_FUNCTION_INVOCATION_TIMEOUT/);
    const early = await poll(id);
    expect(early.status).toBe(429);
    expect(early.retryAfter).toBe('1');
    await sleep(300);
    // The failed poll moved no job forward: the first real answer is still the first status.
    expect((await poll(id)).body.status).toBe('IN_QUEUE');
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

  it('takes a request over 10 MB: the document states no size for it', async () => {
    const big = `data:image/png;base64,${Buffer.alloc(8 * 1024 * 1024, 7).toString('base64')}`;
    const res = await generate('big frame', { model: MOTION, image_url: big });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ request_id: expect.any(String) });
  });

  it('takes any <w>:<h> ratio and refuses another form in its own words', async () => {
    expect((await generate('wide', { aspect_ratio: '2:1' })).status).toBe(200);
    const wrong = await generate('wrong', { aspect_ratio: 'wide' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { reason: string }).reason).toMatch(/<w>:<h>.*'wide'/);
  });

  it('takes a picture by what the model does, never by the prefix of its id', async () => {
    const frame = `data:image/png;base64,${PNG_1X1}`;
    const motion = await generate('both frames', {
      model: MOTION,
      image_url: frame,
      end_image_url: frame,
    });
    expect(motion.status).toBe(200);
    const textOnly = await generate('a frame', { image_url: frame });
    expect(textOnly.status).toBe(400);
    const { reason } = (await textOnly.json()) as { reason: string };
    expect(reason).toBe(
      'txt2vid-kling/kling-v2.1 makes video from text only and does not take image_url',
    );
    expect(reason).not.toMatch(/img2vid/);
  });

  it('answers 404 on [[poll404:N]] and NOT_FOUND on [[notfound:N]], then goes on', async () => {
    const missing = await start('late [[poll404:1]] [[polls:1]]');
    const notFound = await start('unknown [[notfound:1]] [[polls:1]]');
    const first = await call(`/video/status?request_id=${missing}`, {
      headers: { Authorization: 'Key sim-fast' },
    });
    expect(first.status).toBe(404);
    expect(await first.json()).toEqual({ error: `Video job '${missing}' not found` });
    expect((await poll(notFound)).body.status).toBe('NOT_FOUND');
    await sleep(300);
    expect((await poll(missing)).body.status).toBe('COMPLETED');
    expect((await poll(notFound)).body.status).toBe('COMPLETED');
  });
});
