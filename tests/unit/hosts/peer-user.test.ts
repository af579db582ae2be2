// Which user a loopback connection comes from: /proc/net/tcp{,6} read on edge cases, this process's own connection found live, and the web host refusing another user's bridge and media even with a good address.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fromThisUser, peerUidIn } from '../../../dev/peer-user';
import { startWebServer, type WebServer } from '../../../dev/web-server';

const HEADER =
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';

describe('peerUidIn', () => {
  const ends = {
    remoteAddress: '127.0.0.1',
    remotePort: 40000,
    localAddress: '127.0.0.1',
    localPort: 8080,
  };
  // 127.0.0.1 is 0100007F in the kernel's order; 40000 is 9C40, 8080 is 1F90.
  const v4 = [
    HEADER,
    '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 1 1',
    '   1: 0100007F:9C40 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1001        0 2 1',
    '   2: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 3 1',
  ].join('\n');

  it("finds the peer's own socket (its local end is our remote one), not ours", () => {
    expect(peerUidIn([v4], ends)).toBe(1001);
  });

  it('reads IPv4-mapped and plain IPv6 lines of tcp6', () => {
    const mapped = [
      HEADER,
      '   0: 0000000000000000FFFF00000100007F:9C40 0000000000000000FFFF00000100007F:1F90 01 0:0 0:0 0  1002 0 4 1',
    ].join('\n');
    expect(peerUidIn(['', mapped], { ...ends, remoteAddress: '::ffff:127.0.0.1' })).toBe(1002);
    const loopback6 = [
      HEADER,
      '   0: 00000000000000000000000001000000:9C40 00000000000000000000000001000000:1F90 01 0:0 0:0 0  1003 0 5 1',
    ].join('\n');
    expect(peerUidIn([loopback6], { ...ends, remoteAddress: '::1', localAddress: '::1' })).toBe(
      1003,
    );
  });

  it('answers null when no line names the connection or the ends are unknown', () => {
    expect(peerUidIn([v4], { ...ends, remotePort: 40001 })).toBeNull();
    expect(peerUidIn([v4], { ...ends, remoteAddress: undefined })).toBeNull();
    expect(peerUidIn(['garbage\n1: zz:zz yy:yy'], ends)).toBeNull();
  });
});

const linux = process.platform === 'linux';
const root = linux && process.getuid?.() === 0;

describe.skipIf(!linux)('fromThisUser on this computer', () => {
  it("says yes to this process's own loopback connection", async () => {
    const accepted = new Promise<Socket>((resolve) => {
      const server = createServer((socket) => {
        resolve(socket);
        server.close();
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        clients.push(connect(port, '127.0.0.1'));
      });
    });
    const socket = await accepted;
    expect(await fromThisUser(socket)).toBe(true);
    socket.destroy();
  });
});

const clients: Socket[] = [];
let server: WebServer | null = null;
let rendererDir: string | null = null;
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await server?.close();
  server = null;
  if (rendererDir) await rm(rendererDir, { recursive: true, force: true });
});

async function startHost(check?: (ends: unknown) => Promise<boolean>): Promise<WebServer> {
  rendererDir = await mkdtemp(join(tmpdir(), 'atelier-peer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>A</title>');
  server = await startWebServer({
    host: '127.0.0.1',
    port: 0,
    rendererDir,
    log: () => undefined,
    ...(check ? { fromThisUser: check } : {}),
    openCore: async () => ({
      invoke: async () => ({ ok: true, data: null }),
      resolveMedia: async () => null,
      dispose: async () => undefined,
    }),
  });
  return server;
}

/** The upgrade's answer to a good login: 'welcome', or the HTTP status it was refused with. */
function helloWith(url: string): Promise<string> {
  const origin = new URL(url).origin;
  const socket = new WebSocket(`${origin.replace('http:', 'ws:')}/bridge`, {
    headers: { Origin: origin },
  });
  return new Promise((resolve) => {
    socket.once('open', () =>
      socket.send(JSON.stringify({ kind: 'hello', login: new URL(url).searchParams.get('token') })),
    );
    socket.once('message', () => {
      resolve('welcome');
      socket.terminate();
    });
    socket.once('unexpected-response', (_q, answer) => resolve(`refused ${answer.statusCode}`));
    socket.once('error', (e) => resolve(`error ${e.message}`));
  });
}

describe('the web host and another user of this computer', () => {
  it('refuses the bridge and the media to a connection the check says is not the user’s', async () => {
    const host = await startHost(async () => false);
    expect(await helloWith(host.url)).toBe('refused 403');
    const media = await fetch(`${new URL(host.url).origin}/media/${'a'.repeat(48)}/x`);
    expect(media.status).toBe(403);
  });

  it.skipIf(!root)(
    'refuses a real other user (nobody) holding a good printed address, and lets the person in',
    async () => {
      const host = await startHost();
      const stolen = host.freshUrl();
      const origin = new URL(stolen).origin;
      const { port } = new URL(stolen);
      const login = new URL(stolen).searchParams.get('token');
      // The other user's side, in plain node (no modules to read): the upgrade, then the hello.
      const script = `
        const net = require('node:net');
        const s = net.connect(${port}, '127.0.0.1', () => s.write(
          'GET /bridge HTTP/1.1\\r\\nHost: 127.0.0.1:${port}\\r\\nOrigin: ${origin}\\r\\n' +
          'Upgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Version: 13\\r\\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\n\\r\\n'));
        s.once('data', (d) => { console.log(String(d).split('\\r\\n')[0]); s.destroy(); });
        s.on('error', (e) => console.log('error ' + e.message));`;
      // Not spawnSync: the host answering it runs in this very process.
      const run = await promisify(execFile)(process.execPath, ['-e', script], {
        uid: 65534,
        gid: 65534,
        cwd: '/',
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.stdout.trim()).toBe('HTTP/1.1 403 Forbidden');
      // The login was never spent: the person's tab still opens with it.
      expect(login).toBeTruthy();
      expect(await helloWith(stolen)).toBe('welcome');
    },
    30_000,
  );
});
