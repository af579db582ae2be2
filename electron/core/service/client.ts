// The service client: every endpoint of the API, in app terms, over one rate-limited transport.
import type { Balance, UserError } from '../../../shared/types';
import { readChatStream } from './chat-stream';
import { maskSecrets, serviceError, toUserError, userError } from './errors';
import {
  createTransport,
  failureOf,
  parseJsonAnswer,
  readJsonAnswer,
  type AttemptContext,
  type WireCall,
} from './http';
import type {
  BinaryResult,
  CallOptions,
  ChatRequest,
  ChatStreamOptions,
  DebugConnection,
  DecisionAnswer,
  DecisionsRequest,
  ExtractedPage,
  FullServiceClient,
  ImageRequest,
  ImageResult,
  RequestScheduler,
  ServiceConnection,
  VideoPhase,
} from './types';
import { isObject, readBalance, readChatCompletion, readModelList, readUsage } from './wire';

export interface ServiceClientOptions {
  connection: () => ServiceConnection;
  scheduler: RequestScheduler;
  fetch?: typeof fetch;
  appTitle?: string;
  /** Per attempt, until a whole answer (or a stream's headers) arrives. */
  requestTimeoutMs?: number;
  /** Longest silence allowed inside a chat stream. */
  streamIdleTimeoutMs?: number;
  now?: () => number;
  /** The debug log's read interval (default 20 s; tests shorten it). */
  debugLatestIntervalMs?: number;
}

/** Image, music and OCR calls can take minutes. */
const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
const DEFAULT_STREAM_IDLE_MS = 120_000;
/** The service allows its debug latest/call at most once every 20 s. */
export const DEBUG_LATEST_MIN_INTERVAL_MS = 20_000;
export const MAX_SOURCE_IMAGES = 10;
const DEBUG_BODY_MAX_CHARS = 20_000;

interface ServicePlace {
  base: string;
  hostRoot: string;
  origin: string;
  debugBase: string;
  apiKey: string | null;
}

function httpUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw serviceError('bad_base_url', `The ${what} "${text}" is not a valid address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw serviceError('bad_base_url', `The ${what} must start with http:// or https://.`);
  return url;
}

function withoutTrailingSlash(text: string): string {
  return text.replace(/\/+$/, '');
}

/** The debug listener: the same host on the next port, the same path. */
function defaultDebugBase(base: URL): string {
  const debug = new URL(base.toString());
  const port = debug.port ? Number(debug.port) : debug.protocol === 'https:' ? 443 : 80;
  debug.port = String(port + 1);
  return withoutTrailingSlash(`${debug.origin}${debug.pathname}`);
}

function resolvePlace(conn: ServiceConnection, debugOverride?: string): ServicePlace {
  const url = httpUrl(conn.baseUrl, 'base URL');
  const base = withoutTrailingSlash(`${url.origin}${url.pathname}`);
  const debugText = debugOverride ?? conn.debugBaseUrl;
  const debugBase = debugText
    ? withoutTrailingSlash(httpUrl(debugText, 'debug address').toString())
    : defaultDebugBase(url);
  const apiKey = conn.apiKey?.trim() ? conn.apiKey.trim() : null;
  return { base, hostRoot: base.replace(/\/v1$/, ''), origin: url.origin, debugBase, apiKey };
}

function requireKey(place: ServicePlace): string {
  if (!place.apiKey) throw serviceError('no_key', null);
  return place.apiKey;
}

function dataUriParts(uri: string): { mimeType: string; bytes: Buffer } | null {
  const m = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(uri);
  if (!m) return null;
  const payload = m[4] ?? '';
  const bytes = m[3] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload));
  return { mimeType: m[1] || 'application/octet-stream', bytes };
}

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  opus: 'audio/opus',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  pcm: 'audio/pcm',
};

function mediaType(res: Response): string | null {
  return res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || null;
}

async function readBytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
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

function videoPhase(status: string): VideoPhase {
  if (/^(completed?|succeeded|success|done|finished)$/i.test(status)) return 'completed';
  if (/^(failed|failure|error|cancell?ed|canceled|rejected|expired)$/i.test(status))
    return 'failed';
  return 'running';
}

