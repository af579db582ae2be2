// With nothing set up, a sent message makes no conversation: the welcome screen asks for a service.
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, openStore, type Store } from './fake-bridge';
import type { SettingsView } from '../../../../shared/types';
import { needsSetup, showsWelcome } from '../../../../renderer/src/store/firstrun-slice';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

const blank: SettingsView = {
  baseUrl: '',
  ratePlan: 'standard',
  customRequestsPerSecond: 0.5,
  defaultModel: 'm/a',
  language: 'en',
  theme: 'system',
  keySet: false,
  keyLast4: null,
  demo: false,
  keyElsewhere: null,
  keyStorage: null,
  keychain: true,
};

describe('the welcome screen', () => {
  it('is for a person with no key and no demo, until they look around or connect', () => {
    expect(needsSetup(null)).toBe(false);
    expect(needsSetup(blank)).toBe(true);
    expect(needsSetup({ ...blank, demo: true })).toBe(false);
    expect(needsSetup({ ...blank, keySet: true })).toBe(false);
    expect(showsWelcome(blank, 'auto')).toBe(true);
    expect(showsWelcome(blank, 'dismissed')).toBe(false);
    expect(showsWelcome({ ...blank, keySet: true }, 'connected')).toBe(true);
    expect(showsWelcome({ ...blank, keySet: true }, 'auto')).toBe(false);
  });

  it('a message sent with nothing set up creates no conversation and waits in the box', async () => {
    store.setState({ settings: blank, welcome: 'dismissed', tab: 'settings', activeId: null });
    calls.length = 0;
    await store.getState().sendTurn({ kind: 'send', text: 'Hello?' });
    expect(calls).toEqual([]);
    expect(store.getState().welcome).toBe('auto');
    expect(store.getState().tab).toBe('chat');
    expect(store.getState().drafts['']).toBe('Hello?');
  });
});
