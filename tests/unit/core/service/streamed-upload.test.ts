// A file in a request (streamed from disk, or a multipart form): no copy of it kept while it goes, and a redirect refused rather than followed.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runtimeCollector } from '../../../../electron/core/library/young-garbage';
import { base64Length, fileBase64 } from '../../../../electron/core/service/streamed-body';
import { clientFor, closeLocalServers, failureOf, sendJson, startLocal } from './client-harness';

const FILE_BYTES = 24 * 1024 * 1024;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-streamed-upload-'));
  file = join(dir, 'big.pdf');
  await writeFile(file, randomBytes(FILE_BYTES));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(closeLocalServers);

const settle = () => new Promise((done) => setTimeout(done, 50));

describe('a stored file in a request body', () => {
  it('is not held in memory while it is sent: the pieces already sent are freed', async () => {
    // A server that only counts, and notes this process's ArrayBuffer memory once the whole
    // body has arrived, before the client's call ends.
    let arrived = 0;
    let atEnd = 0;
    const server = createServer((req, res) => {
      req.on('data', (part: Buffer) => (arrived += part.length));
      req.on('end', () => {
        atEnd = process.memoryUsage().arrayBuffers;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ pages: [{ index: 0, markdown: 'ok', images: [] }] }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const { client } = clientFor(base);
      runtimeCollector()?.({ type: 'major', execution: 'sync' });
      await settle();
      const before = process.memoryUsage().arrayBuffers;
      const answer = await client.extractText({
        encoded_base64_file: fileBase64(file, FILE_BYTES),
        filename: 'big.pdf',
        model: 'mistral-ocr-latest',
      });
      expect(answer.pages?.[0]?.markdown).toBe('ok');
      const sent = base64Length(FILE_BYTES);
      expect(arrived).toBeGreaterThan(sent);
      // Node's fetch, left to follow redirects, keeps every piece until the answer: 32 MB here.
      expect(atEnd - before).toBeLessThan(sent / 4);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('is not sent again to where a redirect points: the call fails at the redirect', async () => {
    const moved = await startLocal((_req, res) => sendJson(res, 200, { pages: [] }));
    const local = await startLocal((_req, res) => {
      res.writeHead(307, { Location: `${moved.base}/extract_text` });
      res.end();
    });
    const { client } = clientFor(local.base);
    const failure = await failureOf(
      client.extractText({
        encoded_base64_file: fileBase64(file, FILE_BYTES),
        filename: 'big.pdf',
        model: 'mistral-ocr-latest',
      }),
    );
    expect(failure.error.code).toBe('bad_base_url');
    expect(failure.message).toMatch(
      /redirected the request elsewhere.*Check the base URL in Settings/,
    );
    expect(local.requests).toHaveLength(1);
    expect(moved.requests).toHaveLength(0);
  });

  it('in a multipart form is not sent on either: a recording to transcribe meets a 307', async () => {
    // Fetch can replay a form after a 307, so without the refusal this one would be followed.
    const moved = await startLocal((_req, res) => sendJson(res, 200, { text: 'heard elsewhere' }));
    const local = await startLocal((_req, res) => {
      res.writeHead(307, { Location: `${moved.base}/audio/transcriptions` });
      res.end();
    });
    const { client } = clientFor(local.base);
    const failure = await failureOf(
      client.transcribe({ file: new Uint8Array(4096), filename: 'a.wav', model: 'stt-x' }),
    );
    expect(failure.error.code).toBe('bad_base_url');
    expect(local.requests).toHaveLength(1);
    expect(moved.requests).toHaveLength(0);
  });
});
