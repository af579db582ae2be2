// The search worker's entry: the search service (search-service.ts) on the thread's port, so core's
// thread never waits on SQLite.
import { parentPort } from 'node:worker_threads';
import { openSearchService, type SearchRequest } from './search-service';

const port = parentPort;
if (port) {
  const service = openSearchService((message) => port.postMessage(message));
  port.on('message', (request: SearchRequest) => service.handle(request));
}
