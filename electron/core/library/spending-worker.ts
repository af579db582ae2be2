// The spending ledger's worker: the ledger store (spending-ledger.ts) on the thread's port, so core's
// thread never waits on SQLite's synced commits (about 14 ms each on a disk) nor on a summary.
import { parentPort } from 'node:worker_threads';
import { handleLedgerRequest, type LedgerRequest } from './spending-ledger-requests';

const port = parentPort;
if (port) {
  const handle = handleLedgerRequest();
  port.on('message', (request: LedgerRequest) => port.postMessage(handle(request)));
}
