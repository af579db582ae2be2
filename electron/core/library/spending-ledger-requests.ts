// What the spending worker does with each request (spending-worker.ts is only its port): owns the
// ledger store, and answers a failure with whether the file is damaged (core then sets it aside).
import type { SpendEntry, SpendFeature, SpendSummary } from '../../../shared/spending';
import {
  type EntriesQuery,
  type LedgerStore,
  type LedgerWrite,
  openLedgerStore,
} from './spending-ledger';
import { isLedgerDamage, LedgerDamage } from './spending-ledger-file';

export type LedgerRequest =
  | { id: number; op: 'open'; file: string }
  | { id: number; op: 'add'; writes: LedgerWrite[] }
  | { id: number; op: 'observed'; entryId: number; observed: string; tolerance: number }
  | { id: number; op: 'refund'; feature: SpendFeature; itemId: string }
  | { id: number; op: 'summary'; demo: boolean; days: number; now: number }
  | { id: number; op: 'entries'; query: EntriesQuery }
  | { id: number; op: 'conversation'; conversationId: string }
  | { id: number; op: 'close' };

/** What each request answers. */
export interface LedgerAnswers {
  open: null;
  add: SpendEntry[];
  observed: SpendEntry | null;
  refund: SpendEntry | null;
  summary: SpendSummary;
  entries: SpendEntry[];
  conversation: { total: string; count: number };
  close: null;
}

export type LedgerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; damaged: boolean };

/** A handler of requests in order; a test runs it on its own thread. */
export function handleLedgerRequest(): (request: LedgerRequest) => LedgerReply {
  let store: LedgerStore | null = null;
  /** Why the open store was found damaged: closed until core sets the file aside and opens again. */
  let damage: string | null = null;
  let file: string | null = null;

  function need(): LedgerStore {
    if (damage !== null) throw new LedgerDamage(damage);
    if (store) return store;
    if (file === null) throw new Error('The spending ledger is not open.');
    store = openLedgerStore(file);
    return store;
  }

  function run(request: LedgerRequest): unknown {
    switch (request.op) {
      case 'open':
        store?.close();
        store = null;
        damage = null;
        file = request.file;
        need();
        return null;
      case 'add':
        return need().add(request.writes);
      case 'observed':
        return need().setObserved(request.entryId, request.observed, request.tolerance);
      case 'refund':
        return need().markRefunded(request.feature, request.itemId);
      case 'summary':
        return need().summary(request);
      case 'entries':
        return need().entries(request.query);
      case 'conversation':
        return need().conversation(request.conversationId);
      case 'close':
        store?.close();
        store = null;
        return null;
    }
  }

  return (request) => {
    try {
      return { id: request.id, ok: true, value: run(request) };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const damaged = isLedgerDamage(e);
      if (damaged && damage === null) {
        damage = message;
        // Let go of the file at once: core moves it aside next.
        store?.close();
        store = null;
      }
      return { id: request.id, ok: false, message, damaged };
    }
  };
}
