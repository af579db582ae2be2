// The transport against a hostile or broken service: deadlines for every body, Stop at once, caps on answers, bodies that do not decode.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_MAX_BYTES } from '../../../../shared/service-limits';
import {
  CHAT,
  chunk,
  clientFor,
  closeLocalServers,
  failureOf,
  sendJson,
  startLocal,
} from './client-harness';

afterEach(closeLocalServers);

const MiB = 1024 * 1024;
/** Deadlines far beyond a test's run: a test that still ends was ended by what it tests. */
const NEVER = 60_000;
/** A gzip member's header: a decoder waits for the deflate data after it. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** Headers at once, then what `first` holds, then nothing: the connection stays open. */
function stallAfter(
  res: ServerResponse,
  headers: Record<string, string>,
  first?: string | Buffer,
): void {
  res.writeHead(200, headers);
  if (first !== undefined) res.write(first);
  else res.flushHeaders();
}

/**
 * Writes `piece` again and again, waiting for the socket, until the client goes or `limit` bytes
 * are written; resolves with the bytes written.
 */
function writeUntilGone(res: ServerResponse, piece: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let written = 0;
    let gone = false;
    res.on('close', () => {
      gone = true;
      resolve(written);
    });
    const more = (): void => {
      while (!gone && written < limit) {
        written += piece.length;
        if (!res.write(piece)) {
          res.once('drain', more);
          return;
        }
      }
      if (!gone) res.end();
    };
    more();
  });
}

/** A fetch that hears nothing of its signal, as a fetch (or a decoding layer) that hangs would. */
const deafFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: null });

/**
 * A fetch whose answer's body is read through a layer that does not heed the signal: the signal
 * does not reach the connection, so only the reader's own cancel ends it.
 */
const deafBodyFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, { ...init, signal: null });
  if (!res.body) return res;
  return new Response(res.body.pipeThrough(new TransformStream()), {
    status: res.status,
    headers: res.headers,
  });
};

describe('deadlines for every answer body', () => {
  it('ends a stream that sends its headers and then nothing, at the idle deadline', async () => {
    const local = await startLocal((_req, res) =>
      stallAfter(res, { 'Content-Type': 'text/event-stream' }),
    );
    const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: 100 });
    const e = await failureOf(client.chatStream(CHAT));
    expect(e.error).toMatchObject({ code: 'upstream_timeout', status: null });
    expect(e.error.message).toMatch(
      /^The service's answer stopped for \d+ s before it was complete\.$/,
    );
    expect(local.requests).toHaveLength(1);
  });

  it('ends a JSON answer that sends its headers and then nothing', async () => {
    const local = await startLocal((_req, res) =>
      stallAfter(res, { 'Content-Type': 'application/json' }, '{"data": ['),
    );
    const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: 100 });
    const e = await failureOf(client.listModels());
    expect(e.error.code).toBe('upstream_timeout');
  });

  it('ends a speech answer whose bytes stop midway', async () => {
    const local = await startLocal((_req, res) =>
      stallAfter(res, { 'Content-Type': 'audio/mpeg' }, Buffer.alloc(4096, 1)),
    );
    const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: 100 });
    const e = await failureOf(client.speech({ model: 'tts-1', input: 'hi', voice: 'alloy' }));
    expect(e.error.code).toBe('upstream_timeout');
  });

  it('ends a download whose bytes stop midway', async () => {
    const local = await startLocal((_req, res) =>
      stallAfter(res, { 'Content-Type': 'video/mp4' }, Buffer.alloc(4096, 1)),
    );
    const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: 100 });
    const e = await failureOf(client.downloadFile(`${local.origin}/v.mp4`));
    expect(e.error.code).toBe('upstream_timeout');
  });

  it('ends an answer declared gzip whose decoding stalls (a gzip header, then nothing)', async () => {
    for (const type of ['text/event-stream', 'application/json']) {
      const local = await startLocal((_req, res) =>
        stallAfter(res, { 'Content-Type': type, 'Content-Encoding': 'gzip' }, GZIP_HEADER),
      );
      const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: 100 });
      const e = await failureOf(
        type === 'application/json' ? client.listModels() : client.chatStream(CHAT),
      );
      expect(e.error.code, type).toBe('upstream_timeout');
    }
  });

  it('says in words that an answer declared gzip holds garbage, and ends', async () => {
    for (const type of ['text/event-stream', 'application/json', 'audio/mpeg']) {
      const local = await startLocal((_req, res) =>
        stallAfter(
          res,
          { 'Content-Type': type, 'Content-Encoding': 'gzip' },
          'data: this is not gzip at all\n\n',
        ),
      );
      const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: NEVER });
      const e = await failureOf(
        type === 'application/json'
          ? client.listModels()
          : type === 'audio/mpeg'
            ? client.speech({ model: 'tts-1', input: 'hi', voice: 'alloy' })
            : client.chatStream(CHAT),
      );
      expect(e.error.code, type).toBe('malformed_response');
      expect(e.error.message, type).toMatch(
        /^The service's answer is declared as compressed \(gzip\) but could not be decompressed/,
      );
    }
  });

  it('ends a failed answer whose error body never ends, reading only its first words', async () => {
    let written: Promise<number> = Promise.resolve(0);
    const local = await startLocal((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      written = writeUntilGone(res, Buffer.from('Internal error. '.repeat(4096)), 256 * MiB);
    });
    const { client } = clientFor(local.base, { requestTimeoutMs: NEVER, idleTimeoutMs: NEVER });
    const e = await failureOf(client.listModels());
    expect(e.error).toMatchObject({ code: 'server_error', status: 500 });
    expect(e.error.message).toMatch(/^Internal error\./);
    expect(await written).toBeLessThan(64 * MiB);
  });
});

