// The Images feature in core: generate, edit from source images, the Automatic1111-style txt2img; results into the media library.
import { imageEstimate } from '../../../../shared/estimates';
import { formatBytes } from '../../../../shared/format';
import {
  IMAGE_SOURCE_MAX_BYTES,
  IMAGE_SOURCE_MAX_SIDE,
  maxSourceImagesOf,
  SDAPI_MAPPING,
  type ImageRunResult,
  type ImageSourceRef,
} from '../../../../shared/images';
import { estimateTokens } from '../../../../shared/tokens';
import type { MediaItem, MediaValue } from '../../../../shared/types';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { estimateBefore } from '../spending/estimate';
import { downscaleImage, toDataUri } from '../../library/pictures';
import { sniffMime } from '../../library/sniff';
import { ServiceError, serviceError } from '../../service/errors';
import type { CallOptions, ImageResult } from '../../service/types';
import { checkImageBytes, costInInfo, decodeImageBase64, explainMissingMapping } from './answers';

export type ImageChannel = ChannelsOf<'images'>;

/** What a source may be: the service reads these, and jimp scales all but WEBP. */
const SOURCE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

interface SourceImage {
  mediaId: string | null;
  fileId: string | null;
  name: string;
  bytes: Buffer;
  mime: string;
}

