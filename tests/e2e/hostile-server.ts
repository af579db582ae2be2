// A local server hostile samples try to reach: it records every request (and WebSocket attempt) it gets.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port> */
  wsUrl: string;
  /**
   * What reached it, read once the page has had time to send whatever it was going to: the
   * samples' loads are started when their frame or diagram is built, which the test has waited
   * for; this waits a little more for anything queued behind them.
   */
  settledRequests(): Promise<string[]>;
  close(): Promise<void>;
}

/** Long enough for a request a page started to arrive on this machine, whatever its load. */
const SETTLE_MS = 1000;

export async function hostileServer(): Promise<HostileServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
    response.end('reached');
  });
  server.on('upgrade', (request, socket) => {
    requests.push(`UPGRADE ${request.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The server answers: a test that sees no request saw a real refusal, not a dead port.
  const probe = await fetch(`http://127.0.0.1:${port}/probe`);
  if ((await probe.text()) !== 'reached') throw new Error('the hostile server does not answer');
  requests.length = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    settledRequests: async () => {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return [...requests];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