describe('Stop', () => {
  it('ends a call at once when the fetch does not heed its signal', async () => {
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const local = await startLocal(() => arrived());
    const { client } = clientFor(local.base, { fetch: deafFetch, requestTimeoutMs: NEVER });
    const controller = new AbortController();
    const pending = client.chatStream(CHAT, { signal: controller.signal });
    await asked;
    controller.abort();
    expect((await failureOf(pending)).error.code).toBe('cancelled');
  });

  it('ends a stream at once when its body reader does not heed the signal, and lets the connection go', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const local = await startLocal((_req, res) => {
      res.on('close', () => closed());
      stallAfter(
        res,
        { 'Content-Type': 'text/event-stream' },
        `data: ${chunk({ content: 'first' })}\n\n`,
      );
    });
    const { client } = clientFor(local.base, {
      fetch: deafBodyFetch,
      requestTimeoutMs: NEVER,
      idleTimeoutMs: NEVER,
    });
    const controller = new AbortController();
    const e = await failureOf(
      client.chatStream(CHAT, { signal: controller.signal, onDelta: () => controller.abort() }),
    );
    expect(e.error.code).toBe('cancelled');
    expect(e.partial?.content).toBe('first');
    // The abandoned reader is cancelled in the background: the service sees the connection end.
    await gone;
  });

  it('ends a download at once when its body reader does not heed the signal', async () => {
    let arrived!: () => void;
    const sent = new Promise<void>((resolve) => (arrived = resolve));
    const local = await startLocal((_req, res) => {
      stallAfter(res, { 'Content-Type': 'video/mp4' }, Buffer.alloc(1024, 1));
      arrived();
    });
    const { client } = clientFor(local.base, {
      fetch: deafBodyFetch,
      requestTimeoutMs: NEVER,
      idleTimeoutMs: NEVER,
    });
    const controller = new AbortController();
    const pending = client.downloadFile(`${local.origin}/v.mp4`, { signal: controller.signal });
    await sent;
    controller.abort();
    expect((await failureOf(pending)).error.code).toBe('cancelled');
  });
});