function maskDeep(value: unknown, apiKey: string | null): unknown {
  if (typeof value === 'string') return maskSecrets(value, apiKey);
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, apiKey));
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [maskSecrets(k, apiKey), maskDeep(v, apiKey)]),
    );
  return value;
}

function emptyBalance(
  state: Balance['state'],
  error: UserError | null,
  checkedAt: string,
): Balance {
  return {
    state,
    credits: null,
    userStatus: null,
    userStatusText: null,
    subscriptionStatus: null,
    subscriptionEnd: null,
    subscriptionEndUtc: null,
    reason: error?.message ?? null,
    error,
    checkedAt,
  };
}

export function createServiceClient(opts: ServiceClientOptions): FullServiceClient {
  const now = opts.now ?? (() => Date.now());
  const fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
  const transport = createTransport({
    scheduler: opts.scheduler,
    fetch: fetchImpl,
    appTitle: opts.appTitle ?? 'Atelier',
    requestTimeoutMs: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    now,
  });
  const streamIdleMs = opts.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_MS;
  let lastDebugLatestAt: number | null = null;
  const debugLatestIntervalMs = opts.debugLatestIntervalMs ?? DEBUG_LATEST_MIN_INTERVAL_MS;

  function place(debugOverride?: string): ServicePlace {
    return resolvePlace(opts.connection(), debugOverride);
  }

  /** A JSON call on the base URL with the Bearer key. */
  async function postJson(
    path: string,
    body: unknown,
    callOpts: CallOptions = {},
  ): Promise<{ json: unknown; text: string }> {
    const where = place();
    const apiKey = requireKey(where);
    const call: WireCall = {
      method: 'POST',
      url: `${where.base}${path}`,
      auth: 'bearer',
      json: body,
      accept: 'application/json',
    };
    return transport.send(call, apiKey, callOpts, (res, ctx) => readJsonAnswer(res, ctx, now()));
  }

  async function getJson(
    path: string,
    callOpts: CallOptions = {},
  ): Promise<{ json: unknown; text: string }> {
    const where = place();
    const apiKey = requireKey(where);
    const call: WireCall = {
      method: 'GET',
      url: `${where.base}${path}`,
      auth: 'bearer',
      accept: 'application/json',
    };
    return transport.send(call, apiKey, callOpts, (res, ctx) => readJsonAnswer(res, ctx, now()));
  }

  function imageBody(req: ImageRequest): Record<string, unknown> {
    const sources = req.sourceImages ?? [];
    if (sources.length > MAX_SOURCE_IMAGES)
      throw serviceError(
        'invalid_input',
        `At most ${MAX_SOURCE_IMAGES} source images can be sent.`,
      );
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

  async function downloadFile(url: string, callOpts: CallOptions = {}): Promise<BinaryResult> {
    if (url.startsWith('data:')) {
      const parts = dataUriParts(url);
      if (!parts) throw serviceError('malformed_response', 'The result is a broken data URI.');
      return { bytes: parts.bytes, mimeType: parts.mimeType };
    }
    const where = place();
    let target: URL;
    try {
      target = new URL(url, `${where.origin}/`);
    } catch {
      throw serviceError('malformed_response', 'The result address is not valid.');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw serviceError('invalid_input', 'Only http and https results can be downloaded.');
    // The key goes only to the service itself, never to a storage host it links to.
    const call: WireCall = {
      method: 'GET',
      url: target.toString(),
      auth: target.origin === where.origin ? 'bearer' : 'none',
    };
    return transport.send(call, where.apiKey, callOpts, async (res) => {
      if (!res.ok) throw await failureOf(res, where.apiKey, now());
      return {
        bytes: await readBytes(res),
        mimeType: mediaType(res) ?? 'application/octet-stream',
      };
    });
  }

  return {
    async listModels(callOpts) {
      const { json } = await getJson('/models', callOpts);
      return readModelList(json);
    },

    async getBalance(callOpts = {}) {
      const checkedAt = (): string => new Date(now()).toISOString();
      let where: ServicePlace;
      try {
        where = place();
      } catch (e) {
        return emptyBalance('error', toUserError(e), checkedAt());
      }
      const apiKey = where.apiKey;
      if (!apiKey) return emptyBalance('unknown', userError('no_key', null), checkedAt());
      const call: WireCall = {
        method: 'GET',
        url: `${where.base}/balance`,
        auth: 'bearer',
        accept: 'application/json',
      };
      try {
        return await transport.send(call, apiKey, callOpts, async (res, ctx) => {
          if (!res.ok) throw await failureOf(res, ctx.apiKey, now());
          const text = await res.text();
          // Here {status: "error", reason} is a state (retrieval off), not a failure.
          const { json } = parseJsonAnswer(text, res.headers.get('content-type'), apiKey, {
            keepErrorBodies: true,
          });
          return readBalance(json, checkedAt(), text);
        });
      } catch (e) {
        const error = toUserError(e, apiKey);
        if (error.code === 'cancelled') throw e;
        return emptyBalance('error', error, checkedAt());
      }
    },

    async chatStream(req: ChatRequest, callOpts: ChatStreamOptions = {}) {
      const where = place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'POST',
        url: `${where.base}/chat/completions`,
        auth: 'bearer',
        json: { ...req, stream: true, stream_options: { include_usage: true } },
        accept: 'text/event-stream',
      };
      return transport.send(call, apiKey, callOpts, async (res, ctx: AttemptContext) => {
        if (!res.ok) throw await failureOf(res, apiKey, now());
        const type = mediaType(res);
        if (
          !res.body ||
          (type !== null && type !== 'text/event-stream' && !type.includes('stream'))
        ) {
          // Some answers come whole even when a stream was asked for (errors, some providers).
          const text = await res.text();
          const { json } = parseJsonAnswer(text, type, apiKey);
          const result = readChatCompletion(json, text);
          callOpts.onDelta?.(result.content, result.reasoning);
          return result;
        }
        return readChatStream(res.body, ctx, streamIdleMs, callOpts.onDelta);
      });
    },

    async chat(req, callOpts) {
      const { json, text } = await postJson(
        '/chat/completions',
        { ...req, stream: false },
        callOpts,
      );
      return readChatCompletion(json, text);
    },

    async embeddings(req, callOpts) {
      const { json, text } = await postJson(
        '/embeddings',
        { encoding_format: 'float', ...req },
        callOpts,
      );
      const list = isObject(json) && Array.isArray(json.data) ? json.data.filter(isObject) : null;
      if (!list || list.length === 0)
        throw serviceError('malformed_response', 'The embeddings answer holds no data.', 200);
      const ordered = [...list].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
      const vectors = ordered.map((item) => {
        const vector = item.embedding;
        if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number'))
          throw serviceError('malformed_response', 'An embedding is not a list of numbers.', 200);
        return vector as number[];
      });
      const model = isObject(json) && typeof json.model === 'string' ? json.model : null;
      return { model, vectors, usage: readUsage(json, text) };
    },

    async decisions(req: DecisionsRequest, callOpts) {
      const { json, text } = await postJson('/decisions', req, callOpts);
      if (!isObject(json) || !isObject(json.answers))
        throw serviceError('malformed_response', 'The decisions answer has no answers.', 200);
      return {
        model: typeof json.model === 'string' ? json.model : null,
        answers: json.answers as Record<string, DecisionAnswer>,
        usage: readUsage(json, text),
      };
    },

    async generateImage(req, callOpts) {
      const { json, text } = await postJson('/images/generations', imageBody(req), callOpts);
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
      const where = place();
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
      };
      const { json, text } = await transport.send(call, apiKey, callOpts, (res, ctx) =>
        readJsonAnswer(res, ctx, now()),
      );
      return readImages(json, text);
    },

    async transcribe(req, callOpts = {}) {
      const where = place();
      const apiKey = requireKey(where);
      const responseFormat = req.response_format ?? 'json';
      const form = (): FormData => {
        const data = new FormData();
        data.append(
          'file',
          new Blob([new Uint8Array(req.file)], {
            type: req.mimeType ?? 'application/octet-stream',
          }),
          req.filename,
        );
        data.append('model', req.model);
        data.append('response_format', responseFormat);
        if (req.language !== undefined) data.append('language', req.language);
        return data;
      };
      const call: WireCall = {
        method: 'POST',
        url: `${where.base}/audio/transcriptions`,
        auth: 'bearer',
        form,
      };
      return transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, now());
        const text = await res.text();
        const type = mediaType(res);
        const isJson = type?.includes('json') || (type === null && /^\s*\{/.test(text));
        if (!isJson) {
          if (type?.includes('html')) parseJsonAnswer(text, type, apiKey);
          return { text: text.trim(), segments: null, language: null };
        }
        const { json } = parseJsonAnswer(text, type, apiKey);
        if (!isObject(json) || typeof json.text !== 'string')
          throw serviceError('malformed_response', 'The transcription has no text.', 200);
        return {
          text: json.text,
          segments: Array.isArray(json.segments) ? json.segments : null,
          language: typeof json.language === 'string' ? json.language : null,
          ...withCost(isObject(json.usage) ? costText(json.usage.cost) : null),
        };
      });
    },

    async speech(req, callOpts = {}) {
      const where = place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'POST',
        url: `${where.base}/audio/speech`,
        auth: 'bearer',
        json: req,
        accept: 'audio/*, application/json;q=0.5',
      };
      const answer = await transport.send(
        call,
        apiKey,
        callOpts,
        async (res): Promise<BinaryResult | { url: string; cost: string | null }> => {
          if (!res.ok) throw await failureOf(res, apiKey, now());
          const type = mediaType(res);
          if (type && (type.includes('json') || type.startsWith('text/'))) {
            const text = await res.text();
            const { json } = parseJsonAnswer(text, type, apiKey);
            if (isObject(json) && typeof json.url === 'string' && json.url)
              return { url: json.url, cost: costText(json.cost) };
            const b64 = isObject(json) ? (json.b64_json ?? json.audio) : null;
            if (typeof b64 === 'string' && b64)
              return { bytes: Buffer.from(b64, 'base64'), mimeType: guessAudioType(req) };
            throw serviceError('malformed_response', 'The speech answer holds no audio.', 200);
          }
          const bytes = await readBytes(res);
          if (bytes.length === 0)
            throw serviceError('malformed_response', 'The speech answer is empty.', 200);
          return {
            bytes,
            mimeType: type && type !== 'application/octet-stream' ? type : guessAudioType(req),
            ...withCost(costText(res.headers.get('x-cost'))),
          };
        },
      );
      if (!('url' in answer)) return answer;
      return { ...(await downloadFile(answer.url, callOpts)), ...withCost(answer.cost) };
    },

    async extractText(req, callOpts) {
      const { json } = await postJson('/extract_text', req, callOpts);
      if (!isObject(json))
        throw serviceError('malformed_response', 'The extraction answer is not an object.', 200);
      const pages: ExtractedPage[] | null = Array.isArray(json.pages)
        ? json.pages.filter(isObject).map((page, i) => ({
            index: typeof page.index === 'number' ? page.index : i,
            markdown: typeof page.markdown === 'string' ? page.markdown : '',
            images: (Array.isArray(page.images) ? page.images : [])
              .filter(isObject)
              .map((image) => ({
                id: String(image.id ?? ''),
                imageBase64: typeof image.image_base64 === 'string' ? image.image_base64 : '',
              })),
          }))
        : null;
      const text =
        typeof json.text === 'string' ? json.text : pages?.map((p) => p.markdown).join('\n\n');
      if (typeof text !== 'string')
        throw serviceError('malformed_response', 'The extraction answer has no text.', 200);
      const usageInfo = isObject(json.usage_info) ? json.usage_info : {};
      const pageCountValue = json.page_count ?? usageInfo.pages_processed;
      const pageCount =
        typeof pageCountValue === 'number' &&
        Number.isInteger(pageCountValue) &&
        pageCountValue >= 0
          ? pageCountValue
          : null;
      const cost = costText(json.cost);
      return {
        text,
        pages,
        ...(pageCount !== null ? { pageCount } : {}),
        ...(cost !== null ? { cost } : {}),
      };
    },

    async videoGenerate(req, callOpts) {
      const { json } = await postJson('/video/generate', { ...req, action: 'generate' }, callOpts);
      const id = isObject(json) ? (json.request_id ?? json.id) : undefined;
      if ((typeof id !== 'string' || !id) && typeof id !== 'number')
        throw serviceError('malformed_response', 'The video answer has no request_id.', 200);
      return { requestId: String(id), cost: isObject(json) ? costText(json.cost) : null };
    },

    async videoStatus(requestId, callOpts = {}) {
      const where = place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'GET',
        url: `${where.base}/video/status?request_id=${encodeURIComponent(requestId)}`,
        auth: 'key',
        accept: 'application/json',
      };
      return transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, now());
        const text = await res.text();
        // {status: "error", reason} on a poll is the job's failure, reported as a phase.
        const { json } = parseJsonAnswer(text, mediaType(res), apiKey, { keepErrorBodies: true });
        if (!isObject(json) || typeof json.status !== 'string')
          throw serviceError('malformed_response', 'The video status has no status.', 200);
        const phase = videoPhase(json.status);
        const url = typeof json.url === 'string' && json.url ? json.url : null;
        const reasonValue = json.reason ?? json.error ?? json.message;
        const reason =
          typeof reasonValue === 'string'
            ? reasonValue
            : isObject(reasonValue) && typeof reasonValue.message === 'string'
              ? reasonValue.message
              : null;
        if (phase === 'completed' && !url)
          throw serviceError('malformed_response', 'The finished video has no url.', 200);
        return { status: json.status, phase, url, reason };
      });
    },

    downloadFile,

    async sdTxt2img(payload, callOpts) {
      const where = place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'POST',
        url: `${where.hostRoot}/sdapi/${encodeURIComponent(apiKey)}/sdapi/v1/txt2img`,
        auth: 'none',
        json: payload,
        accept: 'application/json',
      };
      const { json } = await transport.send(call, apiKey, callOpts ?? {}, (res, ctx) =>
        readJsonAnswer(res, ctx, now()),
      );
      const images = isObject(json) && Array.isArray(json.images) ? json.images : null;
      if (!images || !images.every((image) => typeof image === 'string'))
        throw serviceError('malformed_response', 'The txt2img answer has no images.', 200);
      return { images: images as string[], info: isObject(json) ? (json.info ?? null) : null };
    },

    async sendToDebug(path, body, callOpts: CallOptions & DebugConnection = {}) {
      const where = place(callOpts.debugBaseUrl);
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: body === undefined ? 'GET' : 'POST',
        url: `${where.debugBase}${path.startsWith('/') ? path : `/${path}`}`,
        auth: 'bearer',
        json: body,
        resend: false,
      };
      return transport.send(call, apiKey, callOpts, async (res) => {
        const text = maskSecrets(await res.text(), apiKey);
        return {
          status: res.status,
          contentType: res.headers.get('content-type'),
          body:
            text.length > DEBUG_BODY_MAX_CHARS ? `${text.slice(0, DEBUG_BODY_MAX_CHARS)}…` : text,
        };
      });
    },

    async latestDebugCall(callOpts: CallOptions & DebugConnection = {}) {
      const where = place(callOpts.debugBaseUrl);
      const apiKey = requireKey(where);
      const at = now();
      if (lastDebugLatestAt !== null && at - lastDebugLatestAt < debugLatestIntervalMs) {
        const waitMs = lastDebugLatestAt + debugLatestIntervalMs - at;
        throw serviceError(
          'rate_limited',
          `The debug log can be read once every 20 s; wait ${Math.ceil(waitMs / 1000)} s.`,
          null,
          { retryAfterMs: waitMs },
        );
      }
      lastDebugLatestAt = at;
      const call: WireCall = {
        method: 'GET',
        url: `${where.debugBase}/latest/call?key=${encodeURIComponent(apiKey)}`,
        auth: 'none',
        accept: 'application/json',
        resend: false,
      };
      return transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, now());
        const text = await res.text();
        let recorded: unknown;
        try {
          recorded = JSON.parse(text);
        } catch {
          recorded = text;
        }
        return { status: res.status, call: maskDeep(recorded, apiKey) };
      });
    },
  };
}

/** The cost field only when the service gave one, so answers without it keep their shape. */
function withCost(cost: string | null): { cost?: string } {
  return cost === null ? {} : { cost };
}

/** A cost as the service wrote it (a decimal string or a number), or null. */
function costText(value: unknown): string | null {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return String(value);
  return null;
}

function guessAudioType(req: { model: string; response_format?: string }): string {
  if (req.model.startsWith('tta-')) return 'audio/wav';
  return AUDIO_TYPES[req.response_format ?? 'mp3'] ?? 'application/octet-stream';
}
