// Electron main's IPC: one handler per known channel, calls from anything but our window refused, the rest piped to core.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invokeChannels } from '../../../shared/channel-names';
import type { Envelope } from '../../../shared/types';
import { APP_ORIGIN } from '../../../electron/main/policy';

type Handler = (event: unknown, input: unknown) => Promise<Envelope<unknown>>;

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, input: unknown) => Promise<unknown>>(),
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, input: unknown) => Promise<unknown>) =>
      electron.handlers.set(channel, handler),
    removeHandler: (channel: string) => electron.handlers.delete(channel),
  },
}));

const { registerInvokeHandlers } = await import('../../../electron/main/ipc');

describe('registerInvokeHandlers', () => {
  const invoke = vi.fn(async (channel: string, input: unknown): Promise<Envelope<unknown>> => ({
    ok: true,
    data: { channel, input },
  }));
  const core = { invoke, resolveMedia: async () => null, dispose: async () => undefined };
  const event = (url: string | null, webContentsId = 7) => ({
    sender: { id: webContentsId },
    senderFrame: url === null ? null : { url, parent: null },
  });
  const page = `${APP_ORIGIN}/index.html`;
  let unregister: () => void;

  beforeAll(() => {
    unregister = registerInvokeHandlers(core, () => new Set([7]));
  });
  afterAll(() => unregister());

  const handler = (channel: string): Handler => electron.handlers.get(channel) as Handler;

  it('registers exactly the known channels', () => {
    expect([...electron.handlers.keys()].sort()).toEqual([...invokeChannels].sort());
  });

  it('passes a trusted call to core as is', async () => {
    const answer = await handler('conversations.get')(event(page), { id: 'c1' });
    expect(invoke).toHaveBeenLastCalledWith('conversations.get', { id: 'c1' });
    expect(answer).toEqual({
      ok: true,
      data: { channel: 'conversations.get', input: { id: 'c1' } },
    });
  });

  it('rejects calls from other pages and other windows before core sees them', async () => {
    invoke.mockClear();
    await expect(handler('settings.get')(event('https://evil.example/'), {})).rejects.toThrow(
      /Refused/,
    );
    await expect(handler('settings.get')(event(page, 99), {})).rejects.toThrow(/Refused/);
    await expect(handler('settings.get')(event(null), {})).rejects.toThrow(/Refused/);
    expect(invoke).not.toHaveBeenCalled();
  });

  it("passes core's refusal through as is", async () => {
    invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'invalid_input', message: 'url: Invalid URL', status: null, retryable: false },
    });
    const refused = await handler('shell.openExternal')(event(page), { url: 'nope' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(invoke).toHaveBeenLastCalledWith('shell.openExternal', { url: 'nope' });
  });
});