describe('caps on answers', () => {
  /** An endless body of `type`; resolves the bytes the server got to write before the client went. */
  async function endless(type: string) {
    let written: Promise<number> = Promise.resolve(0);
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': type });
      written = writeUntilGone(res, Buffer.alloc(64 * 1024, 0x41), 256 * MiB);
    });
    return { local, written: () => written };
  }

  it('refuses a speech answer past the audio cap in words, without reading the rest', async () => {
    const { local, written } = await endless('audio/wav');
    const { client } = clientFor(local.base, { answerMaxBytes: { audio: 2 * MiB } });
    const e = await failureOf(client.speech({ model: 'tts-1', input: 'hi', voice: 'alloy' }));
    expect(e.error).toMatchObject({
      code: 'too_large',
      status: 200,
      retryable: false,
      details: { reason: 'answer_cap', limit: 2 * MiB, unit: 'bytes' },
    });
    expect(e.error.message).toBe(
      "The speech answer passed Atelier's limit of 2 MB, so Atelier stopped reading it.",
    );
    expect(await written()).toBeLessThan(64 * MiB);
    expect(local.requests).toHaveLength(1);
  });

  it('holds music, a picture, a video and a JSON answer to their own caps', async () => {
    const caps = { json: 1 * MiB, image: 2 * MiB, audio: 3 * MiB, video: 4 * MiB };
    const cases = [
      {
        type: 'audio/wav',
        call: (c: ReturnType<typeof clientFor>['client']) =>
          c.speech({ model: 'tta-music', input: 'a tune', seconds_total: 600 }),
        limit: caps.audio,
        what: 'The music answer',
      },
      {
        type: 'application/json',
        call: (c: ReturnType<typeof clientFor>['client']) =>
          c.generateImage({ model: 'img-x', prompt: 'a cat' }),
        limit: caps.image,
        what: 'The image answer',
      },
      {
        type: 'image/png',
        call: (c: ReturnType<typeof clientFor>['client'], origin: string) =>
          c.downloadFile(`${origin}/p.png`, { holds: 'image' }),
        limit: caps.image,
        what: 'The picture',
      },
      {
        type: 'video/mp4',
        call: (c: ReturnType<typeof clientFor>['client'], origin: string) =>
          c.downloadFile(`${origin}/v.mp4`),
        limit: caps.video,
        what: 'The video file',
      },
      {
        type: 'application/json',
        call: (c: ReturnType<typeof clientFor>['client']) => c.listModels(),
        limit: caps.json,
        what: "The service's answer",
      },
    ];
    for (const { type, call, limit, what } of cases) {
      const { local, written } = await endless(type);
      const { client } = clientFor(local.base, { answerMaxBytes: caps });
      const e = await failureOf(call(client, local.origin));
      expect(e.error.details, what).toEqual({ reason: 'answer_cap', limit, unit: 'bytes' });
      expect(e.error.message, what).toMatch(new RegExp(`^${what}`));
      expect(await written(), what).toBeLessThan(64 * MiB);
    }
  });

  it('takes the caps of shared/service-limits.ts when none are given', async () => {
    const { local, written } = await endless('application/json');
    const { client } = clientFor(local.base);
    const e = await failureOf(client.listModels());
    expect(e.error.details).toEqual({
      reason: 'answer_cap',
      limit: ANSWER_MAX_BYTES.json,
      unit: 'bytes',
    });
    expect(await written()).toBeLessThan(ANSWER_MAX_BYTES.json + 64 * MiB);
  });

  it('refuses at once an answer whose Content-Length says it is past the cap', async () => {
    let written: Promise<number> = Promise.resolve(0);
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(300 * MiB) });
      written = writeUntilGone(res, Buffer.alloc(64 * 1024, 0x41), 300 * MiB);
    });
    const { client } = clientFor(local.base);
    const e = await failureOf(client.speech({ model: 'tts-1', input: 'hi', voice: 'alloy' }));
    expect(e.error.details).toEqual({
      reason: 'answer_cap',
      limit: ANSWER_MAX_BYTES.audio,
      unit: 'bytes',
    });
    expect(await written).toBeLessThan(64 * MiB);
  });

  it('still takes an answer exactly at its cap', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      res.end(Buffer.alloc(MiB, 7));
    });
    const { client } = clientFor(local.base, { answerMaxBytes: { audio: MiB } });
    const result = await client.speech({ model: 'tts-1', input: 'hi', voice: 'alloy' });
    expect(result.bytes.length).toBe(MiB);
  });

  it('reads a whole JSON answer as before', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, { data: [{ id: 'a/b' }] }));
    const { client } = clientFor(local.base);
    expect((await client.listModels()).map((m) => m.id)).toEqual(['a/b']);
  });
});
