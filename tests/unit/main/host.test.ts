// Electron main as core's host: links handed to the system browser only when they are web links.
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  openExternal: vi.fn(async () => undefined),
}));

vi.mock('electron', () => ({
  shell: { openExternal: electron.openExternal },
  app: { getPath: () => '/downloads' },
  dialog: { showSaveDialog: vi.fn() },
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
});
