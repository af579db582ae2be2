// The preload's window.atelier: only known channels reach ipcRenderer, and subscriptions come undone.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventChannels, invokeChannels } from '../../../shared/channel-names';
import type { AtelierApi } from '../../../shared/channels';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    listeners,
    exposed: new Map<string, unknown>(),
    ipcRenderer: {
      invoke: vi.fn(async (channel: string) => ({ ok: true, data: { echoed: channel } })),
      on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)?.add(listener);
      }),
      removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.get(channel)?.delete(listener);
      }),
    },
  };
});

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => electron.exposed.set(key, value),
  },
  ipcRenderer: electron.ipcRenderer,
}));

function emitFromMain(channel: string, payload: unknown): void {
  for (const listener of electron.listeners.get(channel) ?? [])
    listener({ sender: 'ipc' }, payload);
}

let api: AtelierApi;

beforeAll(async () => {
  await import('../../../electron/preload/preload');
  api = electron.exposed.get('atelier') as AtelierApi;
});

beforeEach(() => {
  electron.ipcRenderer.invoke.mockClear();
});

describe('preload', () => {
  it('exposes exactly one frozen object named atelier, without ipcRenderer', () => {
    expect([...electron.exposed.keys()]).toEqual(['atelier']);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'platform']);
    expect(api.platform).toBe('electron');
    expect(Object.values(api)).not.toContain(electron.ipcRenderer);
  });

  it('passes every known channel and its input to ipcRenderer.invoke', async () => {
    for (const channel of invokeChannels) {
      const answer = await api.invoke(channel, {} as never);
      expect(answer).toEqual({ ok: true, data: { echoed: channel } });
    }
    expect(electron.ipcRenderer.invoke.mock.calls.map((call) => call[0])).toEqual([
      ...invokeChannels,
    ]);
    await api.invoke('conversations.get', { id: 'c1' });
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('conversations.get', { id: 'c1' });
  });

  it('answers unknown channels with invalid_input and never forwards them', async () => {
    for (const name of ['fs.readFile', 'electron-store-get-data', '', 'settings.get ']) {
      const answer = await api.invoke(name as never, {} as never);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('turns a rejected IPC call into an error envelope instead of throwing', async () => {
    electron.ipcRenderer.invoke.mockRejectedValueOnce(new Error('Refused settings.get'));
    const answer = await api.invoke('settings.get', {});
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'unknown', message: 'Refused settings.get' },
    });
  });

  it('subscribes to known events, hands over the payload only, and unsubscribes', () => {
    for (const event of eventChannels) {
      const seen: unknown[] = [];
      const unsubscribe = api.on(event, (payload) => seen.push(payload));
      emitFromMain(event, { n: 1 });
      unsubscribe();
      emitFromMain(event, { n: 2 });
      expect(seen).toEqual([{ n: 1 }]);
      expect(electron.listeners.get(event)?.size).toBe(0);
    }
  });

  it('keeps two subscriptions of the same listener apart', () => {
    const seen: unknown[] = [];
    const listener = (payload: unknown): void => {
      seen.push(payload);
    };
    const first = api.on('balance.changed', listener);
    const second = api.on('balance.changed', listener);
    first();
    emitFromMain('balance.changed', 'b');
    expect(seen).toEqual(['b']);
    second();
  });

  it('refuses unknown events', () => {
    expect(() => api.on('ipc-message' as never, () => undefined)).toThrow(TypeError);
    expect(electron.listeners.has('ipc-message')).toBe(false);
  });

  it("hands a chunk's bytes to ipcRenderer.invoke as the same Uint8Array, not as text", async () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    await api.invoke('files.chunk', { uploadId: 'upload-x', offset: 0, bytes });
    const [channel, input] = electron.ipcRenderer.invoke.mock.calls.at(-1) as unknown as [
      string,
      unknown,
    ];
    expect(channel).toBe('files.chunk');
    expect((input as { bytes: unknown }).bytes).toBe(bytes);
  });
});
