// Video jobs: submitted, persisted, polled no faster than the interval in the background, resumed after a restart, downloaded.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MediaItem, MediaValue, UserError, VideoJob } from '../../../../shared/types';
import { writeFileAtomic } from '../../library/atomic-write';
import { makeFolder } from '../../library/data-folder';
import { newId } from '../../library/ids';
import type { MediaAddInput } from '../../library/media';
import { openRecovery, type Recovery } from '../../library/recovery';
import { wholeEntriesOf } from '../../library/salvage-json';
import { sniffMime } from '../../library/sniff';
import { serviceError, toUserError } from '../../service/errors';
import type { CallOptions, FullServiceClient, VideoRequest } from '../../service/types';

/** The service asks for polls at most every 10 s; tests pass a shorter interval. */
export const DEFAULT_VIDEO_POLL_INTERVAL_MS = 10_000;

/** What is kept on disk: the public job and the address of its finished video. */
interface StoredJob extends VideoJob {
  resultUrl: string | null;
  /** Media ids of the frames the video was made from. */
  sources: string[];
  /**
   * When the last poll was sent, written before it goes: a poll under way when the app stopped
   * counts at the service though its answer was never heard, and the first poll after a restart
   * waits the interval from it.
   */
  pollSentAt: string | null;
}

interface JobsFile {
  version: 1;
  jobs: StoredJob[];
}

export interface VideoJobsOptions {
  /** <dataDir>/jobs/video.json */
  file: string;
  client: Pick<FullServiceClient, 'videoGenerate' | 'videoStatus' | 'downloadFile'>;
  media: { add(input: MediaAddInput): Promise<MediaItem> };
  pollIntervalMs?: number;
  /** Whether a poll can be sent now (a base URL and a key are set); otherwise it waits a round. */
  canPoll: () => boolean;
  /** The credits after a failed job, asked once the service has refunded it. */
  creditsNow: () => Promise<string | null>;
  onJobsChanged: (jobs: VideoJob[]) => void;
  onMediaAdded?: (item: MediaItem) => void;
  /** A job the service answered as failed (it refunds what the job cost). */
  onFailed?: (id: string) => void;
  now?: () => number;
  /** Where a damaged file goes; by default `recovered/` of the data folder (the file's grandparent). */
  recovery?: Pick<Recovery, 'setAside'>;
}

export interface SubmitVideo extends VideoRequest {
  /** Media ids of the frames, kept with the result. */
  sources?: string[];
  fromChat?: VideoJob['fromChat'];
}

export interface SubmitOptions {
  /** Called before the client resends the generate request after a 429 or 504. */
  onRetry?: CallOptions['onRetry'];
}

export interface VideoJobs {
  /** Every job, newest first. */
  list(): VideoJob[];
  submit(request: SubmitVideo, opts?: SubmitOptions): Promise<VideoJob>;
  /** Forgets the job and stops its polling; its downloaded video stays in the library. */
  remove(id: string): Promise<void>;
  retryDownload(id: string): Promise<VideoJob>;
  /** Resolves when no poll or download is running (tests). */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

const TITLE_CHARS = 120;

function publicJob(job: StoredJob): VideoJob {
  const { resultUrl: _url, sources: _sources, pollSentAt: _sent, ...rest } = job;
  return rest;
}

function isStoredJob(value: unknown): value is StoredJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Partial<StoredJob>;
  return (
    typeof job.id === 'string' &&
    typeof job.requestId === 'string' &&
    typeof job.model === 'string' &&
    typeof job.phase === 'string' &&
    typeof job.createdAt === 'string'
  );
}

const storedJobs = (entries: unknown[]): StoredJob[] =>
  entries.filter(isStoredJob).map((job) => ({
    ...job,
    sources: Array.isArray(job.sources) ? job.sources : [],
    resultUrl: typeof job.resultUrl === 'string' ? job.resultUrl : null,
    pollSentAt: typeof job.pollSentAt === 'string' ? job.pollSentAt : null,
    error: job.error ?? null,
  }));

/** The jobs the file holds, and why it is not whole (null when it is, or there is no file). */
async function readJobs(file: string): Promise<{ jobs: StoredJob[]; problem: string | null }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { jobs: [], problem: null };
    return { jobs: [], problem: `it could not be read (${String(e)})` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // Paid jobs are kept whenever their entries can still be read: they can still be fetched.
    return {
      jobs: storedJobs(wholeEntriesOf(text, 'jobs')),
      problem: `it is not valid JSON (${(e as Error).message})`,
    };
  }
  const list = (parsed as Partial<JobsFile> | null)?.jobs;
  if (!Array.isArray(list)) return { jobs: [], problem: 'it holds no list of video jobs' };
  const jobs = storedJobs(list);
  const lost = list.length - jobs.length;
  return { jobs, problem: lost === 0 ? null : `${lost} of its entries are not video jobs` };
}

