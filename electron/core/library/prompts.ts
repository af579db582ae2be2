// Saved prompts: the shipped set in the person's language, the person's own, and their edits and removals of shipped ones, in one JSON file written atomically.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  PROMPT_NAME_MAX,
  PROMPT_TEXT_MAX,
  PROMPTS_MAX,
  SHIPPED_PROMPT_PREFIX,
  type Prompt,
} from '../../../shared/prompts';
import type { Language } from '../../../shared/types';
import { serviceError } from '../service/errors';
import { writeFileAtomic } from './atomic-write';
import { makeFolder } from './data-folder';
import { isStorableId, newId } from './ids';
import { openRecovery, type Recovery } from './recovery';
import { saveFailed } from './save-failure';
import { SHIPPED_PROMPTS, shippedPrompt } from './shipped-prompts';

export const PROMPTS_FILE = 'prompts.json';
const VERSION = 1;

interface OwnPrompt {
  id: string;
  name: string;
  text: string;
}

/**
 * What the file holds and a backup carries: the person's own prompts, and for each shipped one
 * they changed, its new name and text, or null when they deleted it.
 */
export interface PromptSet {
  own: OwnPrompt[];
  shipped: Record<string, { name: string; text: string } | null>;
}

export interface PromptDraft {
  /** Absent: a new prompt of the person's own. */
  id?: string;
  name: string;
  text: string;
}

export interface PromptLibrary {
  /** Every prompt by name, shipped ones in `language` unless edited. */
  list(language: Language): Prompt[];
  save(draft: PromptDraft, language: Language): Promise<Prompt>;
  remove(id: string): Promise<void>;
  /** The set as a backup carries it. */
  exported(): PromptSet;
  /**
   * Adds a backup's set without overwriting: own prompts not here yet (the same name and text is
   * skipped; a taken id gets a new one), and changes to shipped ones this library has not changed.
   * Entries of the wrong shape are left out. Answers how many prompts it added or changed.
   */
  adopt(set: unknown): Promise<number>;
}

const name = z.string().trim().min(1).max(PROMPT_NAME_MAX);
const text = z
  .string()
  .max(PROMPT_TEXT_MAX)
  .refine((t) => t.trim() !== '');
const ownSchema = z.object({ id: z.string(), name, text });
const shippedSchema = z.object({ name, text }).nullable();
/** A shipped prompt's key as the file names it: never a name objects hold already. */
const SHIPPED_KEY = /^[a-z0-9][a-z0-9-]{0,59}$/;
const setSchema = z.object({
  own: z.array(z.unknown()),
  shipped: z.record(z.string(), z.unknown()),
});

/** The entries of a set that have the right shape, and how many did not. */
function readSet(raw: z.infer<typeof setSchema>): { set: PromptSet; bad: number } {
  const set: PromptSet = { own: [], shipped: {} };
  let bad = 0;
  for (const entry of raw.own) {
    const parsed = ownSchema.safeParse(entry);
    const ok = parsed.success && !parsed.data.id.startsWith(SHIPPED_PROMPT_PREFIX);
    if (ok && isStorableId('prompt', parsed.data.id)) set.own.push(parsed.data);
    else bad += 1;
  }
  for (const [key, value] of Object.entries(raw.shipped)) {
    const parsed = shippedSchema.safeParse(value);
    if (parsed.success && SHIPPED_KEY.test(key)) set.shipped[key] = parsed.data;
    else bad += 1;
  }
  return { set, bad };
}

const byName = (a: Prompt, b: Prompt) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

function clean(draft: PromptDraft): { name: string; text: string } {
  const parsed = z.object({ name, text }).safeParse(draft);
  if (!parsed.success) {
    throw serviceError(
      'invalid_input',
      `A prompt needs a name of up to ${PROMPT_NAME_MAX} characters and a text of up to ${PROMPT_TEXT_MAX}.`,
    );
  }
  return { name: parsed.data.name.replace(/\s+/g, ' '), text: parsed.data.text };
}

