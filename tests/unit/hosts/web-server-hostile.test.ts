// A hostile local client on the web host's bridge: malformed frames, and more calls at once than the cap.
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_CALLS_IN_FLIGHT } from '../../../dev/web-server';
import { call, origin, pageSocket, server, useWebServer } from './web-server-harness';

useWebServer();

/** The bridge upgrade by hand, then raw bytes: what a hostile local client can send. */
function rawBridge(): Promise<import('node:net').Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), hostname, () => {
      socket.write(
        `GET /bridge HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nOrigin: ${origin()}\r\n\r\n`,
      );
    });
    socket.once('data', (data) => {
      if (data.toString().startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(data.toString()));
    });
    socket.on('error', () => undefined);
  });
}

function masked(first: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([Buffer.from([first, 0x80 | payload.length]), mask, body]);
}

describe('a hostile client on the bridge', () => {
  it('closes only its own socket on malformed frames; the host keeps serving', async () => {
    const frames = {
      badUtf8: masked(0x81, Buffer.from([0xff, 0xfe, 0xfd])),
      unmasked: Buffer.concat([Buffer.from([0x81, 0x05]), Buffer.from('hello')]),
      rsv1: masked(0xc1, Buffer.from('hi')),
      // A header announcing 2^40 bytes: far over the limit.
      oversize: Buffer.concat([
        Buffer.from([0x82, 0xff]),
        Buffer.from([0, 0, 1, 0, 0, 0, 0, 0]),
        randomBytes(4),
      ]),
    };
    for (const [name, frame] of Object.entries(frames)) {
      const socket = await rawBridge();
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(frame);
      await closed;
      // Still serving: a page logs in and calls core.
      const page = await pageSocket();
      const answer = await call(page, 100, 'conversations.get', { id: name });
      expect(answer.envelope).toMatchObject({ ok: true });
    }
  });

  it('answers calls beyond the cap on calls in flight at once, with an error', async () => {
    const socket = await pageSocket();
    for (let id = 1; id <= MAX_CALLS_IN_FLIGHT; id++)
      socket.send(JSON.stringify({ id, channel: 'chat.stop', input: { conversationId: 'c' } }));
    const refused = await call(socket, 9999, 'conversations.get', { id: 'c' });
    expect(refused.envelope).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/Too many calls at once/) },
    });
  });
});
