// The sandboxed preload: puts window.atelier on the page; ipcRenderer itself never leaves this file.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Envelope } from '../../shared/types';
import { createAtelierApi } from './api';

const api = createAtelierApi(
  {
    call: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Envelope<unknown>>,
    subscribe(event, listener) {
      // The IPC event object (with its sender) stays here; the page gets the payload alone.
      const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(event, forward);
      return () => {
        ipcRenderer.removeListener(event, forward);
      };
    },
  },
  'electron',
);

contextBridge.exposeInMainWorld('atelier', api);
