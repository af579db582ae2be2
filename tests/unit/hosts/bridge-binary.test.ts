// File bytes over the web host's bridge: binary frames reach core's file store as they are; malformed or oversized ones are refused and the host keeps serving.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Envelope, StoredFile } from '../../../shared/types';
import { UPLOAD_CHUNK_BYTES } from '../../../shared/upload-limits';
import {
  BINARY_FIELD,
  decodeBinaryCall,
  encodeBinaryCall,
  MAX_BINARY_HEADER_BYTES,
} from '../../../dev/bridge-protocol';
import { MAX_MESSAGE_BYTES } from '../../../dev/web-server';
import { startWebHost } from '../../../dev/web';

interface Answer {
  kind: 'answer';
  id: number;
  envelope: Envelope<unknown>;
}

let dataDir: string;
let host: Awaited<ReturnType<typeof startWebHost>>;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'atelier-bridge-binary-'));
  host = await startWebHost({ port: 0, dataDir, log: () => undefined });
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A socket past its hello, as a page opens one (each with a fresh login of the host's). */
function open(): Promise<WebSocket> {
  const address = new URL(host.freshUrl());
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${address.origin.replace('http:', 'ws:')}/bridge`, {
      headers: { Origin: address.origin },
    });
    sockets.push(socket);
    socket.once('open', () =>
      socket.send(JSON.stringify({ kind: 'hello', login: address.searchParams.get('token') })),
    );
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends one frame and waits for the answer to `id`; null when none came within `waitMs`. */
function exchange(
  socket: WebSocket,
  id: number,
  frame: string | Uint8Array,
  waitMs = 2000,
): Promise<Answer | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      resolve(null);
    }, waitMs);
    const onMessage = (raw: WebSocket.RawData): void => {
      const message = JSON.parse(raw.toString()) as Answer;
      if (message.kind !== 'answer' || message.id !== id) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(frame);
  });
}

const text = (id: number, channel: string, input: unknown): string =>
  JSON.stringify({ id, channel, input });
const binary = (id: number, channel: string, input: object, bytes: Uint8Array): Uint8Array =>
  encodeBinaryCall({ id, channel, input: { ...input, [BINARY_FIELD]: bytes } }, bytes);

async function begin(socket: WebSocket, id: number, size: number): Promise<string> {
  const begun = await exchange(
    socket,
    id,
    text(id, 'files.begin', { name: 'a.bin', mime: '', size }),
  );
  expect(begun?.envelope).toMatchObject({ ok: true });
  return (begun!.envelope as { ok: true; data: { uploadId: string } }).data.uploadId;
}

describe('the binary frame format', () => {
  it('round-trips a call and its bytes, and refuses frames that lie about their parts', () => {
    const bytes = randomBytes(1000);
    const frame = binary(7, 'files.chunk', { uploadId: 'u', offset: 0 }, bytes);
    const call = decodeBinaryCall(Buffer.from(frame));
    expect(call).toMatchObject({
      id: 7,
      channel: 'files.chunk',
      input: { uploadId: 'u', offset: 0 },
    });
    expect(Buffer.compare((call!.input as { bytes: Uint8Array }).bytes, bytes)).toBe(0);

    const header = (length: number, rest: Uint8Array = new Uint8Array()) => {
      const out = Buffer.alloc(4 + rest.length);
      out.writeUInt32BE(length, 0);
      out.set(rest, 4);
      return out;
    };
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(decodeBinaryCall(Buffer.from([0, 0]))).toBeNull();
    expect(decodeBinaryCall(header(100, json({ id: 1 })))).toBeNull();
    expect(decodeBinaryCall(header(MAX_BINARY_HEADER_BYTES + 1, Buffer.alloc(5000)))).toBeNull();
    expect(decodeBinaryCall(header(3, Buffer.from('{{{')))).toBeNull();
    expect(decodeBinaryCall(header(4, Buffer.from([0xff, 0xfe, 0x7b, 0x7d])))).toBeNull();
    const noInput = json({ id: 1, channel: 'files.chunk', input: 'x' });
    expect(decodeBinaryCall(header(noInput.length, noInput))).toBeNull();
    const noId = json({ channel: 'files.chunk', input: {} });
    expect(decodeBinaryCall(header(noId.length, noId))).toBeNull();
  });
});

describe('files over the bridge of the real web host', () => {
  it('stores a file sent in binary chunks byte for byte', async () => {
    const socket = await open();
    const bytes = randomBytes(UPLOAD_CHUNK_BYTES + 12_345);
    const uploadId = await begin(socket, 1, bytes.length);
    let id = 2;
    for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
      const part = bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
      const answer = await exchange(
        socket,
        id,
        binary(id++, 'files.chunk', { uploadId, offset }, part),
      );
      expect(answer?.envelope).toEqual({ ok: true, data: { received: offset + part.length } });
    }
    const finished = await exchange(socket, id, text(id, 'files.finish', { uploadId }));
    const stored = (finished!.envelope as { ok: true; data: StoredFile }).data;
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('refuses an oversized chunk, an empty one, a chunk as text and bytes on another call', async () => {
    const socket = await open();
    const uploadId = await begin(socket, 1, 3 * UPLOAD_CHUNK_BYTES);
    const refused = async (id: number, frame: string | Uint8Array) =>
      expect((await exchange(socket, id, frame))?.envelope).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    const chunk = { uploadId, offset: 0 };
    await refused(2, binary(2, 'files.chunk', chunk, new Uint8Array(UPLOAD_CHUNK_BYTES + 1)));
    await refused(3, binary(3, 'files.chunk', chunk, new Uint8Array(0)));
    await refused(4, text(4, 'files.chunk', { ...chunk, bytes: 'AAAA' }));
    await refused(5, text(5, 'files.chunk', { ...chunk, base64: 'AAAA' }));
    await refused(6, binary(6, 'settings.get', {}, new Uint8Array(10)));
    // Nothing was written by any of them: the first real chunk still starts at 0.
    const fine = await exchange(socket, 7, binary(7, 'files.chunk', chunk, new Uint8Array(5)));
    expect(fine?.envelope).toEqual({ ok: true, data: { received: 5 } });
  });

  it('drops a malformed binary frame, closes the socket on one over the limit, and keeps serving', async () => {
    const socket = await open();
    const lying = Buffer.alloc(8);
    lying.writeUInt32BE(1000, 0);
    expect(await exchange(socket, 1, lying, 300)).toBeNull();
    const still = await exchange(socket, 2, text(2, 'settings.get', {}));
    expect(still?.envelope).toMatchObject({ ok: true });

    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(Buffer.alloc(MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    const next = await open();
    expect((await exchange(next, 1, text(1, 'settings.get', {})))?.envelope).toMatchObject({
      ok: true,
    });
  });
});
