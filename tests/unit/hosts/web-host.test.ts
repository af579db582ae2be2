// The web host's capabilities: links are printed for the user, never opened; saving is left to the page.
import { describe, expect, it } from 'vitest';
import { createWebHost } from '../../../dev/web-host';

describe('createWebHost', () => {
  it('prints a web link for the user and says it was not opened', async () => {
    const logged: string[] = [];
    const host = createWebHost((line) => logged.push(line));
    expect(await host.openExternal('https://example.com/help')).toBe(false);
    expect(await host.openExternal('file:///etc/passwd')).toBe(false);
    expect(logged).toEqual(['Open this link in your browser: https://example.com/help']);
  });

  it('leaves saving media to the page', async () => {
    const host = createWebHost(() => undefined);
    expect(await host.saveMedia({ path: '/tmp/x.png', mime: 'image/png' }, 'x.png')).toEqual({
      saved: false,
    });
  });

  it("cannot open the person's files itself: the page uploads them", async () => {
    const host = createWebHost(() => undefined);
    const request = { title: 'Restore', filter: { name: 'Backup', extensions: ['zip'] } };
    expect(await host.pickFile(request)).toEqual({ path: null, canPick: false });
  });

  it('approves an MCP command line by itself and prints it (the page is its only UI)', async () => {
    const logged: string[] = [];
    const host = createWebHost((line) => logged.push(line));
    const allowed = await host.confirmMcpCommand({
      serverName: 'files',
      command: 'npx',
      args: ['-y', 'server-files'],
      cwd: '/data/mcp',
      env: {},
      changed: false,
    });
    expect(allowed).toBe(true);
    expect(logged).toEqual(['MCP server "files" will run: npx -y server-files (in /data/mcp)']);
  });
});
