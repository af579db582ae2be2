// Saved prompts in a backup: one entry, prompts.json, written from the library's set and added back on restore without overwriting.
import type { TransferReport } from '../../../../shared/transfer';
import type { PromptLibrary } from '../../library/prompts';

export const PROMPTS_ENTRY = 'prompts.json';
/** The `format` field of the entry, so a restore takes only what a backup wrote. */
const PROMPTS_FORMAT = 'atelier-prompts';

/** What backup and restore need of the prompt library. */
export type CarriedPrompts = Pick<PromptLibrary, 'exported' | 'adopt'>;

/** The entry's content: the person's own prompts and their changes to the shipped ones. */
export function promptsEntry(prompts: CarriedPrompts): unknown {
  return { format: PROMPTS_FORMAT, version: 1, ...prompts.exported() };
}

/** Adds the entry's prompts (read as untrusted); one of another shape is reported skipped. */
export async function restorePrompts(
  prompts: CarriedPrompts,
  raw: unknown,
  report: TransferReport,
): Promise<void> {
  if (raw === undefined) return;
  if ((raw as { format?: unknown } | null)?.format !== PROMPTS_FORMAT) {
    report.skipped.push({ what: PROMPTS_ENTRY, reason: 'malformed' });
    return;
  }
  report.prompts = (report.prompts ?? 0) + (await prompts.adopt(raw));
}
