// The app window keeps every address inside the app: a navigation or a new window to a web address
// goes to the page's own link confirmation, never straight to the browser.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

const electron = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const state = { openHandler: null as null | ((details: { url: string }) => unknown) };
  const contents = {
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => {
      state.openHandler = handler;
    },
    send: vi.fn(),
    isDestroyed: () => false,
    reload: vi.fn(),
    id: 1,
  };
  return { handlers, state, contents, openExternal: vi.fn() };
});

vi.mock('electron', () => ({
  BrowserWindow: class {
    webContents = electron.contents;
    once() {}
    show() {}
    loadURL() {
      return Promise.resolve();
    }
  },
  shell: { openExternal: electron.openExternal },
}));

const { createAppWindow } = await import('../../../electron/main/window');

function navigate(url: string): { prevented: boolean } {
  const event = {
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  };
  electron.handlers.get('will-navigate')!(event, url);
  return event;
}

beforeEach(() => {
  electron.handlers.clear();
  electron.contents.send.mockReset();
  electron.openExternal.mockReset();
  createAppWindow('/app/preload.cjs');
  electron.handlers.get('did-finish-load')!();
});

describe('createAppWindow', () => {
  it('sends a navigation to a web address to the link confirmation, not to the browser', () => {
    expect(navigate('https://example.com/page').prevented).toBe(true);
    expect(electron.openExternal).not.toHaveBeenCalled();
    expect(electron.contents.send).toHaveBeenCalledWith('shell.openRequested', {
      url: 'https://example.com/page',
    });
  });

  it('sends a new window (a middle-click, window.open) to the link confirmation too', () => {
    expect(electron.state.openHandler!({ url: 'https://example.com/new' })).toEqual({
      action: 'deny',
    });
    expect(electron.openExternal).not.toHaveBeenCalled();
    expect(electron.contents.send).toHaveBeenCalledWith('shell.openRequested', {
      url: 'https://example.com/new',
    });
  });

  it('drops addresses that are no links at all', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://u:p@example.com/']) {
      expect(navigate(url).prevented).toBe(true);
      expect(electron.state.openHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(electron.openExternal).not.toHaveBeenCalled();
    expect(electron.contents.send).not.toHaveBeenCalled();
  });
});