function titleOf(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

export async function openVideoJobs(options: VideoJobsOptions): Promise<VideoJobs> {
  const now = options.now ?? (() => Date.now());
  const interval = Math.max(1, options.pollIntervalMs ?? DEFAULT_VIDEO_POLL_INTERVAL_MS);
  const jobs = new Map<string, StoredJob>();
  const read = await readJobs(options.file);
  for (const job of read.jobs) jobs.set(job.id, job);
  /** When each job's last poll answer (or its submission) arrived: the next poll waits `interval` from it. */
  const answeredAt = new Map<string, number>();
  /** A wait longer than the interval the service asked for (Retry-After on a failed poll). */
  const askedWait = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Map<string, AbortController>();
  const busy = new Set<Promise<unknown>>();
  let disposed = false;

  function sorted(): StoredJob[] {
    return [...jobs.values()].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
  }

  function list(): VideoJob[] {
    return sorted().map(publicJob);
  }

  async function save(): Promise<void> {
    const body: JobsFile = { version: 1, jobs: sorted() };
    await makeFolder(dirname(options.file));
    await writeFileAtomic(options.file, JSON.stringify(body, null, 1));
  }

  /** Persists first, so what the renderer is told is what a restart would find. */
  async function changed(): Promise<void> {
    try {
      await save();
    } finally {
      if (!disposed) options.onJobsChanged(list());
    }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    busy.add(work);
    void work.finally(() => busy.delete(work)).catch(() => undefined);
    return work;
  }

  function schedulePoll(job: StoredJob): void {
    if (disposed || job.phase !== 'running' || timers.has(job.id)) return;
    const last = answeredAt.get(job.id) ?? now();
    const wait = Math.max(interval, askedWait.get(job.id) ?? 0);
    const delay = Math.max(0, last + wait - now());
    timers.set(
      job.id,
      setTimeout(() => {
        timers.delete(job.id);
        void track(pollJob(job.id));
      }, delay),
    );
  }

  function stopJob(id: string): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    running.get(id)?.abort();
    running.delete(id);
  }

  async function pollJob(id: string): Promise<void> {
    const job = jobs.get(id);
    if (!job || disposed || job.phase !== 'running') return;
    if (!options.canPoll()) {
      answeredAt.set(id, now());
      schedulePoll(job);
      return;
    }
    const controller = new AbortController();
    running.set(id, controller);
    job.pollSentAt = new Date(now()).toISOString();
    try {
      await save();
    } catch {
      // Only the wait after a restart depends on this write; the poll itself still goes.
    }
    if (disposed || controller.signal.aborted || !jobs.has(id)) return void running.delete(id);
    let outcome: 'running' | 'download' | 'failed' = 'running';
    try {
      const answer = await options.client.videoStatus(job.requestId, {
        priority: 'background',
        signal: controller.signal,
      });
      job.status = answer.status;
      job.error = null;
      askedWait.delete(id);
      if (answer.phase === 'completed') {
        job.resultUrl = answer.url;
        job.phase = 'downloading';
        outcome = 'download';
      } else if (answer.phase === 'failed') {
        job.phase = 'failed';
        job.reason = answer.reason ?? `The service reports ${answer.status} without a reason.`;
        outcome = 'failed';
        options.onFailed?.(id);
      }
      // Any other status, known or not, means the job is still being made: keep polling.
    } catch (e) {
      if (controller.signal.aborted || !jobs.has(id)) return;
      const error = toUserError(e);
      job.error = error;
      // A failed poll (504, 429, a 404, no network) still counts as one: the next waits the
      // interval, or longer when the service said how long. Even a 404 does not end the job: the
      // document ends one only on COMPLETED or FAILED, and a job may be found later. The job
      // shows the answer, and the person removes it to stop.
      const retryAfter = error.details?.retryAfterMs;
      if (typeof retryAfter === 'number') askedWait.set(id, retryAfter);
      else askedWait.delete(id);
    } finally {
      running.delete(id);
    }
    if (!jobs.has(id) || disposed) return;
    job.polls += 1;
    job.lastPolledAt = new Date(now()).toISOString();
    answeredAt.set(id, now());
    if (outcome === 'failed') {
      job.finishedAt = new Date(now()).toISOString();
      await changed();
      job.balanceAfter = await options.creditsNow().catch(() => null);
      if (jobs.has(id)) await changed();
      return;
    }
    await changed();
    if (outcome === 'download') await downloadResult(id);
    else schedulePoll(job);
  }

  async function downloadResult(id: string): Promise<void> {
    const job = jobs.get(id);
    if (!job || disposed) return;
    if (!job.resultUrl) {
      job.phase = 'download_failed';
      job.error = toUserError(
        serviceError('malformed_response', 'The finished video came without an address.'),
      );
      await changed();
      return;
    }
    const controller = new AbortController();
    running.set(id, controller);
    let item: MediaItem | null = null;
    let failure: UserError | null = null;
    try {
      const file = await options.client.downloadFile(job.resultUrl, {
        priority: 'background',
        signal: controller.signal,
      });
      const sniffed = sniffMime(file.bytes);
      if (sniffed === null || !sniffed.startsWith('video/'))
        throw serviceError(
          'malformed_response',
          `The video address gave ${sniffed ?? 'something'} (sent as ${file.mimeType}), not a video.`,
        );
      const params: Record<string, MediaValue> = {
        prompt: job.prompt,
        aspectRatio: job.aspectRatio,
        duration: job.duration,
      };
      item = await options.media.add({
        kind: 'video',
        bytes: file.bytes,
        mime: sniffed,
        title: titleOf(job.prompt),
        model: job.model,
        cost: job.cost,
        params,
        sources: job.sources,
        extra: { requestId: job.requestId },
        fromChat: job.fromChat,
      });
    } catch (e) {
      if (controller.signal.aborted || !jobs.has(id)) return;
      failure = toUserError(e);
    } finally {
      running.delete(id);
    }
    if (!jobs.has(id) || disposed) return;
    if (item) {
      job.mediaId = item.id;
      job.phase = 'completed';
      job.error = null;
      job.finishedAt = new Date(now()).toISOString();
      options.onMediaAdded?.(item);
    } else {
      job.phase = 'download_failed';
      job.error = failure;
    }
    await changed();
  }

  if (read.problem !== null) {
    // Aside before anything is written, so no save lands on the damaged file.
    const recovery = options.recovery ?? openRecovery(dirname(dirname(options.file)));
    const aside = await recovery.setAside(
      options.file,
      `The list of video jobs could not be read whole: ${read.problem}. The ${jobs.size} jobs that could be read were kept; videos already made are in the library.`,
    );
    if (aside.movedTo !== null && jobs.size > 0) await save().catch(() => undefined);
  }

  // Resume what a previous run left unfinished: polls wait out the interval from the last poll
  // sent or answered (one sent may have reached the service unheard).
  for (const job of jobs.values()) {
    if (job.phase === 'running') {
      const times = [job.createdAt, job.lastPolledAt, job.pollSentAt].map((at) =>
        at ? Date.parse(at) : Number.NaN,
      );
      const last = Math.max(...times.filter(Number.isFinite));
      answeredAt.set(job.id, Number.isFinite(last) ? Math.min(last, now()) : now());
      schedulePoll(job);
    } else if (job.phase === 'downloading') {
      void track(downloadResult(job.id));
    }
  }

  return {
    list,

    async submit(request, submitOptions = {}) {
      const { sources = [], fromChat, ...wire } = request;
      const answer = await options.client.videoGenerate(wire, {
        priority: 'user',
        onRetry: submitOptions.onRetry,
      });
      const job: StoredJob = {
        id: newId('videoJob'),
        requestId: answer.requestId,
        model: wire.model,
        prompt: wire.prompt,
        aspectRatio: wire.aspect_ratio,
        duration: wire.duration ?? 0,
        createdAt: new Date(now()).toISOString(),
        finishedAt: null,
        status: 'submitted',
        phase: 'running',
        reason: null,
        error: null,
        mediaId: null,
        cost: answer.cost,
        balanceAfter: null,
        polls: 0,
        lastPolledAt: null,
        resultUrl: null,
        pollSentAt: null,
        sources,
        ...(fromChat ? { fromChat } : {}),
      };
      jobs.set(job.id, job);
      answeredAt.set(job.id, now());
      await changed();
      schedulePoll(job);
      return publicJob(job);
    },

    async remove(id) {
      if (!jobs.has(id)) throw serviceError('not_found', 'There is no such video job.');
      stopJob(id);
      jobs.delete(id);
      answeredAt.delete(id);
      askedWait.delete(id);
      await changed();
    },

    async retryDownload(id) {
      const job = jobs.get(id);
      if (!job) throw serviceError('not_found', 'There is no such video job.');
      if (job.phase !== 'download_failed')
        throw serviceError(
          'invalid_input',
          'Only a video whose download failed can be fetched again.',
        );
      job.phase = 'downloading';
      job.error = null;
      await changed();
      void track(downloadResult(id));
      return publicJob(job);
    },

    async idle() {
      while (busy.size > 0) await Promise.allSettled([...busy]);
    },

    async dispose() {
      disposed = true;
      for (const id of [...timers.keys(), ...running.keys()]) stopJob(id);
      await Promise.allSettled([...busy]);
      await save().catch(() => undefined);
    },
  };
}
