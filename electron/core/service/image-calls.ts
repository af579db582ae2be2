// Pictures: generation, edits from up to ten source images (multipart), and the Automatic1111-style txt2img.
import { MAX_SOURCE_IMAGES } from '../../../shared/images';
import { type CallFamily, dataUriParts, requireKey } from './calls';
import { serviceError } from './errors';
import { readJsonAnswer, type WireCall } from './http';
import type { FullServiceClient, ImageRequest, ImageResult } from './types';
import { isObject, readUsage } from './wire';

function imageBody(req: ImageRequest): Record<string, unknown> {
  const sources = req.sourceImages ?? [];
  if (sources.length > MAX_SOURCE_IMAGES)
    throw serviceError('invalid_input', `At most ${MAX_SOURCE_IMAGES} source images can be sent.`);
  const body: Record<string, unknown> = {
    model: req.model,
    prompt: req.prompt,
    n: 1,
    response_format: req.response_format ?? 'b64_json',
  };
  if (req.size) body.size = req.size;
  if (req.aspect_ratio) body.aspect_ratio = req.aspect_ratio;
  sources.forEach((source, i) => {
    body[i === 0 ? 'image_url' : `image${i + 1}_url`] = source;
  });
  return body;
}

function readImages(json: unknown, text: string): ImageResult {
  const list = isObject(json) && Array.isArray(json.data) ? json.data : [];
  const images = list.filter(isObject).map((item) => ({
    b64: typeof item.b64_json === 'string' && item.b64_json ? item.b64_json : null,
    url: typeof item.url === 'string' && item.url ? item.url : null,
    revisedPrompt: typeof item.revised_prompt === 'string' ? item.revised_prompt : null,
  }));
  const usable = images.filter((image) => image.b64 !== null || image.url !== null);
  if (usable.length === 0)
    throw serviceError('malformed_response', 'The image answer holds no image.', 200);
  return { images: usable, usage: readUsage(json, text) };
}

export const imageCalls: CallFamily<
  Pick<FullServiceClient, 'generateImage' | 'editImage' | 'sdTxt2img'>
> = (c) => {
  // An image answer is JSON holding the picture as base64 (or its address).
  const imageAnswer = c.answerLimit('image', 'The image answer');
  return {
    async generateImage(req, callOpts) {
      const { json, text } = await c.postJson(
        '/images/generations',
        imageBody(req),
        callOpts,
        imageAnswer,
      );
      return readImages(json, text);
    },

    async editImage(req, callOpts = {}) {
      const sources = req.sourceImages ?? [];
      if (sources.length === 0 || sources.length > MAX_SOURCE_IMAGES)
        throw serviceError(
          'invalid_input',
          `Image editing needs 1 to ${MAX_SOURCE_IMAGES} source images.`,
        );
      const images = sources.map((source, i) => {
        const parts = dataUriParts(source);
        if (!parts) throw serviceError('invalid_input', `Source image ${i + 1} is not a data URI.`);
        return parts;
      });
      const where = c.place();
      const apiKey = requireKey(where);
      const form = (): FormData => {
        const data = new FormData();
        data.append('model', req.model);
        data.append('prompt', req.prompt);
        data.append('n', '1');
        data.append('response_format', req.response_format ?? 'b64_json');
        if (req.size) data.append('size', req.size);
        if (req.aspect_ratio) data.append('aspect_ratio', req.aspect_ratio);
        images.forEach((image, i) => {
          const extension = image.mimeType.split('/')[1] ?? 'png';
          data.append(
            images.length === 1 ? 'image' : 'image[]',
            new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }),
            `image${i + 1}.${extension}`,
          );
        });
        return data;
      };
      const call: WireCall = {
        method: 'POST',
        url: `${where.base}/images/edits`,
        auth: 'bearer',
        form,
        accept: 'application/json',
        ...imageAnswer,
      };
      const { json, text } = await c.transport.send(call, apiKey, callOpts, (res, ctx) =>
        readJsonAnswer(res, ctx, c.now()),
      );
      return readImages(json, text);
    },

    async sdTxt2img(payload, callOpts) {
      const where = c.place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'POST',
        url: `${where.hostRoot}/sdapi/${encodeURIComponent(apiKey)}/sdapi/v1/txt2img`,
        auth: 'none',
        json: payload,
        accept: 'application/json',
        ...imageAnswer,
      };
      const { json } = await c.transport.send(call, apiKey, callOpts ?? {}, (res, ctx) =>
        readJsonAnswer(res, ctx, c.now()),
      );
      const images = isObject(json) && Array.isArray(json.images) ? json.images : null;
      if (!images || !images.every((image) => typeof image === 'string'))
        throw serviceError('malformed_response', 'The txt2img answer has no images.', 200);
      return { images: images as string[], info: isObject(json) ? (json.info ?? null) : null };
    },
  };
};
