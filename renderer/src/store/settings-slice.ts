// Settings as core reports them (never the key), and the calls that change them.
import type { SettingsPatch } from '../../../shared/channels';
import type { ConnectionCheck, SettingsView, UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { BalanceSlice } from './balance-slice';
import type { ModelsSlice } from './models-slice';
import type { SliceCreator } from './slice';

export interface SettingsSlice {
  settings: SettingsView | null;
  applySettings(view: SettingsView): void;
  /** Each returns the failure, or null on success. */
  updateSettings(patch: SettingsPatch): Promise<UserError | null>;
  /** `withoutKeychain`: store it even though the system has no keychain (the person chose to). */
  saveKey(key: string, withoutKeychain?: boolean): Promise<UserError | null>;
  clearKey(): Promise<UserError | null>;
  useDemoService(): Promise<UserError | null>;
  /** Back to the person's own address and key, as they were before the demo. */
  leaveDemoService(): Promise<UserError | null>;
  /** Asks the service with this address and key (absent: the key in use); stores nothing. */
  checkConnection(baseUrl: string, key?: string): Promise<ConnectionCheck | UserError>;
}

export const createSettingsSlice: SliceCreator<SettingsSlice, BalanceSlice & ModelsSlice> = (
  set,
  get,
) => {
  /** After the service address or key changes, what we showed from the old one is stale. */
  function afterConnectionChange(before: SettingsView | null, after: SettingsView): void {
    const changed =
      !before ||
      before.baseUrl !== after.baseUrl ||
      before.keyLast4 !== after.keyLast4 ||
      before.keySet !== after.keySet;
    if (!changed) return;
    void get().loadModels(true, true);
    void get().refreshBalance(true);
  }

  async function commit(
    result: Promise<{ ok: true; data: SettingsView } | { ok: false; error: UserError }>,
  ): Promise<UserError | null> {
    const before = get().settings;
    const envelope = await result;
    if (!envelope.ok) return envelope.error;
    set({ settings: envelope.data });
    afterConnectionChange(before, envelope.data);
    return null;
  }

  return {
    settings: null,
    applySettings: (view) => {
      const before = get().settings;
      set({ settings: view });
      if (before) afterConnectionChange(before, view);
    },
    updateSettings: (patch) => commit(invoke('settings.update', patch)),
    saveKey: (key, withoutKeychain) =>
      commit(invoke('key.set', withoutKeychain ? { key, withoutKeychain } : { key })),
    clearKey: () => commit(invoke('key.clear', {})),
    useDemoService: () => commit(invoke('demo.use', {})),
    leaveDemoService: () => commit(invoke('demo.leave', {})),
    checkConnection: async (baseUrl, key) => {
      const envelope = await invoke('key.check', key ? { baseUrl, key } : { baseUrl });
      return envelope.ok ? envelope.data : envelope.error;
    },
  };
};
