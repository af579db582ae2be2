// Image endpoints: /images/generations (and img2img- edits), /images/edits, the sdapi txt2img call.
import { IMGEDIT_SUFFIX, SDAPI_MODEL, type Account } from './accounts';
import { requireAccount, type Call, type Route } from './context';
import {
  optionalInteger,
  optionalString,
  parseJsonObject,
  requireString,
  sendJson,
  SimHttpError,
} from './http';
import { decodeImageSource, imageDimensions, type DecodedImage } from './media/data-uri';
import { picturePng } from './media/png';
import { formatCredits } from './money';
import { requireKind, resolveModel, type SimModel } from './models';
import { isMultipart, parseMultipart } from './multipart';
import { ERROR_200_BODY, errorTrigger, hasTrigger } from './triggers';

const MIN_SIDE = 64;
const MAX_SIDE = 2048;
const MAX_SOURCES = 10;
/** What [[notimage]] answers in place of the picture: valid base64 of bytes that are no image. */
const NOT_AN_IMAGE = Buffer.from('This is plain text where a PNG was expected.\n');

interface Size {
  width: number;
  height: number;
}

function invalid(message: string, code = 'invalid_request'): SimHttpError {
  return new SimHttpError(400, message, { code });
}

function parseSize(size: string): Size {
  const match = /^(\d{2,4})x(\d{2,4})$/.exec(size);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE)
    throw invalid(
      `size must be <width>x<height>, each ${MIN_SIDE}..${MAX_SIDE}; got '${size}'`,
      'invalid_size',
    );
  return { width, height };
}

/** The size an aspect ratio gives: 1024 on the long side, the short side a multiple of 16. */
function sizeOfAspect(aspect: string): Size {
  const match = /^(\d{1,4}(?:\.\d{1,3})?):(\d{1,4}(?:\.\d{1,3})?)$/.exec(aspect);
  const w = Number(match?.[1]);
  const h = Number(match?.[2]);
  if (!match || !(w > 0) || !(h > 0))
    throw invalid(
      `aspect_ratio must be <w>:<h> such as 1:1, 16:9 or 9:16; got '${aspect}'`,
      'invalid_aspect_ratio',
    );
  // The simulator's own limit, in its own words: the document states none.
  if (w / h > 4 || h / w > 4)
    throw invalid(
      `aspect_ratio ${aspect} is too narrow for this model: use one within 1:4 to 4:1`,
      'invalid_aspect_ratio',
    );
  const short = (long: number, ratio: number) =>
    Math.max(MIN_SIDE, Math.round((long * ratio) / 16) * 16);
  return w >= h
    ? { width: 1024, height: short(1024, h / w) }
    : { width: short(1024, w / h), height: 1024 };
}

function outputSize(
  model: SimModel,
  size: string | undefined,
  aspect: string | undefined,
  first: DecodedImage | undefined,
): Size {
  if (model.requiresAspectRatio) {
    if (!aspect)
      throw invalid(
        `Model ${model.id} requires aspect_ratio (for example 1:1 or 16:9) instead of size`,
        'aspect_ratio_required',
      );
    return sizeOfAspect(aspect);
  }
  if (model.allowedSizes) {
    const chosen =
      size ?? (aspect === '16:9' ? '1792x1024' : aspect === '9:16' ? '1024x1792' : '1024x1024');
    if (!model.allowedSizes.includes(chosen))
      throw invalid(
        `Model ${model.id} supports sizes ${model.allowedSizes.join(', ')}; got '${chosen}'`,
        'invalid_size',
      );
    return parseSize(chosen);
  }
  if (size) return parseSize(size);
  if (aspect) return sizeOfAspect(aspect);
  const dims = first ? imageDimensions(first) : null;
  if (
    dims &&
    dims.width >= MIN_SIDE &&
    dims.height >= MIN_SIDE &&
    dims.width <= MAX_SIDE &&
    dims.height <= MAX_SIDE
  )
    return dims;
  return { width: 1024, height: 1024 };
}

