// The video job poller on fake time for each test: a scripted fake service, the jobs opened on a fresh folder, time let pass poll by poll.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  openVideoJobs,
  type VideoJobs,
  type VideoJobsOptions,
} from '../../../../../electron/core/features/video/jobs';
import type { MediaAddInput } from '../../../../../electron/core/library/media';
import { serviceError } from '../../../../../electron/core/service/errors';
import type { CallOptions, VideoStatus } from '../../../../../electron/core/service/types';
import type { MediaItem, VideoJob } from '../../../../../shared/types';

export const INTERVAL = 10_000;
/** ftyp box: what sniffMime takes for an MP4. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom'),
  Buffer.alloc(12),
]);

export interface FakeService {
  polls: { at: number; priority: CallOptions['priority']; requestId: string }[];
  /** Status values answered per poll, by request id; the last repeats. */
  script: Map<string, VideoStatus[]>;
  downloads: number;
  downloadFailures: number;
  added: MediaAddInput[];
}

export function status(value: string, extra: Partial<VideoStatus> = {}): VideoStatus {
  const phase = value === 'COMPLETED' ? 'completed' : value === 'FAILED' ? 'failed' : 'running';
  return { status: value, phase, url: null, reason: null, ...extra };
}

export function fakeService(): FakeService {
  return { polls: [], script: new Map(), downloads: 0, downloadFailures: 0, added: [] };
}

export interface JobsEnv {
  dir: string;
  /** Disposed after each test; a test that disposes one itself takes it out. */
  open: VideoJobs[];
}

/** A fresh folder and fake timers for each test of the calling file. */
export const env: JobsEnv = { dir: '', open: [] };

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  env.dir = await mkdtemp(join(tmpdir(), 'atelier-video-'));
});

afterEach(async () => {
  for (const jobs of env.open) await jobs.dispose();
  env.open = [];
  vi.useRealTimers();
  await rm(env.dir, { recursive: true, force: true });
});

export async function openJobs(
  service: FakeService,
  overrides: Partial<VideoJobsOptions> = {},
): Promise<{ jobs: VideoJobs; changes: VideoJob[][] }> {
  const changes: VideoJob[][] = [];
  let sequence = 0;
  const jobs = await openVideoJobs({
    file: join(env.dir, 'jobs', 'video.json'),
    pollIntervalMs: INTERVAL,
    canPoll: () => true,
    creditsNow: async () => '99.50',
    onJobsChanged: (list) => changes.push(list),
    media: {
      add: async (input) => {
        service.added.push(input);
        sequence += 1;
        return { id: `media-${sequence}`, kind: input.kind } as MediaItem;
      },
    },
    client: {
      videoGenerate: async (req) => ({ requestId: `req-${req.prompt}`, cost: '0.50' }),
      videoStatus: async (requestId, opts = {}) => {
        service.polls.push({ at: Date.now(), priority: opts.priority, requestId });
        const answers = service.script.get(requestId) ?? [status('processing')];
        const count = service.polls.filter((p) => p.requestId === requestId).length;
        return answers[Math.min(count, answers.length) - 1] as VideoStatus;
      },
      downloadFile: async () => {
        service.downloads += 1;
        if (service.downloadFailures > 0) {
          service.downloadFailures -= 1;
          throw serviceError('not_found', 'File not found', 404);
        }
        return { bytes: MP4, mimeType: 'video/mp4' };
      },
    },
    ...overrides,
  });
  env.open.push(jobs);
  return { jobs, changes };
}

/** Lets fake time pass in small steps, waiting for each poll's file write before the next step. */
export async function elapse(jobs: VideoJobs, ms: number, step = 250): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    await vi.advanceTimersByTimeAsync(step);
    await jobs.idle();
  }
}

export const request = (prompt: string) => ({
  model: 'txt2vid-kling/kling-v2.1',
  prompt,
  aspect_ratio: '16:9',
  duration: 0,
});
