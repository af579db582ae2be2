// A child process for the crash test: writes ledger entries one commit at a time and prints each id once its commit returned.
import { openLedgerStore } from '../../../../electron/core/library/spending-ledger';

const store = openLedgerStore(process.argv[2]!);
for (let i = 0; ; i++) {
  const [entry] = store.add([
    {
      at: Date.now(),
      feature: 'chat',
      model: 'openai/gpt-4o-mini',
      conversationId: `c${i % 7}`,
      itemId: null,
      units: { promptTokens: i, completionTokens: 2 * i },
      estimate: null,
      charge: '0.000001',
      reported: null,
      demo: false,
    },
  ]);
  process.stdout.write(`${entry!.id}\n`);
}