export async function openPromptLibrary(
  dataDir: string,
  options: { recovery?: Recovery } = {},
): Promise<PromptLibrary> {
  const file = join(dataDir, PROMPTS_FILE);
  const recovery = options.recovery ?? openRecovery(dataDir);
  let state: PromptSet = { own: [], shipped: {} };

  async function write(next: PromptSet): Promise<void> {
    try {
      await makeFolder(dataDir);
      await writeFileAtomic(file, JSON.stringify({ version: VERSION, ...next }, null, 2));
    } catch (e) {
      throw saveFailed('The prompts', e);
    }
    state = next;
  }

  try {
    const raw = z
      .object({ version: z.literal(VERSION) })
      .and(setSchema)
      .safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!raw.success) throw new Error('it is not a list of prompts');
    const { set, bad } = readSet(raw.data);
    state = set;
    if (bad > 0) {
      // The whole file is kept aside, so the entries left out are not lost; the rest is written anew.
      await recovery.setAside(
        file,
        `${bad} of your saved prompts could not be read, so they were left out; the others are kept.`,
      );
      await write(set).catch(() => undefined);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Set aside before anything is saved, so no new list is written over it.
      await recovery.setAside(
        file,
        `Your saved prompts could not be read (${(e as Error).message}), so only the ones Atelier ships are offered.`,
      );
    }
  }

  const shippedKey = (id: string) =>
    id.startsWith(SHIPPED_PROMPT_PREFIX) ? id.slice(SHIPPED_PROMPT_PREFIX.length) : null;
  const changed = (key: string) => Object.hasOwn(state.shipped, key);

  function list(language: Language): Prompt[] {
    const shipped: Prompt[] = [];
    const known = new Set<string>();
    for (const s of SHIPPED_PROMPTS) {
      known.add(s.key);
      const change = state.shipped[s.key];
      if (change === null) continue;
      shipped.push(
        change ? { ...shippedPrompt(s, language), ...change } : shippedPrompt(s, language),
      );
    }
    // An edit of a shipped prompt this version no longer ships stays the person's.
    for (const [key, change] of Object.entries(state.shipped)) {
      if (!known.has(key) && change) {
        shipped.push({ id: SHIPPED_PROMPT_PREFIX + key, ...change, shipped: true });
      }
    }
    const own = state.own.map((p) => ({ ...p, shipped: false }));
    return [...shipped, ...own].sort(byName);
  }

  // Changes run one after another, each from the state the previous one left, so two at once both land.
  let chain: Promise<unknown> = Promise.resolve();
  function queued<T>(change: () => Promise<T>): Promise<T> {
    const run = chain.then(change);
    chain = run.catch(() => undefined);
    return run;
  }

  function notFound(): never {
    throw serviceError('not_found', 'That prompt no longer exists.');
  }

  return {
    list,

    save: (draft, language) =>
      queued(async () => {
        const fields = clean(draft);
        const key = draft.id === undefined ? null : shippedKey(draft.id);
        if (key !== null) {
          if (!list(language).some((p) => p.id === draft.id)) notFound();
          await write({ ...state, shipped: { ...state.shipped, [key]: fields } });
          return { id: draft.id!, ...fields, shipped: true };
        }
        if (draft.id !== undefined) {
          if (!state.own.some((p) => p.id === draft.id)) notFound();
          const own = state.own.map((p) => (p.id === draft.id ? { id: p.id, ...fields } : p));
          await write({ ...state, own });
          return { id: draft.id, ...fields, shipped: false };
        }
        if (state.own.length >= PROMPTS_MAX) {
          throw serviceError(
            'invalid_input',
            `You have ${PROMPTS_MAX} prompts, the most Atelier keeps; delete one to add another.`,
          );
        }
        const prompt = { id: newId('prompt'), ...fields };
        await write({ ...state, own: [...state.own, prompt] });
        return { ...prompt, shipped: false };
      }),

    remove: (id) =>
      queued(async () => {
        const key = shippedKey(id);
        if (key !== null) {
          const known = SHIPPED_PROMPTS.some((s) => s.key === key) || changed(key);
          if (!known || (changed(key) && state.shipped[key] === null)) notFound();
          await write({ ...state, shipped: { ...state.shipped, [key]: null } });
          return;
        }
        if (!state.own.some((p) => p.id === id)) notFound();
        await write({ ...state, own: state.own.filter((p) => p.id !== id) });
      }),

    exported: () => structuredClone(state),

    adopt: (raw) =>
      queued(async () => {
        const parsed = setSchema.safeParse(raw);
        if (!parsed.success) return 0;
        const { set } = readSet(parsed.data);
        const next = structuredClone(state);
        let added = 0;
        const same = (a: OwnPrompt, b: OwnPrompt) => a.name === b.name && a.text === b.text;
        for (const prompt of set.own) {
          if (next.own.length >= PROMPTS_MAX) break;
          if (next.own.some((p) => same(p, prompt))) continue;
          const taken = next.own.some((p) => p.id === prompt.id);
          next.own.push(taken ? { ...prompt, id: newId('prompt') } : prompt);
          added += 1;
        }
        for (const [key, change] of Object.entries(set.shipped)) {
          if (Object.hasOwn(next.shipped, key)) continue;
          next.shipped[key] = change;
          added += 1;
        }
        if (added > 0) await write(next);
        return added;
      }),
  };
}
