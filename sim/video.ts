// Video jobs: POST /video/generate starts one, GET /video/status polls it to COMPLETED or FAILED.
import type { Account } from './accounts';
import { requireAccount, type Call, type Route } from './context';
import {
  optionalInteger,
  optionalString,
  parseJsonObject,
  requireString,
  sendJson,
  SimHttpError,
} from './http';
import { decodeImageSource } from './media/data-uri';
import { SIM_VIDEO_MP4 } from './media/video-fixture';
import { formatCredits } from './money';
import { requireKind, resolveModel } from './models';
import { errorTrigger, hasTrigger, numericTrigger } from './triggers';

/** The document's `<w>:<h>`, read literally: two whole numbers above 0. */
const ASPECT_RATIO = /^([1-9]\d{0,3}):([1-9]\d{0,3})$/;
const DEFAULT_POLLS = 3;
const RUNNING_STATUSES = ['IN_QUEUE', 'IN_PROGRESS', 'processing', 'pending'];
/** A status no client has been told about: "anything else means keep polling". */
export const UNKNOWN_RUNNING_STATUS = 'RENDERING_FRAMES';

interface VideoJob {
  id: string;
  account: Account;
  costMicro: number;
  pollsToFinish: number;
  polls: number;
  fail: boolean;
  weird: boolean;
  /** [[nofile]]: the finished video's address answers 404. */
  noFile: boolean;
  /** [[poll404:N]]: the first N polls answer HTTP 404, as for a job the service does not find. */
  missingPolls: number;
  /** [[notfound:N]]: the first N polls answer 200 with the status NOT_FOUND. */
  notFoundPolls: number;
  /** Polls answered so far, the not-found ones included. */
  answered: number;
  lastPollAt: number | null;
  url: string | null;
}

function invalid(message: string): SimHttpError {
  return new SimHttpError(400, message, { code: 'invalid_request' });
}

export class VideoJobs {
  private readonly jobs = new Map<string, VideoJob>();

  generate = (call: Call): void => {
    const account = requireAccount(call);
    const body = parseJsonObject(call.body);
    const model = resolveModel(requireString(body, 'model'), account);
    requireKind(model, ['text-to-video', 'image-to-video'], '/video/generate');
    const action = requireString(body, 'action');
    if (action !== 'generate') throw invalid(`action must be 'generate'; got '${action}'`);
    const prompt = requireString(body, 'prompt');
    const aspect = requireString(body, 'aspect_ratio');
    if (!ASPECT_RATIO.test(aspect))
      throw invalid(`aspect_ratio must be <w>:<h> in whole numbers, such as 16:9; got '${aspect}'`);
    const durations = model.durations ?? [5];
    const asked = optionalInteger(body, 'duration') ?? 0;
    const duration = asked === 0 ? (durations[0] ?? 5) : asked;
    if (!durations.includes(duration))
      throw invalid(
        `duration must be ${durations.join(' or ')} seconds (0 for the default) for ${model.id}`,
      );
    const image = optionalString(body, 'image_url');
    const endImage = optionalString(body, 'end_image_url');
    // Which models take a picture is the model's own, never its id's prefix.
    if (model.kind === 'image-to-video' && !image)
      throw invalid(
        `${model.id} makes video from an image: image_url (a data URI of the first frame) is required`,
      );
    if (image) {
      if (model.kind !== 'image-to-video' && !model.optionalFirstFrame)
        throw invalid(`${model.id} makes video from text only and does not take image_url`);
      decodeImageSource(image, call.state.files);
    }
    if (endImage) {
      if (!model.endImage) throw invalid(`${model.id} does not support end_image_url`);
      decodeImageSource(endImage, call.state.files);
    }
    if (hasTrigger(prompt, 'disabled'))
      throw invalid(`Model ${model.id} is disabled at the moment. Choose another video model.`);
    const costMicro = duration * (model.unitMicro ?? 0);
    try {
      call.state.accounts.assertCanPay(account, costMicro);
    } catch (error) {
      // The video endpoint answers a lack of funds with 402, unlike the rest of the API.
      if (error instanceof SimHttpError && error.options.code === 'insufficient_funds')
        throw new SimHttpError(402, error.message, { ...error.options, validation: false });
      throw error;
    }
    const failure = errorTrigger(prompt, model.id);
    if (failure) throw failure;
    call.state.accounts.charge(account, costMicro);
    const id = call.state.nextId('vid');
    const polls = numericTrigger(prompt, 'polls');
    this.jobs.set(id, {
      id,
      account,
      costMicro,
      pollsToFinish: Math.min(100, Math.max(1, polls ?? DEFAULT_POLLS)),
      polls: 0,
      fail: hasTrigger(prompt, 'fail'),
      weird: hasTrigger(prompt, 'weird'),
      noFile: hasTrigger(prompt, 'nofile'),
      missingPolls: numericTrigger(prompt, 'poll404') ?? 0,
      notFoundPolls: numericTrigger(prompt, 'notfound') ?? 0,
      answered: 0,
      lastPollAt: null,
      url: null,
    });
    sendJson(call.res, 200, { request_id: id, cost: formatCredits(costMicro) });
  };