/** image_url, image2_url ... image10_url of an edit request, decoded, in order. */
function sourceImages(body: Record<string, unknown>, model: SimModel, call: Call): DecodedImage[] {
  const sources: DecodedImage[] = [];
  for (let i = 1; i <= MAX_SOURCES + 2; i += 1) {
    const field = i === 1 ? 'image_url' : `image${i}_url`;
    const value = optionalString(body, field);
    if (value === undefined || value === '') continue;
    if (model.kind !== 'image-edit')
      throw invalid(
        `${field} is only for editing models (ids starting with img2img-); ${model.id} generates from text`,
      );
    if (i > MAX_SOURCES)
      throw invalid(`At most ${MAX_SOURCES} source images (image_url to image10_url)`);
    sources.push(decodeImageSource(value, call.state.files));
  }
  if (model.kind === 'image-edit' && sources.length === 0)
    throw invalid(
      `Model ${model.id} edits images: image_url (a data URI of the source image) is required`,
    );
  const limit = model.maxSourceImages ?? 1;
  if (sources.length > limit)
    throw invalid(
      `Model ${model.id} accepts at most ${limit} source image${limit === 1 ? '' : 's'}; got ${sources.length}`,
      'too_many_images',
    );
  return sources;
}

interface ImageJob {
  model: SimModel;
  prompt: string;
  size: Size;
  responseFormat: 'b64_json' | 'url';
  sources: DecodedImage[];
}

/** Checks funds and triggers, makes the PNG, charges, and answers {created, data: [...]}. */
function answerImage(call: Call, account: Account, job: ImageJob): void {
  const cost = job.model.unitMicro ?? 0;
  call.state.accounts.assertCanPay(account, cost);
  const failure = errorTrigger(job.prompt, job.model.id);
  if (failure) throw failure;
  if (hasTrigger(job.prompt, 'error200')) return sendJson(call.res, 200, ERROR_200_BODY);
  const png = hasTrigger(job.prompt, 'notimage')
    ? NOT_AN_IMAGE
    : picturePng(job.prompt, job.size.width, job.size.height, job.sources.length);
  call.state.accounts.charge(account, cost);
  const item: Record<string, string> = {};
  if (job.responseFormat === 'url')
    item.url = call.state.files.publish(`${call.state.nextId('img')}.png`, {
      contentType: 'image/png',
      bytes: png,
    });
  else item.b64_json = png.toString('base64');
  if (job.model.id === 'openai/dall-e-3') item.revised_prompt = `A picture of: ${job.prompt}`;
  sendJson(call.res, 200, {
    created: Math.floor(call.state.now() / 1000),
    data: [item],
    usage: { cost: formatCredits(cost) },
  });
}

function readResponseFormat(value: string | undefined): 'b64_json' | 'url' {
  if (value === undefined || value === 'b64_json') return 'b64_json';
  if (value === 'url') return 'url';
  throw invalid(`response_format must be b64_json or url; got '${value}'`);
}

function checkN(n: number | undefined): void {
  if (n !== undefined && n < 1) throw invalid('n must be at least 1 (the service forces n=1)');
}

function generateImage(call: Call): void {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const model = resolveModel(requireString(body, 'model'), account);
  requireKind(model, ['image', 'image-edit'], '/images/generations');
  const prompt = requireString(body, 'prompt');
  checkN(optionalInteger(body, 'n'));
  const sources = sourceImages(body, model, call);
  answerImage(call, account, {
    model,
    prompt,
    size: outputSize(
      model,
      optionalString(body, 'size'),
      optionalString(body, 'aspect_ratio'),
      sources[0],
    ),
    responseFormat: readResponseFormat(optionalString(body, 'response_format')),
    sources,
  });
}

