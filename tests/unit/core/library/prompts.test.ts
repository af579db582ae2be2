// The prompt library: the shipped set in each language, the person's own, edits and removals of shipped ones, a damaged file set aside, adopting a backup's set.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPromptLibrary, PROMPTS_FILE } from '../../../../electron/core/library/prompts';
import { openRecovery } from '../../../../electron/core/library/recovery';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-prompts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('prompt library', () => {
  it('ships a few prompts in each language, by name, with variables', async () => {
    const library = await openPromptLibrary(dir);
    const en = library.list('en');
    expect(names(en)).toEqual([
      'Explain code',
      'Improve writing',
      'Summarise',
      'Translate',
      'Write an email',
    ]);
    expect(en.every((p) => p.shipped)).toBe(true);
    expect(en.find((p) => p.name === 'Translate')!.text).toContain('{{language}}');
    const ru = library.list('ru');
    expect(ru.find((p) => p.id === 'shipped-translate')!.text).toContain('{{язык}}');
    expect(names(ru)).toContain('Написать письмо');
  });

  it('keeps the person’s own, edits and removals of shipped ones across a restart', async () => {
    const library = await openPromptLibrary(dir);
    const own = await library.save(
      { name: '  Haiku   about ', text: 'A haiku about {{topic}}' },
      'en',
    );
    expect(own).toMatchObject({ name: 'Haiku about', shipped: false });
    await library.save({ id: 'shipped-translate', name: 'To French', text: 'In French:\n' }, 'en');
    await library.remove('shipped-email');
    await library.save({ id: own.id, name: 'Haiku', text: 'Haiku on {{topic}}' }, 'en');

    const again = await openPromptLibrary(dir);
    const list = again.list('ru');
    expect(list.find((p) => p.id === own.id)).toMatchObject({ name: 'Haiku', shipped: false });
    // An edited shipped prompt keeps its words in every language; a deleted one stays deleted.
    expect(list.find((p) => p.id === 'shipped-translate')).toMatchObject({
      name: 'To French',
      shipped: true,
    });
    expect(list.some((p) => p.id === 'shipped-email')).toBe(false);
    expect(names(list)).toContain('Кратко изложить');

    await expect(again.remove('shipped-email')).rejects.toMatchObject({
      error: { code: 'not_found' },
    });
    await expect(again.remove('no-such')).rejects.toMatchObject({ error: { code: 'not_found' } });
    await expect(again.remove('shipped-constructor')).rejects.toMatchObject({
      error: { code: 'not_found' },
    });
    await expect(again.save({ name: ' ', text: 'x' }, 'en')).rejects.toMatchObject({
      error: { code: 'invalid_input' },
    });
    await expect(again.save({ name: 'x', text: '  \n' }, 'en')).rejects.toMatchObject({
      error: { code: 'invalid_input' },
    });
  });

  it('keeps both of two changes started together, in memory and on disk', async () => {
    const library = await openPromptLibrary(dir);
    await Promise.all([
      library.save({ name: 'First', text: 'One' }, 'en'),
      library.save({ name: 'Second', text: 'Two' }, 'en'),
      library.remove('shipped-email'),
    ]);
    expect(names(library.list('en'))).toEqual(expect.arrayContaining(['First', 'Second']));
    const again = await openPromptLibrary(dir);
    const list = again.list('en');
    expect(names(list)).toEqual(expect.arrayContaining(['First', 'Second']));
    expect(names(list)).not.toContain('Write an email');
  });

  it('sets a file it cannot read aside and still offers the shipped ones', async () => {
    await writeFile(join(dir, PROMPTS_FILE), '{"version": 1, "own": [');
    const recovery = openRecovery(dir);
    const library = await openPromptLibrary(dir, { recovery });
    expect(library.list('en')).toHaveLength(5);
    expect(recovery.items()).toMatchObject([{ file: PROMPTS_FILE }]);
    expect(await readdir(dir)).not.toContain(PROMPTS_FILE);
    await library.save({ name: 'New', text: 'Fresh start' }, 'en');
    expect(names(library.list('en'))).toContain('New');
  });

  it('keeps the readable prompts of a file with damaged entries, the whole file set aside', async () => {
    const good = { id: 'p-good', name: 'Good', text: 'Kept {{x}}' };
    await writeFile(
      join(dir, PROMPTS_FILE),
      JSON.stringify({
        version: 1,
        own: [good, { id: 'p-bad', name: 42 }, { id: 'shipped-x', name: 'Sneaky', text: 'x' }],
        shipped: { summarise: null, translate: { name: 3 }, __proto__: null },
      }),
    );
    const recovery = openRecovery(dir);
    const library = await openPromptLibrary(dir, { recovery });
    const list = library.list('en');
    expect(list.find((p) => p.id === 'p-good')).toMatchObject({ name: 'Good', shipped: false });
    expect(names(list)).not.toContain('Summarise');
    expect(names(list)).toContain('Translate');
    expect(names(list)).not.toContain('Sneaky');
    const [aside] = recovery.items();
    expect(aside).toMatchObject({ file: PROMPTS_FILE });
    expect(aside!.reason).toMatch(/3 of your saved prompts could not be read/);
    // What was read is on disk again, and the damaged original is kept in recovered/.
    const written = JSON.parse(await readFile(join(dir, PROMPTS_FILE), 'utf8'));
    expect(written.own).toEqual([good]);
    expect(aside!.movedTo).not.toBeNull();
  });

  it('adopts a backup’s set without overwriting what is here', async () => {
    const library = await openPromptLibrary(dir);
    const mine = await library.save({ name: 'Mine', text: 'Here first' }, 'en');
    await library.save({ id: 'shipped-summarise', name: 'Short', text: 'Shorter' }, 'en');
    const added = await library.adopt({
      own: [
        { id: mine.id, name: 'Theirs', text: 'Same id, other words' },
        { id: 'p-same', name: 'Mine', text: 'Here first' },
        { id: 'p-new', name: 'Brought', text: 'Back {{again}}' },
        { id: '../escape', name: 'Bad id', text: 'x' },
      ],
      shipped: { summarise: null, email: null, improve: { name: 'Polish', text: 'Polish it' } },
    });
    expect(added).toBe(4);
    const list = library.list('en');
    expect(list.find((p) => p.id === mine.id)!.text).toBe('Here first');
    const theirs = list.find((p) => p.name === 'Theirs')!;
    expect(theirs.id).not.toBe(mine.id);
    expect(names(list)).toEqual(
      expect.arrayContaining(['Brought', 'Short', 'Polish', 'Mine', 'Theirs']),
    );
    expect(names(list)).not.toContain('Write an email');
    expect(names(list)).not.toContain('Bad id');
    expect(list.filter((p) => p.name === 'Mine')).toHaveLength(1);
    expect(await library.adopt({ own: 'nope' })).toBe(0);
  });
});
