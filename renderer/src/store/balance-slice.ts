// The account balance shown in the shell; core pushes changes, the user may ask for a fresh one.
import { blankBalance } from '../../../shared/balance';
import type { Balance } from '../../../shared/types';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export interface BalanceSlice {
  balance: Balance | null;
  balanceLoading: boolean;
  refreshBalance(force: boolean): Promise<void>;
  applyBalance(balance: Balance): void;
}

export const createBalanceSlice: SliceCreator<BalanceSlice> = (set) => ({
  balance: null,
  balanceLoading: false,
  refreshBalance: async (force) => {
    set({ balanceLoading: true });
    const envelope = await invoke('balance.get', force ? { refresh: true } : {});
    if (envelope.ok) set({ balance: envelope.data, balanceLoading: false });
    else
      set({
        balanceLoading: false,
        balance: blankBalance('error', envelope.error, new Date().toISOString()),
      });
  },
  applyBalance: (balance) => set({ balance }),
});