/** OpenAI-compatible edits: the service routes `<model>-imgedit`, which only a mapping makes real. */
function editImage(call: Call): void {
  const account = requireAccount(call);
  let fields: Record<string, unknown>;
  let uploaded: DecodedImage | undefined;
  const contentType = call.req.headers['content-type'];
  if (isMultipart(contentType)) {
    const form = parseMultipart(call.body, contentType);
    fields = Object.fromEntries(form.fields);
    const file = form.files.get('image') ?? form.files.get('image[]');
    if (file) uploaded = { mime: file.contentType, bytes: file.bytes };
  } else fields = parseJsonObject(call.body);
  const requested = optionalString(fields, 'model') ?? 'dall-e-2';
  const routed = `${requested}${IMGEDIT_SUFFIX}`;
  if (!account.mappings.has(routed))
    throw new SimHttpError(
      400,
      `Model '${routed}' not found. /images/edits appends ${IMGEDIT_SUFFIX} to the model id: create a model mapping for '${routed}' to an img2img- model in your account settings.`,
      { code: 'model_not_found' },
    );
  const model = resolveModel(routed, account);
  requireKind(model, ['image-edit'], '/images/edits');
  const prompt = requireString(fields, 'prompt');
  const source =
    uploaded ??
    (typeof fields.image_url === 'string'
      ? decodeImageSource(fields.image_url, call.state.files)
      : undefined);
  if (!source) throw invalid('An image to edit is required (multipart file "image" or image_url)');
  answerImage(call, account, {
    model,
    prompt,
    size: outputSize(model, optionalString(fields, 'size'), undefined, source),
    responseFormat: readResponseFormat(optionalString(fields, 'response_format')),
    sources: [source],
  });
}

const SDAPI_PATH = /^\/sdapi\/([^/]+)\/sdapi\/v1\/txt2img$/;

/** The Automatic1111-style call: works only when the account maps sdapi/txt2img to a model. */
function sdapiTxt2img(call: Call): void {
  const account = requireAccount(call);
  if (!account.mappings.has(SDAPI_MODEL))
    throw new SimHttpError(
      400,
      `Model '${SDAPI_MODEL}' not found: it does not exist by default. Create it in the model mapping of your account settings (map ${SDAPI_MODEL} to an image model).`,
    );
  const model = resolveModel(SDAPI_MODEL, account);
  const body = parseJsonObject(call.body);
  const prompt = requireString(body, 'prompt');
  const width = optionalInteger(body, 'width') ?? 512;
  const height = optionalInteger(body, 'height') ?? 512;
  const steps = optionalInteger(body, 'steps') ?? 20;
  const seed = optionalInteger(body, 'seed') ?? -1;
  const negative = optionalString(body, 'negative_prompt') ?? '';
  for (const [name, side] of [
    ['width', width],
    ['height', height],
  ] as const)
    if (side < MIN_SIDE || side > MAX_SIDE || side % 8 !== 0)
      throw new SimHttpError(
        400,
        `${name} must be a multiple of 8 within ${MIN_SIDE}..${MAX_SIDE}`,
      );
  if (steps < 1 || steps > 150) throw new SimHttpError(400, 'steps must be within 1..150');
  const cost = model.unitMicro ?? 0;
  call.state.accounts.assertCanPay(account, cost);
  const failure = errorTrigger(prompt, model.id);
  if (failure) throw failure;
  const png = hasTrigger(prompt, 'notimage')
    ? NOT_AN_IMAGE
    : picturePng(`${prompt}|${negative}`, width, height);
  call.state.accounts.charge(account, cost);
  const usedSeed = seed >= 0 ? seed : 1000 + (png.length % 100_000);
  const parameters = {
    ...body,
    prompt,
    negative_prompt: negative,
    width,
    height,
    steps,
    seed: usedSeed,
  };
  sendJson(call.res, 200, {
    images: [png.toString('base64')],
    parameters,
    info: JSON.stringify({
      prompt,
      negative_prompt: negative,
      seed: usedSeed,
      width,
      height,
      steps,
      sd_model_name: model.id,
      cost: formatCredits(cost),
    }),
  });
}

export function imageRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/images/generations',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: generateImage,
    },
    {
      method: 'POST',
      path: '/images/edits',
      api: true,
      auth: 'bearer',
      errorStyle: 'message',
      run: editImage,
    },
    {
      method: 'POST',
      path: SDAPI_PATH,
      api: false,
      auth: (url) => SDAPI_PATH.exec(url.pathname)?.[1] ?? null,
      errorStyle: 'error-text',
      run: sdapiTxt2img,
    },
  ];
}
