// The Audio tab's transcription history on disk: <dataDir>/transcripts.json, written atomically, newest first.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transcript, TranscriptSegment } from '../../../../shared/types';
import { writeFileAtomic } from '../../library/atomic-write';
import { serviceError } from '../../service/errors';

/** The oldest transcripts beyond this many are dropped when a new one is kept. */
export const TRANSCRIPT_HISTORY_MAX = 200;

export interface TranscriptStore {
  /** Newest first. */
  list(): Transcript[];
  /** Gives the transcript an id, keeps it and answers it. */
  add(transcript: Omit<Transcript, 'id'>): Promise<Transcript>;
  remove(id: string): Promise<void>;
  /** A file that could not be read at start, or null; the history then starts empty. */
  problem: string | null;
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

export async function openTranscriptStore(dataDir: string): Promise<TranscriptStore> {
  const file = join(dataDir, 'transcripts.json');
  let items: Transcript[] = [];
  let problem: string | null = null;
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { transcripts?: unknown };
    if (!Array.isArray(parsed.transcripts)) throw new Error('no transcripts list');
    items = parsed.transcripts.map(readEntry).filter((t): t is Transcript => t !== null);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problem = `transcripts.json could not be read: ${String(e)}`;
  }

  async function save(): Promise<void> {
    try {
      await writeFileAtomic(file, JSON.stringify({ version: 1, transcripts: items }));
    } catch (e) {
      throw serviceError('storage', `The transcript history could not be saved: ${String(e)}`);
    }
  }

  return {
    problem,
    list: () => items.slice(),
    async add(transcript) {
      const kept: Transcript = { id: `tr-${randomBytes(8).toString('hex')}`, ...transcript };
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