  status = (call: Call): void => {
    const account = requireAccount(call);
    const id = call.url.searchParams.get('request_id');
    if (!id) throw invalid('Query parameter request_id is required');
    const job = this.jobs.get(id);
    if (!job || job.account.key !== account.key)
      throw new SimHttpError(404, `Video job '${id}' not found`);
    const now = call.state.now();
    const interval = call.state.settings.minVideoPollMs;
    if (job.lastPollAt !== null && now - job.lastPollAt < interval)
      throw new SimHttpError(
        429,
        `Poll a video job at most once every ${Math.round(interval / 1000)} seconds`,
        {
          headers: {
            'Retry-After': String(Math.max(1, Math.ceil((job.lastPollAt + interval - now) / 1000))),
          },
        },
      );
    job.lastPollAt = now;
    job.answered += 1;
    if (job.answered <= job.missingPolls)
      throw new SimHttpError(404, `Video job '${id}' not found`);
    if (job.answered <= job.missingPolls + job.notFoundPolls)
      return sendJson(call.res, 200, { request_id: id, status: 'NOT_FOUND' });
    job.polls += 1;
    if (job.polls >= job.pollsToFinish) {
      if (job.fail) {
        if (job.polls === job.pollsToFinish) call.state.accounts.charge(account, -job.costMicro);
        return sendJson(call.res, 200, {
          request_id: id,
          status: 'FAILED',
          reason:
            'Generation failed at the provider: the prompt could not be rendered. The cost was refunded.',
        });
      }
      job.url ??= job.noFile
        ? // The address of a file that was never stored: a download that fails with 404.
          call.state.files
            .publish(`${id}.txt`, { contentType: 'text/plain', bytes: Buffer.from('') })
            .replace(/\.txt$/, '-expired.mp4')
        : call.state.files.publish(`${id}.mp4`, {
            contentType: 'video/mp4',
            bytes: SIM_VIDEO_MP4,
          });
      return sendJson(call.res, 200, { request_id: id, status: 'COMPLETED', url: job.url });
    }
    const weirdPoll = Math.min(2, job.pollsToFinish - 1);
    const status =
      job.weird && job.polls === weirdPoll
        ? UNKNOWN_RUNNING_STATUS
        : (RUNNING_STATUSES[job.polls - 1] ?? 'processing');
    sendJson(call.res, 200, { request_id: id, status });
  };

  /** A status poll answered by an injected failure (/__sim/fail) is still a poll: it starts the window. */
  countFailedPoll(url: URL, account: Account, now: number): void {
    const job = this.jobs.get(url.searchParams.get('request_id') ?? '');
    if (job && job.account.key === account.key) job.lastPollAt = now;
  }

  reset(): void {
    this.jobs.clear();
  }

  routes(): Route[] {
    return [
      {
        method: 'POST',
        path: '/video/generate',
        api: true,
        auth: 'bearer',
        errorStyle: 'status-reason',
        run: this.generate,
      },
      {
        method: 'GET',
        path: '/video/status',
        api: true,
        auth: 'key',
        errorStyle: 'error-text',
        run: this.status,
      },
    ];
  }
}
