// The video.* channels: frames checked and encoded, jobs submitted, listed, removed (the jobs themselves live in jobs.ts).
import { join } from 'node:path';
import { ATTACHMENT_LIMITS } from '../../../../shared/attachments';
import { videoEstimate } from '../../../../shared/estimates';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { estimateTokens } from '../../../../shared/tokens';
import { estimateBefore } from '../spending/estimate';
import { checkUploadedFile } from '../../library/file-checks';
import { downscaleImage, toDataUri } from '../../library/pictures';
import { serviceError } from '../../service/errors';
import { openVideoJobs } from './jobs';

/** Frames are scaled to this long side: plenty for a video frame, and small on the wire. */
const FRAME_MAX_SIDE = 1536;

export type VideoChannel = ChannelsOf<'video'>;

export interface VideoOptions {
  /** How often a job is polled; 10,000 ms (the service's minimum), lowered only in tests. */
  pollIntervalMs?: number;
}

/** Opens <dataDir>/jobs/video.json and resumes polling the jobs a previous run left unfinished. */
export async function openVideoFeature(
  ctx: FeatureContext,
  opts: VideoOptions = {},
): Promise<Feature<VideoChannel>> {
  const jobs = await openVideoJobs({
    file: join(ctx.dataDir, 'jobs', 'video.json'),
    recovery: ctx.recovery,
    client: ctx.client,
    media: ctx.media,
    pollIntervalMs: opts.pollIntervalMs,
    canPoll: () => ctx.state.current().baseUrl !== '',
    creditsNow: async () => (await ctx.balance.get({ refresh: true })).credits,
    onJobsChanged: (list) => ctx.emit('video.jobs.changed', list),
    onMediaAdded: () => {
      ctx.emit('media.changed', { kind: 'video' });
    },
    // The service gives a failed job's money back: its ledger line stays, marked, counting nothing.
    onFailed: (id) => ctx.spending.refunded('video', id),
  });

  async function frameDataUri(fileId: string): Promise<string> {
    const file = await ctx.files.info(fileId);
    checkUploadedFile(file, () => ATTACHMENT_LIMITS.image, ['image']);
    const scaled = await downscaleImage(await ctx.files.read(fileId), FRAME_MAX_SIDE, file.name);
    return toDataUri(scaled.bytes, scaled.mime);
  }

  /** A picture of the media library as a frame (Animate on a chat picture). */
  async function libraryFrameDataUri(mediaId: string): Promise<string> {
    const item = ctx.media.get(mediaId);
    if (item.kind !== 'image')
      throw serviceError('invalid_input', 'Only a picture can be the first frame of a video.');
    const scaled = await downscaleImage(await ctx.media.read(mediaId), FRAME_MAX_SIDE, item.title);
    return toDataUri(scaled.bytes, scaled.mime);
  }

  const handlers: Feature<VideoChannel>['handlers'] = {
    'video.generate': async (input) => {
      // Frames go with any model, and none is required: the list does not say which models take
      // a picture (the document names no image-to-video prefix), so the service judges, and a
      // refusal comes in its words. No size of its own either: the document states none.
      const image = input.firstFrameMediaId
        ? await libraryFrameDataUri(input.firstFrameMediaId)
        : input.firstFrameFileId
          ? await frameDataUri(input.firstFrameFileId)
          : undefined;
      const endImage = input.lastFrameFileId
        ? await frameDataUri(input.lastFrameFileId)
        : undefined;
      const estimate = estimateBefore(ctx, input.model, (info, basis) =>
        videoEstimate(
          info,
          {
            seconds: input.duration > 0 ? input.duration : null,
            promptTokens: estimateTokens(input.prompt),
          },
          basis,
        ),
      );
      const job = await jobs.submit(
        {
          model: input.model,
          prompt: input.prompt,
          aspect_ratio: input.aspectRatio,
          duration: input.duration,
          ...(image ? { image_url: image } : {}),
          ...(endImage ? { end_image_url: endImage } : {}),
          ...(input.firstFrameMediaId ? { sources: [input.firstFrameMediaId] } : {}),
          ...(input.fromChat ? { fromChat: input.fromChat } : {}),
        },
        {
          onRetry: ({ attempt, maxAttempts, reason }) =>
            ctx.emit('video.retrying', { attempt, maxAttempts, reason }),
        },
      );
      // The service makes the default length when none is asked: the first the list states.
      const seconds =
        input.duration ??
        (await ctx.models.list().catch(() => [])).find((m) => m.id === input.model)?.limits
          ?.durations?.[0];
      ctx.spending.record({
        feature: 'video',
        model: input.model,
        conversationId: input.fromChat?.conversationId ?? null,
        itemId: job.id,
        units: seconds !== undefined ? { seconds } : {},
        estimate,
        reported: job.cost,
      });
      ctx.balance.refreshSoon();
      return job;
    },

    'video.jobs': () => jobs.list(),

    'video.remove': async ({ id }) => {
      await jobs.remove(id);
      return { id };
    },

    'video.retryDownload': ({ id }) => jobs.retryDownload(id),
  };

  return { handlers, dispose: () => jobs.dispose() };
}
