// The spending.* channels: the ledger's totals for the Spending view, its pages, what a conversation
// has cost, and every entry as CSV through the host's save dialog (the web host: the page downloads).
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { FILE_MODE, makeFolder } from '../../library/data-folder';
import { isDiskFull, saveFailed } from '../../library/save-failure';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { csvLine, entryLine, SPENDING_CSV_HEADER } from './csv';
import { ledgerFile } from './ledger';

export type SpendingChannel = ChannelsOf<'spending'>;

/** The Spending view's default range of days. */
const SUMMARY_DAYS = 30;
const ENTRIES_PAGE = 100;
/** Entries read from the worker per step of an export. */
const EXPORT_PAGE = 500;

export async function openSpendingFeature(ctx: FeatureContext): Promise<Feature<SpendingChannel>> {
  const folder = dirname(ledgerFile(ctx.dataDir));

  /** Conversation titles by id, for labels and the CSV. */
  function titles(): Map<string, string> {
    return new Map(ctx.conversations.list().items.map((c) => [c.id, c.title]));
  }

  /** Every entry (newest first) written as CSV to `path`; how many. */
  async function writeCsv(path: string, demo: boolean): Promise<number> {
    const named = titles();
    const out = createWriteStream(path, { mode: FILE_MODE });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    let count = 0;
    try {
      await write(csvLine(SPENDING_CSV_HEADER));
      let before: number | undefined;
      for (;;) {
        const page = await ctx.spending.entries({ demo, before, limit: EXPORT_PAGE });
        for (const entry of page) {
          await write(
            entryLine(entry, entry.conversationId ? named.get(entry.conversationId) : undefined),
          );
          count++;
        }
        if (page.length < EXPORT_PAGE) break;
        before = page[page.length - 1]!.id;
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return count;
  }

  return {
    handlers: {
      'spending.summary': async ({ demo, days }) => {
        const summary = await ctx.spending.summary({
          demo: demo ?? false,
          days: days ?? SUMMARY_DAYS,
        });
        const named = titles();
        for (const line of summary.byConversation) {
          const title = named.get(line.key);
          if (title !== undefined) line.label = title;
        }
        return summary;
      },

      'spending.entries': ({ demo, before, limit, conversationId }) =>
        ctx.spending.entries({
          demo: demo ?? false,
          before,
          limit: limit ?? ENTRIES_PAGE,
          conversationId,
        }),

      'spending.conversation': ({ id }) => ctx.spending.conversation(id),

      'spending.export': async ({ demo }) => {
        const day = new Date().toISOString().slice(0, 10);
        const name = `atelier-spending-${demo ? 'demo-' : ''}${day}.csv`;
        const path = join(folder, `export-${randomBytes(8).toString('hex')}.csv`);
        try {
          await makeFolder(folder);
          const entries = await writeCsv(path, demo ?? false);
          const { saved } = await ctx.host.saveMedia({ path, mime: 'text/csv' }, name);
          // A host that leaves saving to the page (the web host): the page downloads the text.
          if (!saved) return { saved, entries, name, csv: await readFile(path, 'utf8') };
          return { saved, entries };
        } catch (e) {
          if (isDiskFull(e)) throw saveFailed('The spending export', e);
          throw e;
        } finally {
          await rm(path, { force: true });
        }
      },
    },
  };
}
