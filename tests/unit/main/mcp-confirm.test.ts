// The confirm step in the desktop app: a native dialog shows the whole command line; only "Run" runs it.
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  showMessageBox:
    vi.fn<
      (options: {
        message: string;
        detail: string;
        buttons: string[];
      }) => Promise<{ response: number }>
    >(),
}));

vi.mock('electron', () => ({
  shell: { openExternal: vi.fn() },
  app: { getPath: () => '/downloads' },
  dialog: { showSaveDialog: vi.fn(), showMessageBox: electron.showMessageBox },
}));

const { createElectronHost } = await import('../../../electron/main/host');

const request = {
  serverName: 'files',
  command: 'npx',
  args: ['-y', '@scope/server files', '/home/me'],
  cwd: '/data/mcp',
  env: { TOKEN: 'x' },
  changed: false,
};

describe('confirmMcpCommand (Electron)', () => {
  it('shows the command line, its folder and environment names, and runs it only on "Run"', async () => {
    const host = createElectronHost(() => null);
    electron.showMessageBox.mockResolvedValueOnce({ response: 1 });
    expect(await host.confirmMcpCommand(request)).toBe(true);
    const shown = electron.showMessageBox.mock.calls[0]![0];
    expect(shown.message).toBe('Run the MCP server "files"?');
    expect(shown.detail).toContain('npx -y "@scope/server files" /home/me');
    expect(shown.detail).toContain('Folder: /data/mcp');
    expect(shown.detail).toContain('Environment: TOKEN');
    expect(shown.detail).not.toContain('x\n');
    expect(shown.buttons).toEqual(['Cancel', 'Run']);

    electron.showMessageBox.mockResolvedValueOnce({ response: 0 });
    expect(await host.confirmMcpCommand({ ...request, changed: true })).toBe(false);
    expect(electron.showMessageBox.mock.calls[1]![0].message).toMatch(/changed/);
  });
});
