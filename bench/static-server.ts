// A plain static server for the bench's builds (no compression, like the web host), with optional extra files.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  root: string;
  /** Files served from memory at these paths (the stand-in script, the fixture). */
  extra?: Record<string, string>;
  /** Script paths put before the page's first script, as the web host puts its bridge there. */
  injectScripts?: string[];
}

export async function startStaticServer(opts: StaticServerOptions): Promise<StaticServer> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://bench').pathname;
      const extra = opts.extra?.[path];
      if (extra !== undefined) {
        response.writeHead(200, {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
        response.end(extra);
        return;
      }
      const relative = normalize(path === '/' ? '/index.html' : path);
      const file = join(opts.root, relative);
      if (!file.startsWith(opts.root + sep)) {
        response.writeHead(404).end();
        return;
      }
      let body: Buffer | string;
      try {
        body = await readFile(file);
      } catch {
        response.writeHead(404).end();
        return;
      }
      if (file.endsWith('index.html') && opts.injectScripts?.length) {
        const tags = opts.injectScripts.map((src) => `<script src="${src}"></script>`).join('');
        const html = body.toString('utf8');
        const at = html.search(/<script\b/i);
        body = at >= 0 ? html.slice(0, at) + tags + html.slice(at) : html + tags;
      }
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      response.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
