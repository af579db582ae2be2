// The video job poller: interval, background priority, persistence and resume, unknown statuses, failure, download, removal.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { serviceError } from '../../../../../electron/core/service/errors';
import type { VideoJob } from '../../../../../shared/types';
import { elapse, env, fakeService, INTERVAL, MP4, openJobs, request, status } from './jobs-harness';

describe('video job poller', () => {
  it('polls in the background no faster than the interval, then downloads into the library', async () => {
    const service = fakeService();
    service.script.set('req-cat', [
      status('IN_QUEUE'),
      status('IN_PROGRESS'),
      status('processing'),
      status('COMPLETED', { url: 'http://sim/files/vid-1.mp4' }),
    ]);
    const { jobs } = await openJobs(service);
    const started = Date.now();
    const submitted = await jobs.submit(request('cat'));
    expect(submitted.phase).toBe('running');
    expect(submitted.cost).toBe('0.50');

    await elapse(jobs, 9_000);
    expect(service.polls).toHaveLength(0);
    await elapse(jobs, 60_000);

    expect(service.polls).toHaveLength(4);
    expect(service.polls.every((p) => p.priority === 'background')).toBe(true);
    const times = [started, ...service.polls.map((p) => p.at)];
    for (let i = 1; i < times.length; i += 1)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(INTERVAL);
    const [job] = jobs.list();
    expect(job).toMatchObject({ phase: 'completed', status: 'COMPLETED', mediaId: 'media-1' });
    expect(service.added[0]).toMatchObject({ kind: 'video', mime: 'video/mp4', title: 'cat' });
  });

  it('keeps polling through a status value it does not know, showing it as is', async () => {
    const service = fakeService();
    service.script.set('req-odd', [
      status('IN_QUEUE'),
      status('RENDERING_FRAMES'),
      status('COMPLETED', { url: 'http://sim/files/vid-2.mp4' }),
    ]);
    const { jobs, changes } = await openJobs(service);
    await jobs.submit(request('odd'));
    await elapse(jobs, 20_000);
    expect(jobs.list()[0]).toMatchObject({ phase: 'running', status: 'RENDERING_FRAMES' });
    expect(changes.some((list) => list[0]?.status === 'RENDERING_FRAMES')).toBe(true);
    await elapse(jobs, 10_000);
    expect(jobs.list()[0]?.phase).toBe('completed');
  });

  it('stops at FAILED with the reason and the credits afterwards', async () => {
    const service = fakeService();
    service.script.set('req-bad', [
      status('IN_QUEUE'),
      status('FAILED', { reason: 'The prompt could not be rendered.' }),
    ]);
    const { jobs } = await openJobs(service);
    await jobs.submit(request('bad'));
    await elapse(jobs, 80_000);
    expect(service.polls).toHaveLength(2);
    expect(jobs.list()[0]).toMatchObject({
      phase: 'failed',
      reason: 'The prompt could not be rendered.',
      balanceAfter: '99.50',
    });
    expect(service.added).toHaveLength(0);
  });

  it('resumes an unfinished job from the file after a restart, still keeping the interval', async () => {
    const service = fakeService();
    service.script.set('req-long', [
      status('IN_QUEUE'),
      status('processing'),
      status('processing'),
      status('COMPLETED', { url: 'http://sim/files/vid-3.mp4' }),
    ]);
    const first = await openJobs(service);
    await first.jobs.submit(request('long'));
    await elapse(first.jobs, 25_000);
    expect(service.polls).toHaveLength(2);
    await first.jobs.dispose();
    env.open = env.open.filter((jobs) => jobs !== first.jobs);

    const saved = JSON.parse(await readFile(join(env.dir, 'jobs', 'video.json'), 'utf8')) as {
      jobs: VideoJob[];
    };
    expect(saved.jobs[0]).toMatchObject({ requestId: 'req-long', phase: 'running', polls: 2 });

    const lastPoll = service.polls[1]!.at;
    const second = await openJobs(service);
    expect(second.jobs.list()[0]?.phase).toBe('running');
    await elapse(second.jobs, 40_000);
    expect(service.polls).toHaveLength(4);
    expect(service.polls[2]!.at - lastPoll).toBeGreaterThanOrEqual(INTERVAL);
    expect(second.jobs.list()[0]).toMatchObject({ phase: 'completed', mediaId: 'media-1' });
  });

  it('after a restart, waits the interval from a poll that was under way when the app stopped', async () => {
    const service = fakeService();
    // The second poll reaches the service but its answer never comes back before the app stops.
    let hang = false;
    let hung = (): void => undefined;
    const sent = new Promise<void>((resolve) => (hung = resolve));
    const first = await openJobs(service, {
      client: {
        videoGenerate: async (req) => ({ requestId: `req-${req.prompt}`, cost: '0.50' }),
        videoStatus: (requestId, opts = {}) => {
          service.polls.push({ at: Date.now(), priority: opts.priority, requestId });
          if (!hang) return Promise.resolve(status('processing'));
          hung();
          return new Promise((_, reject) =>
            opts.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        },
        downloadFile: async () => ({ bytes: MP4, mimeType: 'video/mp4' }),
      },
    });
    await first.jobs.submit(request('cut'));
    await elapse(first.jobs, 10_000);
    expect(service.polls).toHaveLength(1);
    hang = true;
    // Not `elapse`: its wait for idle would wait for the hanging poll.
    await vi.advanceTimersByTimeAsync(10_000);
    await sent;
    expect(service.polls).toHaveLength(2);
    const unheard = service.polls[1]!.at;
    await first.jobs.dispose();
    env.open = env.open.filter((jobs) => jobs !== first.jobs);

    await vi.advanceTimersByTimeAsync(500);
    const second = await openJobs(service);
    await elapse(second.jobs, 12_000);
    expect(service.polls).toHaveLength(3);
    expect(service.polls[2]!.at - unheard).toBeGreaterThanOrEqual(INTERVAL);
  });

  it('keeps polling through 404s at the interval, showing the answer, until the job is found', async () => {
    const service = fakeService();
    const attempts: number[] = [];
    const { jobs } = await openJobs(service, {
      client: {
        videoGenerate: async () => ({ requestId: 'req-x', cost: null }),
        videoStatus: async () => {
          attempts.push(Date.now());
          if (attempts.length === 1) throw serviceError('network', 'socket hang up');
          if (attempts.length <= 4)
            throw serviceError('not_found', "Video job 'req-x' not found", 404);
          return status('COMPLETED', { url: 'http://sim/files/vid-x.mp4' });
        },
        downloadFile: async () => ({ bytes: MP4, mimeType: 'video/mp4' }),
      },
    });
    await jobs.submit(request('x'));
    await elapse(jobs, 11_000);
    expect(jobs.list()[0]).toMatchObject({ phase: 'running', error: { code: 'network' } });
    await elapse(jobs, 30_000);
    // Only COMPLETED and FAILED end a job: "not found" is said and polled again.
    expect(jobs.list()[0]).toMatchObject({
      phase: 'running',
      reason: null,
      polls: 4,
      error: { code: 'not_found', message: "Video job 'req-x' not found" },
    });
    await elapse(jobs, 10_000);
    expect(jobs.list()[0]).toMatchObject({ phase: 'completed', error: null, mediaId: 'media-1' });
    for (let i = 1; i < attempts.length; i++)
      expect(attempts[i]! - attempts[i - 1]!).toBeGreaterThanOrEqual(INTERVAL);
  });

  it('keeps polling a job the service reports as NOT_FOUND, and stops when it is removed', async () => {
    const service = fakeService();
    service.script.set('req-nf', [status('NOT_FOUND')]);
    const { jobs } = await openJobs(service);
    const job = await jobs.submit(request('nf'));
    await elapse(jobs, 60_500);
    expect(service.polls).toHaveLength(6);
    expect(jobs.list()[0]).toMatchObject({ phase: 'running', status: 'NOT_FOUND', polls: 6 });
    await jobs.remove(job.id);
    await elapse(jobs, 30_000);
    expect(service.polls).toHaveLength(6);
  });

  it('offers the download again when the video address fails, and keeps the job', async () => {
    const service = fakeService();
    service.downloadFailures = 1;
    service.script.set('req-lost', [status('COMPLETED', { url: 'http://sim/files/gone.mp4' })]);
    const { jobs } = await openJobs(service);
    const job = await jobs.submit(request('lost'));
    await elapse(jobs, 11_000);
    expect(jobs.list()[0]).toMatchObject({
      phase: 'download_failed',
      error: { code: 'not_found' },
    });
    await jobs.retryDownload(job.id);
    await jobs.idle();
    expect(jobs.list()[0]).toMatchObject({ phase: 'completed', mediaId: 'media-1' });
    expect(service.downloads).toBe(2);
  });

  it('refuses a download that is not a video', async () => {
    const service = fakeService();
    service.script.set('req-html', [status('COMPLETED', { url: 'http://sim/files/page' })]);
    const { jobs } = await openJobs(service, {
      client: {
        videoGenerate: async () => ({ requestId: 'req-html', cost: null }),
        videoStatus: async () => status('COMPLETED', { url: 'http://sim/files/page' }),
        downloadFile: async () => ({
          bytes: Buffer.from('<html>hi</html>'),
          mimeType: 'video/mp4',
        }),
      },
    });
    await jobs.submit(request('html'));
    await elapse(jobs, 11_000);
    expect(jobs.list()[0]).toMatchObject({
      phase: 'download_failed',
      error: { code: 'malformed_response' },
    });
    expect(service.added).toHaveLength(0);
  });

  it('stops polling a removed job', async () => {
    const service = fakeService();
    const { jobs } = await openJobs(service);
    const job = await jobs.submit(request('gone'));
    await elapse(jobs, 11_000);
    expect(service.polls).toHaveLength(1);
    await jobs.remove(job.id);
    await elapse(jobs, 50_000);
    expect(service.polls).toHaveLength(1);
    expect(jobs.list()).toEqual([]);
  });

  it.each([
    ['a 504', () => serviceError('upstream_timeout', 'EDGE_FUNCTION_INVOCATION_TIMEOUT', 504)],
    ['a 429', () => serviceError('rate_limited', 'Too many requests', 429)],
    ['no network', () => serviceError('network', 'socket hang up')],
  ])('waits at least the interval after %s before the next poll', async (_what, failure) => {
    const service = fakeService();
    const attempts: number[] = [];
    const { jobs } = await openJobs(service, {
      client: {
        videoGenerate: async () => ({ requestId: 'req-f', cost: null }),
        videoStatus: async () => {
          attempts.push(Date.now());
          if (attempts.length <= 2) throw failure();
          return status('IN_PROGRESS');
        },
        downloadFile: async () => ({ bytes: MP4, mimeType: 'video/mp4' }),
      },
    });
    await jobs.submit(request('f'));
    await elapse(jobs, 45_000);
    expect(attempts).toHaveLength(4);
    for (let i = 1; i < attempts.length; i++)
      expect(attempts[i]! - attempts[i - 1]!).toBeGreaterThanOrEqual(INTERVAL);
    expect(jobs.list()[0]).toMatchObject({ phase: 'running', status: 'IN_PROGRESS', error: null });
  });

  it('waits longer than the interval when a failed poll says how long (Retry-After)', async () => {
    const service = fakeService();
    const attempts: number[] = [];
    const { jobs } = await openJobs(service, {
      client: {
        videoGenerate: async () => ({ requestId: 'req-r', cost: null }),
        videoStatus: async () => {
          attempts.push(Date.now());
          if (attempts.length === 1)
            throw serviceError('rate_limited', 'Too many requests', 429, { retryAfterMs: 25_000 });
          return status('IN_QUEUE');
        },
        downloadFile: async () => ({ bytes: MP4, mimeType: 'video/mp4' }),
      },
    });
    await jobs.submit(request('r'));
    await elapse(jobs, 50_000);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(25_000);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(INTERVAL);
    expect(attempts[2]! - attempts[1]!).toBeLessThan(25_000);
  });

  it('keeps polling through every status but COMPLETED and FAILED', async () => {
    const service = fakeService();
    const running = ['IN_QUEUE', 'IN_PROGRESS', 'pending', 'processing', 'done', 'error'];
    service.script.set('req-all', [
      ...running.map((value) => status(value)),
      status('COMPLETED', { url: 'http://sim/files/vid-9.mp4' }),
    ]);
    const { jobs, changes } = await openJobs(service);
    await jobs.submit(request('all'));
    await elapse(jobs, 10_000 * running.length + 500);
    expect(jobs.list()[0]?.phase).toBe('running');
    const seen = new Set(changes.map((list) => list[0]?.status));
    for (const value of running) expect(seen.has(value)).toBe(true);
    await elapse(jobs, 10_000);
    expect(jobs.list()[0]?.phase).toBe('completed');
  });
});
