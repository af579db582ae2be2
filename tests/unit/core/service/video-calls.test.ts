// Video jobs over real HTTP and the simulator: Bearer to submit, Key to poll, the result downloaded.
import { afterEach, describe, expect, it } from 'vitest';
import { videoPhase } from '../../../../electron/core/service/video-calls';
import {
  closeLocalServers,
  KEY,
  startLocal,
  clientFor,
  failureOf,
  sendJson,
  sleep,
  useSimulator,
} from './client-harness';

afterEach(closeLocalServers);

describe('video calls', () => {
  it('videoGenerate uses Bearer; videoStatus uses Key and request_id', async () => {
    const statuses = [
      { status: 'IN_QUEUE' },
      { status: 'COMPLETED', url: 'http://x/v.mp4' },
      { status: 'FAILED', reason: 'nsfw' },
      { status: 'error', reason: 'generation failed' },
    ];
    const local = await startLocal((req, res) => {
      if (req.url.startsWith('/v1/video/generate')) sendJson(res, 200, { request_id: 'job 1' });
      else sendJson(res, 200, statuses.shift());
    });
    const { client } = clientFor(local.base);
    const { requestId } = await client.videoGenerate({
      model: 'txt2vid-x',
      prompt: 'waves',
      aspect_ratio: '16:9',
      duration: 5,
    });
    expect(requestId).toBe('job 1');
    expect(local.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(local.requests[0]?.body.toString() ?? '')).toMatchObject({
      action: 'generate',
    });
    expect(await client.videoStatus(requestId)).toEqual({
      status: 'IN_QUEUE',
      phase: 'running',
      url: null,
      reason: null,
    });
    expect(local.requests[1]?.method).toBe('GET');
    expect(local.requests[1]?.url).toBe('/v1/video/status?request_id=job%201');
    expect(local.requests[1]?.headers.authorization).toBe(`Key ${KEY}`);
    expect((await client.videoStatus(requestId)).phase).toBe('completed');
    expect(await client.videoStatus(requestId)).toMatchObject({ phase: 'failed', reason: 'nsfw' });
    // Only COMPLETED and FAILED end a job: an error-looking status is still one to poll again.
    expect(await client.videoStatus(requestId)).toMatchObject({
      status: 'error',
      phase: 'running',
      reason: 'generation failed',
    });
  });

  it('ends a job only on COMPLETED or FAILED; every other status means keep polling', () => {
    expect(videoPhase('COMPLETED')).toBe('completed');
    expect(videoPhase('FAILED')).toBe('failed');
    expect(videoPhase(' completed ')).toBe('completed');
    for (const status of [
      'IN_QUEUE',
      'IN_PROGRESS',
      'pending',
      'processing',
      'RENDERING_FRAMES',
      'done',
      'succeeded',
      'error',
      'cancelled',
      'expired',
      '',
    ])
      expect(videoPhase(status)).toBe('running');
  });

  it('does not resend a failed poll itself (the job waits 10 s before the next one)', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(504, { 'Content-Type': 'text/plain' });
      res.end('EDGE_FUNCTION_INVOCATION_TIMEOUT');
    });
    const { client } = clientFor(local.base);
    const e = await failureOf(client.videoStatus('job-1'));
    expect(e.error.code).toBe('upstream_timeout');
    expect(local.requests).toHaveLength(1);
  });

  it('videoGenerate maps {status: "error", reason}', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { status: 'error', reason: 'Model is disabled' }),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(
      client.videoGenerate({ model: 'txt2vid-x', prompt: 'p', aspect_ratio: '1:1' }),
    );
    expect(e.error).toMatchObject({ code: 'model_unavailable', message: 'Model is disabled' });
  });
});

describe('against the simulator', () => {
  const { simClient } = useSimulator();

  it('video: generate with Bearer, poll with Key until COMPLETED, download the result', async () => {
    const client = simClient('sim-fast');
    const { requestId } = await client.videoGenerate({
      model: 'txt2vid-kling/kling-v2.1',
      prompt: 'waves at dusk',
      aspect_ratio: '16:9',
    });
    let status = await client.videoStatus(requestId);
    for (let polls = 0; status.phase === 'running' && polls < 50; polls++) {
      await sleep(100);
      status = await client.videoStatus(requestId);
    }
    expect(status.phase).toBe('completed');
    const video = await client.downloadFile(status.url ?? '');
    expect(video.bytes.length).toBeGreaterThan(0);
  });

  it('video: a 404 poll is the service\'s "not found" in its words; the status NOT_FOUND is still running', async () => {
    const client = simClient('sim-fast');
    const job = (prompt: string) =>
      client.videoGenerate({ model: 'txt2vid-kling/kling-v2.1', prompt, aspect_ratio: '2:1' });
    const missing = await job('late [[poll404:1]] [[polls:1]]');
    const e = await failureOf(client.videoStatus(missing.requestId));
    expect(e.error).toMatchObject({
      code: 'not_found',
      status: 404,
      fromService: true,
      message: `Video job '${missing.requestId}' not found`,
    });
    expect((await client.videoStatus(missing.requestId)).phase).toBe('completed');
    const unknown = await job('unknown [[notfound:1]] [[polls:1]]');
    expect(await client.videoStatus(unknown.requestId)).toMatchObject({
      status: 'NOT_FOUND',
      phase: 'running',
    });
  });
});
