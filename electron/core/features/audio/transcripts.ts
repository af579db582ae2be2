// The Audio tab's transcription history on disk: <dataDir>/transcripts.json, written atomically, newest first.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transcript, TranscriptSegment } from '../../../../shared/types';
import { writeFileAtomic } from '../../library/atomic-write';
import { newId } from '../../library/ids';
import { openRecovery, type Recovery } from '../../library/recovery';
import { wholeEntriesOf } from '../../library/salvage-json';
import { serviceError } from '../../service/errors';

/** The oldest transcripts beyond this many are dropped when a new one is kept. */
export const TRANSCRIPT_HISTORY_MAX = 200;

export interface TranscriptStore {
  /** Newest first. */
  list(): Transcript[];
  /** Gives the transcript an id, keeps it and answers it. */
  add(transcript: Omit<Transcript, 'id'>): Promise<Transcript>;
  remove(id: string): Promise<void>;
  /**
   * A file that could not be read whole at start, or null: it was set aside, and the history
   * starts with what could still be read of it.
   */
  problem: string | null;
}

export interface TranscriptStoreOptions {
  /** Where a damaged file goes; by default `recovered/` of the data folder. */
  recovery?: Pick<Recovery, 'setAside'>;
}

function isSegment(value: unknown): value is TranscriptSegment {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return typeof s.start === 'number' && typeof s.end === 'number' && typeof s.text === 'string';
}

/** One stored entry, read defensively: a malformed entry is skipped, not fatal. */
function readEntry(value: unknown): Transcript | null {
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Record<string, unknown>;
  if (typeof t.id !== 'string' || typeof t.text !== 'string') return null;
  const segments = Array.isArray(t.segments)
    ? t.segments.filter(isSegment).map((s) => ({ ...s, speaker: s.speaker ?? null }))
    : null;
  return {
    id: t.id,
    text: t.text,
    segments: segments && segments.length > 0 ? segments : null,
    language: typeof t.language === 'string' ? t.language : null,
    model: typeof t.model === 'string' ? t.model : '',
    fileName: typeof t.fileName === 'string' ? t.fileName : '',
    cost: typeof t.cost === 'string' ? t.cost : null,
    createdAt: typeof t.createdAt === 'string' ? t.createdAt : new Date(0).toISOString(),
    duration: typeof t.duration === 'number' && Number.isFinite(t.duration) ? t.duration : null,
  };
}

const readEntries = (entries: unknown[]): Transcript[] =>
  entries.map(readEntry).filter((t): t is Transcript => t !== null);

/** The history a file holds, and why it is not whole (null when it is). */
function readHistory(text: string): { items: Transcript[]; problem: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return {
      items: readEntries(wholeEntriesOf(text, 'transcripts')),
      problem: `it is not valid JSON (${(e as Error).message})`,
    };
  }
  const list = (parsed as { transcripts?: unknown } | null)?.transcripts;
  if (!Array.isArray(list)) return { items: [], problem: 'it holds no list of transcripts' };
  const items = readEntries(list);
  const lost = list.length - items.length;
  return { items, problem: lost === 0 ? null : `${lost} of its entries are not transcripts` };
}

export async function openTranscriptStore(
  dataDir: string,
  options: TranscriptStoreOptions = {},
): Promise<TranscriptStore> {
  const file = join(dataDir, 'transcripts.json');
  let items: Transcript[] = [];
  let problem: string | null = null;
  let history: ReturnType<typeof readHistory> | null = null;
  try {
    history = readHistory(await readFile(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') history = { items: [], problem: `it could not be read (${String(e)})` };
  }
  if (history) items = history.items;

  async function save(): Promise<void> {
    try {
      await writeFileAtomic(file, JSON.stringify({ version: 1, transcripts: items }));
    } catch (e) {
      throw serviceError('storage', `The transcript history could not be saved: ${String(e)}`);
    }
  }

  if (history?.problem) {
    // Aside before anything is written, so the next transcript never lands on the damaged file.
    const recovery = options.recovery ?? openRecovery(dataDir);
    const aside = await recovery.setAside(
      file,
      `The transcript history could not be read whole: ${history.problem}. The ${items.length} transcripts that could be read were kept.`,
    );
    problem = `transcripts.json could not be read whole (${history.problem}); it was set aside${aside.movedTo ? ` as ${aside.movedTo}` : ''}, and the ${items.length} transcripts that could be read were kept.`;
    if (aside.movedTo !== null && items.length > 0) await save().catch(() => undefined);
  }

  return {
    problem,
    list: () => items.slice(),
    async add(transcript) {
      const kept: Transcript = { id: newId('transcript'), ...transcript };
      items = [kept, ...items].slice(0, TRANSCRIPT_HISTORY_MAX);
      await save();
      return kept;
    },
    async remove(id) {
      const before = items.length;
      items = items.filter((t) => t.id !== id);
      if (items.length === before) throw serviceError('not_found', 'There is no such transcript.');
      await save();
    },
  };
}
