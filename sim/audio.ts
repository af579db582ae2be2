// Audio endpoints: /audio/speech (speech and music) and /audio/transcriptions (multipart).
import { requireAccount, type Call, type Route } from './context';
import {
  optionalInteger,
  optionalString,
  parseJsonObject,
  requireString,
  sendBytes,
  sendJson,
  SimHttpError,
} from './http';
import {
  encodeWav,
  melodySamples,
  mp3Seconds,
  readWav,
  SAMPLE_RATE,
  silentMp3,
  speechSamples,
  speechSeconds,
} from './media/audio';
import { encodeFlac, silentAdts, silentOggOpus } from './media/audio-formats';
import { hearsSignature, SPOKEN_QUESTION } from './media/voice-signature';
import { costOfUnits, formatCredits } from './money';
import { requireKind, resolveModel, type SimModel } from './models';
import { parseMultipart } from './multipart';
import { ERROR_200_BODY, errorTrigger, hasTrigger, numericTrigger } from './triggers';

const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'];
/** The convention's speech formats: each answered with a real file of its kind. */
const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];
/** Raw pcm as the convention gives it: 16-bit signed little-endian, mono, 24 kHz. */
const PCM_RATE = 24_000;
const MAX_SPEECH_CHARS = 4096;
const DEFAULT_MUSIC_SECONDS = 10;

function invalid(message: string, code = 'invalid_request'): SimHttpError {
  return new SimHttpError(400, message, { code });
}

function speak(call: Call, model: SimModel, body: Record<string, unknown>, input: string): void {
  const account = requireAccount(call);
  const voice = requireString(body, 'voice');
  if (!VOICES.includes(voice))
    throw invalid(`voice must be one of ${VOICES.join(', ')}; got '${voice}'`);
  const format = optionalString(body, 'response_format') ?? 'mp3';
  if (!SPEECH_FORMATS.includes(format))
    throw invalid(
      `response_format '${format}' is not supported by ${model.id}: use ${SPEECH_FORMATS.join(', ')}`,
    );
  if (input.length > MAX_SPEECH_CHARS)
    throw invalid(`input is longer than ${MAX_SPEECH_CHARS} characters`);
  const cost = costOfUnits(input.length, model.promptMicroPerM);
  call.state.accounts.assertCanPay(account, cost);
  const failure = errorTrigger(input, model.id);
  if (failure) throw failure;
  if (hasTrigger(input, 'error200')) return sendJson(call.res, 200, ERROR_200_BODY);
  call.state.accounts.charge(account, cost);
  const headers = { 'X-Cost': formatCredits(cost) };
  if (hasTrigger(input, 'notaudio')) return sendNotAudio(call, headers);
  // Compressed speech is silence of the speech's length (the simulator has no encoder for sound).
  const seconds = speechSeconds(input);
  if (format === 'mp3') return sendBytes(call.res, 200, 'audio/mpeg', silentMp3(seconds), headers);
  if (format === 'opus')
    return sendBytes(call.res, 200, 'audio/ogg', silentOggOpus(seconds), headers);
  if (format === 'aac') return sendBytes(call.res, 200, 'audio/aac', silentAdts(seconds), headers);
  if (format === 'pcm') {
    const samples = speechSamples(input, voice, PCM_RATE);
    const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    return sendBytes(call.res, 200, 'audio/pcm', bytes, headers);
  }
  const samples = speechSamples(input, voice);
  if (format === 'flac')
    return sendBytes(call.res, 200, 'audio/flac', encodeFlac(samples, SAMPLE_RATE), headers);
  sendBytes(call.res, 200, 'audio/wav', encodeWav(samples, input), headers);
}

/** [[notaudio]]: a 200 labelled as audio whose bytes are an HTML page (a proxy's error page, say). */
function sendNotAudio(call: Call, headers: Record<string, string>): void {
  sendBytes(
    call.res,
    200,
    'audio/mpeg',
    Buffer.from('<!DOCTYPE html>\n<html><body><h1>Service temporarily busy</h1></body></html>\n'),
    headers,
  );
}

function makeMusic(
  call: Call,
  model: SimModel,
  body: Record<string, unknown>,
  input: string,
): void {
  const account = requireAccount(call);
  const format = optionalString(body, 'response_format');
  if (format !== undefined && format !== 'wav')
    throw invalid(
      `Music is WAV only: response_format '${format}' is not supported`,
      'unsupported_format',
    );
  const seconds = optionalInteger(body, 'seconds_total') ?? DEFAULT_MUSIC_SECONDS;
  const maxSeconds = model.maxSeconds ?? 30;
  if (seconds < 1 || seconds > maxSeconds)
    throw invalid(`seconds_total must be within 1..${maxSeconds} for ${model.id}; got ${seconds}`);
  const cost = seconds * (model.unitMicro ?? 0);
  call.state.accounts.assertCanPay(account, cost);
  const failure = errorTrigger(input, model.id);
  if (failure) throw failure;
  if (hasTrigger(input, 'error200')) return sendJson(call.res, 200, ERROR_200_BODY);
  // [[short:N]]: a clip of N seconds whatever was asked, as a real model sometimes makes.
  const made = Math.min(seconds, numericTrigger(input, 'short') ?? seconds);
  const wav = encodeWav(melodySamples(input, made), input);
  call.state.accounts.charge(account, cost);
  if (hasTrigger(input, 'notaudio')) return sendNotAudio(call, { 'X-Cost': formatCredits(cost) });
  if (model.musicAnswer === 'url') {
    const url = call.state.files.publish(`${call.state.nextId('music')}.wav`, {
      contentType: 'audio/wav',
      bytes: wav,
    });
    return sendJson(call.res, 200, { url, seconds, cost: formatCredits(cost) });
  }
  sendBytes(call.res, 200, 'audio/wav', wav, { 'X-Cost': formatCredits(cost) });
}

