// Electron main as core's host: links handed to the system browser only when they are web links.
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  openExternal: vi.fn(async () => undefined),
  showOpenDialog: vi.fn(),
}));

vi.mock('electron', () => ({
  shell: { openExternal: electron.openExternal },
  app: { getPath: () => '/downloads' },
  dialog: { showSaveDialog: vi.fn(), showOpenDialog: electron.showOpenDialog },
}));

const { createElectronHost } = await import('../../../electron/main/host');

describe('createElectronHost', () => {
  it('opens web links in the system browser, and nothing else', async () => {
    electron.openExternal.mockClear();
    const host = createElectronHost(() => null);
    expect(await host.openExternal('https://example.com/')).toBe(true);
    expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/', { activate: true });

    expect(await host.openExternal('file:///etc/passwd')).toBe(false);
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });

  it('answers the file the person picked in the open dialog, or null with canPick when they cancel', async () => {
    const host = createElectronHost(() => null);
    const request = { title: 'Restore', filter: { name: 'Backup', extensions: ['zip'] } };
    electron.showOpenDialog.mockResolvedValueOnce({
      canceled: false,
      filePaths: ['/home/a/b.zip'],
    });
    expect(await host.pickFile(request)).toEqual({ path: '/home/a/b.zip' });
    expect(electron.showOpenDialog).toHaveBeenCalledWith({
      title: 'Restore',
      properties: ['openFile'],
      filters: [{ name: 'Backup', extensions: ['zip'] }],
    });
    electron.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await host.pickFile(request)).toEqual({ path: null, canPick: true });
  });
});
