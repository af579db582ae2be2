// The shared call helpers over real HTTP: auth, X-Title, JSON, addresses, answers that are not what they claim, downloads.
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeLocalServers,
  KEY,
  startLocal,
  clientFor,
  failureOf,
  sendJson,
  CHAT,
} from './client-harness';

afterEach(closeLocalServers);

describe('shared call helpers', () => {
  it('sends Bearer, X-Title and JSON, one scheduler slot per attempt', async () => {
    // Written by hand: the cost has more digits than a float keeps, and must arrive intact.
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        '{"choices":[{"index":0,"message":{"role":"assistant","content":"Hello"},"finish_reason":"stop"}],' +
          '"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4,"cost":0.000012345678901234567}}',
      );
    });
    const { client, log } = clientFor(local.base);
    const result = await client.chat(CHAT);
    expect(result).toEqual({
      content: 'Hello',
      reasoning: '',
      finishReason: 'stop',
      usage: {
        promptTokens: 3,
        completionTokens: 1,
        totalTokens: 4,
        cost: '0.000012345678901234567',
      },
    });
    const [req] = local.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['x-title']).toBe('Atelier');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body.toString() ?? '')).toEqual({ ...CHAT, stream: false });
    expect(log.reserved).toBe(1);
  });

  it('fails with no_key before any request when the key is missing', async () => {
    const local = await startLocal((_req, res) => sendJson(res, 200, {}));
    for (const key of [null, '', '   ']) {
      const { client, log } = clientFor(local.base, { key });
      const e = await failureOf(client.listModels());
      expect(e.error.code).toBe('no_key');
      expect(log.reserved).toBe(0);
    }
    expect(local.requests).toHaveLength(0);
  });

  it('fails with bad_base_url for an invalid or non-http base URL, without a request', async () => {
    for (const base of ['not a url', 'ftp://127.0.0.1/v1', 'file:///etc/v1', '']) {
      const { client, log } = clientFor(base);
      expect((await failureOf(client.chat(CHAT))).error.code).toBe('bad_base_url');
      expect(log.reserved).toBe(0);
    }
  });

  it('says bad_base_url when the root answers 404 with a web page', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<html><head><title>404 Not Found</title></head><body>nginx</body></html>');
    });
    const { client } = clientFor(local.origin);
    const e = await failureOf(client.listModels());
    expect(e.error).toMatchObject({ code: 'bad_base_url', status: 404, message: '404 Not Found' });
  });

  it('says bad_base_url when a 200 answer is a web page', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><html><head><title>My blog</title></head><body>hi</body></html>');
    });
    const { client } = clientFor(local.base);
    const e = await failureOf(client.listModels());
    expect(e.error.code).toBe('bad_base_url');
    expect(e.error.message).toContain('My blog');
    expect(e.error.message).not.toContain('<');
  });

  it('says network when nothing listens', async () => {
    const local = await startLocal(() => undefined);
    const base = local.base;
    await local.close();
    const { client } = clientFor(base);
    const e = await failureOf(client.listModels());
    expect(e.error.code).toBe('network');
    expect(e.error.message).toContain('ECONNREFUSED');
  });

  it('says malformed_response for broken JSON and for a list without data', async () => {
    let body = '{"data": [';
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    });
    const { client } = clientFor(local.base);
    expect((await failureOf(client.listModels())).error.code).toBe('malformed_response');
    body = '{"object":"list"}';
    expect((await failureOf(client.listModels())).error.code).toBe('malformed_response');
    body = '{"object":"chat.completion"}';
    expect((await failureOf(client.chat(CHAT))).error.code).toBe('malformed_response');
  });

  it('maps a 200 answer whose body is an error object', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { error: { message: 'Not enough funds on the account. Top up.' } }),
    );
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chat(CHAT));
    expect(e.error).toMatchObject({
      code: 'no_funds',
      message: 'Not enough funds on the account. Top up.',
    });
    expect(local.requests).toHaveLength(1);
  });

  it('reads an HTML error page as a short text', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>' +
          '<body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>',
      );
    });
    const { client } = clientFor(local.base);
    const e = await failureOf(client.chatStream(CHAT));
    expect(e.error).toMatchObject({
      code: 'server_error',
      status: 500,
      message: '500 Internal Server Error',
    });
  });

  it('downloadFile sends the key only to the service origin, and decodes data URIs locally', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/mp4' });
      res.end('mp4');
    });
    const { client, log } = clientFor(local.base);
    const file = await client.downloadFile(`${local.origin}/files/v.mp4`);
    expect(file).toEqual({ bytes: Buffer.from('mp4'), mimeType: 'video/mp4' });
    expect(local.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const relative = await client.downloadFile('/files/w.mp4');
    expect(relative.bytes.toString()).toBe('mp4');
    const inline = await client.downloadFile('data:audio/wav;base64,UklGRg==');
    expect(inline).toEqual({ bytes: Buffer.from('RIFF'), mimeType: 'audio/wav' });
    expect(log.reserved).toBe(2);
  });
});