function createSpeech(call: Call): void {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const model = resolveModel(requireString(body, 'model'), account);
  requireKind(model, ['text-to-speech', 'music'], '/audio/speech');
  const input = requireString(body, 'input');
  if (model.kind === 'music') makeMusic(call, model, body, input);
  else speak(call, model, body, input);
}

/** Which audio container the bytes are, by their magic numbers. */
function audioFormat(bytes: Buffer): string | null {
  const ascii = (from: number, to: number) => bytes.toString('latin1', from, to);
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0))
    return 'mp3';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(4, 8) === 'ftyp') return 'm4a';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

interface Segment {
  id: number;
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

/** Sentences spread over the duration by their length; diarization alternates two speakers. */
function segmentsOf(text: string, seconds: number, diarize: boolean): Segment[] {
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  const total = sentences.reduce((sum, s) => sum + s.length, 0) || 1;
  let at = 0;
  return sentences.map((sentence, id) => {
    const start = at;
    at += (seconds * sentence.length) / total;
    const segment: Segment = { id, start: round(start), end: round(at), text: sentence };
    if (diarize) segment.speaker = `SPEAKER_${String(id % 2).padStart(2, '0')}`;
    return segment;
  });
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

const TRANSCRIPT_FORMATS = ['json', 'text', 'verbose_json', 'srt', 'vtt'];

function transcribe(call: Call): void {
  const account = requireAccount(call);
  const form = parseMultipart(call.body, call.req.headers['content-type']);
  const modelId = form.fields.get('model');
  if (!modelId) throw invalid("Field 'model' is required");
  const model = resolveModel(modelId, account);
  requireKind(model, ['speech-to-text'], '/audio/transcriptions');
  const file = form.files.get('file');
  if (!file) throw invalid("Field 'file' (the audio file) is required");
  if (file.bytes.length === 0) throw invalid('The audio file is empty');
  const format = form.fields.get('response_format') || 'json';
  if (!TRANSCRIPT_FORMATS.includes(format))
    throw invalid(`response_format must be one of ${TRANSCRIPT_FORMATS.join(', ')}`);
  const container = audioFormat(file.bytes);
  if (!container)
    throw invalid(
      'Unsupported audio format: send flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav or webm',
      'invalid_file_format',
    );
  const wav = container === 'wav' ? readWav(file.bytes) : null;
  const seconds = Math.max(0.1, wav ? wav.seconds : mp3Seconds(file.bytes.length));
  const cost = Math.ceil((seconds * (model.unitMicro ?? 0)) / 60);
  call.state.accounts.assertCanPay(account, cost);
  call.state.accounts.charge(account, cost);
  const language = form.fields.get('language') || 'en';
  // The simulator's own speech carries its text, so a round trip gives the words back; the fake
  // microphone's tone bursts (voice mode's e2e test) are heard as one fixed question.
  const said = wav?.comment
    ? `It says: ${wav.comment}`
    : 'The simulator cannot hear, so it describes the file instead.';
  const text =
    !wav?.comment && container === 'wav' && hearsSignature(file.bytes)
      ? SPOKEN_QUESTION[language === 'ru' ? 'ru' : 'en']
      : `This is the simulated transcript of ${file.filename || 'the recording'}, about ${Math.round(seconds)} seconds long. ${said}`;
  const diarize = model.features.includes('diarization');
  const segments = segmentsOf(text, seconds, diarize);
  switch (format) {
    case 'text':
      return sendBytes(call.res, 200, 'text/plain; charset=utf-8', text);
    case 'srt':
      return sendBytes(
        call.res,
        200,
        'text/plain; charset=utf-8',
        segments
          .map(
            (s) =>
              `${s.id + 1}\n${timestamp(s.start, ',')} --> ${timestamp(s.end, ',')}\n${s.text}\n`,
          )
          .join('\n'),
      );
    case 'vtt':
      return sendBytes(
        call.res,
        200,
        'text/vtt; charset=utf-8',
        `WEBVTT\n\n${segments.map((s) => `${timestamp(s.start, '.')} --> ${timestamp(s.end, '.')}\n${s.speaker ? `<v ${s.speaker}>` : ''}${s.text}\n`).join('\n')}`,
      );
    case 'verbose_json':
      return sendJson(call.res, 200, {
        task: 'transcribe',
        language,
        duration: round(seconds),
        text,
        segments,
        usage: { seconds: round(seconds), cost: formatCredits(cost) },
      });
    default:
      return sendJson(call.res, 200, {
        text,
        usage: { seconds: round(seconds), cost: formatCredits(cost) },
      });
  }
}

export function audioRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/audio/speech',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: createSpeech,
    },
    {
      method: 'POST',
      path: '/audio/transcriptions',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: transcribe,
    },
  ];
}