export async function openImagesFeature(ctx: FeatureContext): Promise<Feature<ImageChannel>> {
  const running = new Map<string, AbortController>();
  /** Uploaded sources already kept in the library, so using one again does not copy it again. */
  const keptUploads = new Map<string, string>();

  async function run<T>(requestId: string, call: (opts: CallOptions) => Promise<T>): Promise<T> {
    if (running.has(requestId))
      throw serviceError('invalid_input', 'This request is already running.');
    const controller = new AbortController();
    running.set(requestId, controller);
    try {
      return await call({
        signal: controller.signal,
        priority: 'user',
        onRetry: (info) =>
          ctx.emit('images.progress', {
            requestId,
            retrying: {
              attempt: info.attempt,
              maxAttempts: info.maxAttempts,
              untilMs: info.untilMs,
            },
          }),
      });
    } finally {
      running.delete(requestId);
      ctx.emit('images.progress', { requestId, retrying: null });
    }
  }

  async function readSource(ref: ImageSourceRef, index: number): Promise<SourceImage> {
    const place = `Source image ${index + 1}`;
    let source: SourceImage;
    if ('fileId' in ref) {
      const info = await ctx.files.info(ref.fileId);
      // The size is known before reading: an oversized file is refused without loading it.
      if (info.size > IMAGE_SOURCE_MAX_BYTES) throw tooLarge(place, info.name, info.size);
      source = {
        mediaId: keptUploads.get(ref.fileId) ?? null,
        fileId: ref.fileId,
        name: info.name,
        bytes: await ctx.files.read(ref.fileId),
        mime: info.sniffedMime ?? info.mime,
      };
    } else {
      const item = ctx.media.find(ref.mediaId);
      if (!item) throw serviceError('not_found', `${place} is no longer in the library.`);
      if (item.size > IMAGE_SOURCE_MAX_BYTES) throw tooLarge(place, item.title, item.size);
      source = {
        mediaId: ref.mediaId,
        fileId: null,
        name: item.title,
        bytes: await ctx.media.read(ref.mediaId),
        mime: item.mime,
      };
    }
    if (source.bytes.length > IMAGE_SOURCE_MAX_BYTES)
      throw tooLarge(place, source.name, source.bytes.length);
    const sniffed = sniffMime(source.bytes);
    if (!sniffed || !SOURCE_TYPES.has(sniffed))
      throw serviceError(
        'invalid_input',
        `${place} (${source.name}) is not a PNG, JPEG, GIF, WEBP or BMP picture, although it was offered as one.`,
      );
    source.mime = sniffed;
    return source;
  }

  function tooLarge(place: string, name: string, size: number): ServiceError {
    return serviceError(
      'invalid_input',
      `${place} (${name}) is ${formatBytes(size)}; the limit is ${formatBytes(IMAGE_SOURCE_MAX_BYTES)}.`,
      null,
      { size, limit: IMAGE_SOURCE_MAX_BYTES },
    );
  }

  /** Uploaded sources go into the library too, so the result can name them and be made again. */
  async function keepSource(source: SourceImage): Promise<string> {
    if (source.mediaId) return source.mediaId;
    const item = await ctx.media.add({
      kind: 'image',
      bytes: source.bytes,
      mime: source.mime,
      title: source.name,
      model: null,
      cost: null,
      params: {},
      sources: [],
      extra: { role: 'source' },
    });
    if (source.fileId) keptUploads.set(source.fileId, item.id);
    return item.id;
  }

  /** The picture the service answered, checked before anything is kept. */
  async function resultBytes(
    result: ImageResult,
    opts: CallOptions,
  ): Promise<{ bytes: Buffer; mime: string }> {
    const image = result.images[0];
    if (!image) throw serviceError('malformed_response', 'The image answer holds no image.', 200);
    const bytes =
      image.b64 !== null
        ? decodeImageBase64(image.b64)
        : (await ctx.client.downloadFile(image.url ?? '', { ...opts, holds: 'image' })).bytes;
    return { bytes, mime: checkImageBytes(bytes) };
  }

  async function save(
    picture: { bytes: Buffer; mime: string },
    meta: {
      prompt: string;
      model: string;
      cost: string | null;
      params: Record<string, MediaValue>;
      sources: string[];
      extra?: Record<string, MediaValue>;
      fromChat?: MediaItem['fromChat'];
    },
  ): Promise<MediaItem> {
    return ctx.media.add({
      fromChat: meta.fromChat,
      kind: 'image',
      bytes: picture.bytes,
      mime: picture.mime,
      title: meta.prompt,
      model: meta.model,
      cost: meta.cost,
      params: { prompt: meta.prompt, ...meta.params },
      sources: meta.sources,
      extra: meta.extra ?? {},
    });
  }

  /** What the form said one picture of `prompt` costs (each request makes one), before it is asked. */
  function pictureEstimate(model: string, prompt: string): string | null {
    return estimateBefore(ctx, model, (info, basis) =>
      imageEstimate(info, { count: 1, promptTokens: estimateTokens(prompt) }, basis),
    );
  }

  /** The ledger line of one answered picture call; `itemId` null when nothing could be kept. */
  function spend(
    model: string,
    images: number,
    reported: string | null,
    itemId: string | null,
    estimate: string | null,
    fromChat?: MediaItem['fromChat'],
  ) {
    ctx.spending.record({
      feature: 'images',
      model,
      conversationId: fromChat?.conversationId ?? null,
      itemId,
      units: { images: Math.max(1, images) },
      estimate,
      reported,
    });
  }

  /** The picture of an answered call; a picture that cannot be used still cost its call. */
  async function answeredBytes(
    model: string,
    result: ImageResult,
    opts: CallOptions,
    estimate: string | null,
    fromChat?: MediaItem['fromChat'],
  ) {
    try {
      return await resultBytes(result, opts);
    } catch (e) {
      spend(model, result.images.length, result.usage?.cost ?? null, null, estimate, fromChat);
      throw e;
    }
  }

  /** Keeps the picture and records its call once, whether or not the keeping succeeds. */
  async function saveAndSpend(
    result: ImageResult,
    picture: { bytes: Buffer; mime: string },
    meta: Parameters<typeof save>[1],
    estimate: string | null,
  ): Promise<MediaItem> {
    let item: MediaItem | null = null;
    try {
      item = await save(picture, meta);
      return item;
    } finally {
      spend(
        meta.model,
        result.images.length,
        result.usage?.cost ?? null,
        item?.id ?? null,
        estimate,
        meta.fromChat,
      );
    }
  }

  function shapeParams(input: { size?: string; aspectRatio?: string }): Record<string, MediaValue> {
    const params: Record<string, MediaValue> = {};
    if (input.size) params.size = input.size;
    if (input.aspectRatio) params.aspectRatio = input.aspectRatio;
    return params;
  }

  return {
    handlers: {
      'images.generate': async (input) => {
        const estimate = pictureEstimate(input.model, input.prompt);
        const outcome = await run(input.requestId, async (opts) => {
          try {
            const result = await ctx.client.generateImage(
              {
                model: input.model,
                prompt: input.prompt,
                size: input.size,
                aspect_ratio: input.aspectRatio,
                response_format: 'b64_json',
              },
              opts,
            );
            const picture = await answeredBytes(
              input.model,
              result,
              opts,
              estimate,
              input.fromChat,
            );
            return { result, picture };
          } finally {
            ctx.balance.refreshSoon();
          }
        });
        const item = await saveAndSpend(
          outcome.result,
          outcome.picture,
          {
            prompt: input.prompt,
            model: input.model,
            cost: outcome.result.usage?.cost ?? null,
            params: { mode: 'generate', ...shapeParams(input) },
            sources: [],
            extra: { revisedPrompt: outcome.result.images[0]?.revisedPrompt ?? null },
            fromChat: input.fromChat,
          },
          estimate,
        );
        ctx.emit('media.changed', { kind: 'image' });
        return {
          items: [item],
          cost: outcome.result.usage?.cost ?? null,
          sourceIds: [],
        } satisfies ImageRunResult;
      },

      'images.edit': async (input) => {
        const models = await ctx.models.list().catch(() => []);
        const limit = maxSourceImagesOf(models.find((m) => m.id === input.model));
        if (limit !== null && input.sources.length > limit)
          throw serviceError(
            'invalid_input',
            `${input.model} takes at most ${limit} source image${limit === 1 ? '' : 's'}; ${input.sources.length} are chosen. Remove some, or pick a model that takes more.`,
            null,
            { limit, chosen: input.sources.length },
          );
        const sources: SourceImage[] = [];
        for (const [index, ref] of input.sources.entries())
          sources.push(await readSource(ref, index));
        const dataUris: string[] = [];
        for (const source of sources) {
          // Too many pixels is fixable here; too many bytes was refused above.
          const scaled = await downscaleImage(source.bytes, IMAGE_SOURCE_MAX_SIDE, source.name);
          dataUris.push(toDataUri(scaled.bytes, scaled.mime));
        }
        const request = {
          model: input.model,
          prompt: input.prompt,
          size: input.size,
          aspect_ratio: input.aspectRatio,
          response_format: 'b64_json' as const,
          sourceImages: dataUris,
        };
        const estimate = pictureEstimate(input.model, input.prompt);
        const outcome = await run(input.requestId, async (opts) => {
          try {
            const result =
              input.endpoint === 'edits'
                ? await ctx.client.editImage(request, opts)
                : await ctx.client.generateImage(request, opts);
            const picture = await answeredBytes(
              input.model,
              result,
              opts,
              estimate,
              input.fromChat,
            );
            return { result, picture };
          } finally {
            ctx.balance.refreshSoon();
          }
        });
        const sourceIds: string[] = [];
        try {
          for (const source of sources) sourceIds.push(await keepSource(source));
        } catch (e) {
          spend(
            input.model,
            outcome.result.images.length,
            outcome.result.usage?.cost ?? null,
            null,
            estimate,
            input.fromChat,
          );
          throw e;
        }
        const item = await saveAndSpend(
          outcome.result,
          outcome.picture,
          {
            prompt: input.prompt,
            model: input.model,
            cost: outcome.result.usage?.cost ?? null,
            params: {
              mode: 'edit',
              ...shapeParams(input),
              ...(input.endpoint === 'edits' ? { endpoint: 'edits' } : {}),
            },
            sources: sourceIds,
            fromChat: input.fromChat,
          },
          estimate,
        );
        ctx.emit('media.changed', { kind: 'image' });
        return {
          items: [item],
          cost: outcome.result.usage?.cost ?? null,
          sourceIds,
        } satisfies ImageRunResult;
      },

      'images.sdTxt2img': async (input) => {
        const answer = await run(input.requestId, async (opts) => {
          try {
            return await ctx.client.sdTxt2img(
              {
                prompt: input.prompt,
                negative_prompt: input.negativePrompt,
                steps: input.steps,
                width: input.width,
                height: input.height,
              },
              opts,
            );
          } catch (e) {
            return explainMissingMapping(e);
          } finally {
            ctx.balance.refreshSoon();
          }
        });
        const cost = costInInfo(answer.info);
        const items: MediaItem[] = [];
        try {
          // Every picture is checked before any is kept: a half-saved answer would be confusing.
          const pictures = answer.images.map((b64) => {
            const bytes = decodeImageBase64(b64);
            return { bytes, mime: checkImageBytes(bytes) };
          });
          if (pictures.length === 0)
            throw serviceError('malformed_response', 'The txt2img answer has no images.', 200);
          for (const picture of pictures)
            items.push(
              await save(picture, {
                prompt: input.prompt,
                model: SDAPI_MAPPING,
                cost: items.length === 0 ? cost : null,
                params: {
                  mode: 'sdapi',
                  negativePrompt: input.negativePrompt,
                  steps: input.steps,
                  size: `${input.width}x${input.height}`,
                },
                sources: [],
              }),
            );
        } finally {
          // The form shows no figure for txt2img: there is none to keep.
          spend(SDAPI_MAPPING, answer.images.length, cost, items[0]?.id ?? null, null);
        }
        ctx.emit('media.changed', { kind: 'image' });
        return { items, cost, sourceIds: [] } satisfies ImageRunResult;
      },

      'images.cancel': ({ requestId }) => {
        const controller = running.get(requestId);
        controller?.abort();
        return { cancelled: controller !== undefined };
      },
    },
  };
}
