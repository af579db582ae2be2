// A JSON body with stored files streamed from disk: over real HTTP, byte for byte the JSON of the file's base64, with its exact Content-Length; a fresh stream per attempt.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  base64Bytes,
  base64Length,
  fileBase64,
  jsonBody,
  type StreamedBody,
} from '../../../../electron/core/service/streamed-body';

let dir: string;
let server: Server;
let url: string;
const received: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-streamed-body-'));
  server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(parts) });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function post(body: StreamedBody): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const init = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
    body: body.open(),
    duplex: 'half',
  };
  const res = await fetch(url, init as RequestInit);
  await res.text();
  return received.at(-1)!;
}

describe('jsonBody', () => {
  it('is the plain JSON text when the value holds no file', () => {
    const value = { model: 'm', text: 'ünïcode "quoted"', list: [1, null, { a: true }] };
    expect(jsonBody(value)).toBe(JSON.stringify(value));
  });

  it('sends exactly the JSON of the base64 text, for sizes around every 3-byte and read boundary', async () => {
    for (const size of [0, 1, 2, 3, 4, 5, 192 * 1024 - 1, 192 * 1024 + 1, 1024 * 1024 + 2]) {
      const bytes = randomBytes(size);
      const path = join(dir, `f${size}.bin`);
      await writeFile(path, bytes);
      const other = randomBytes(7);
      await writeFile(join(dir, 'other.bin'), other);
      const value = {
        encoded_base64_file: fileBase64(path, size),
        filename: 'naïve “name”.pdf',
        nested: { second: fileBase64(join(dir, 'other.bin'), 7), after: [1, 2] },
      };
      const expected = JSON.stringify({
        encoded_base64_file: bytes.toString('base64'),
        filename: 'naïve “name”.pdf',
        nested: { second: other.toString('base64'), after: [1, 2] },
      });
      const body = jsonBody(value);
      if (typeof body === 'string') throw new Error('expected a streamed body');
      expect(body.length).toBe(Buffer.byteLength(expected));
      const got = await post(body);
      expect(got.headers['content-length']).toBe(String(body.length));
      expect(got.headers['transfer-encoding']).toBeUndefined();
      expect(got.body.toString('utf8')).toBe(expected);
    }
    expect(base64Length(4)).toBe(8);
  });

  it('opens the file afresh for every stream, and fails one whose file changed size', async () => {
    const drain = async (body: StreamedBody) => {
      const reader = body.open().getReader();
      for (;;) if ((await reader.read()).done) return;
    };
    const path = join(dir, 'again.bin');
    const bytes = randomBytes(300_000);
    await writeFile(path, bytes);
    const body = jsonBody({ file: fileBase64(path, bytes.length) }) as StreamedBody;
    const expected = JSON.stringify({ file: bytes.toString('base64') });
    expect((await post(body)).body.toString()).toBe(expected);
    expect((await post(body)).body.toString()).toBe(expected);

    await truncate(path, 1000);
    await expect(drain(body)).rejects.toThrow(/changed on disk/);
    await writeFile(path, Buffer.concat([bytes, Buffer.from('more')]));
    await expect(drain(body)).rejects.toThrow(/changed on disk/);
  });
});

describe('base64Bytes', () => {
  it('writes the same characters as Buffer base64, for every remainder', () => {
    for (const size of [0, 1, 2, 3, 4, 5, 6, 1000, 1001, 1002]) {
      const bytes = randomBytes(size);
      expect(Buffer.from(base64Bytes(bytes)).toString('latin1')).toBe(bytes.toString('base64'));
    }
  });
});
