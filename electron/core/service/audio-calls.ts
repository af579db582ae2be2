// Sound: speech from text (bytes, base64 or a link to download) and transcription of a file (multipart).
import { type CallFamily, costText, mediaType, readBytes, requireKey, withCost } from './calls';
import { serviceError } from './errors';
import { failureOf, parseJsonAnswer, type WireCall } from './http';
import type { BinaryResult, FullServiceClient } from './types';
import { isObject } from './wire';

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  opus: 'audio/opus',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  pcm: 'audio/pcm',
};

export const audioCalls: CallFamily<Pick<FullServiceClient, 'transcribe' | 'speech'>> = (c) => {
  return {
    async transcribe(req, callOpts = {}) {
      const where = c.place();
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
      return c.transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, c.now());
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
      const where = c.place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'POST',
        url: `${where.base}/audio/speech`,
        auth: 'bearer',
        json: req,
        accept: 'audio/*, application/json;q=0.5',
        // Music is long WAV; the answer may also be JSON holding the audio as base64.
        ...c.answerLimit(
          'audio',
          req.model.startsWith('tta-') ? 'The music answer' : 'The speech answer',
        ),
      };
      const answer = await c.transport.send(
        call,
        apiKey,
        callOpts,
        async (res): Promise<BinaryResult | { url: string; cost: string | null }> => {
          if (!res.ok) throw await failureOf(res, apiKey, c.now());
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
      return {
        ...(await c.downloadFile(answer.url, { ...callOpts, holds: 'audio' })),
        ...withCost(answer.cost),
      };
    },
  };
};

function guessAudioType(req: { model: string; response_format?: string }): string {
  if (req.model.startsWith('tta-')) return 'audio/wav';
  return AUDIO_TYPES[req.response_format ?? 'mp3'] ?? 'application/octet-stream';
}
