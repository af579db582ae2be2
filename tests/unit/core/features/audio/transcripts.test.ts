// Transcripts kept in history: through core against the simulator, and the store's file read back after a restart.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../../shared/types';
import { openTranscriptStore } from '../../../../../electron/core/features/audio/transcripts';
import { openRecovery, REASON_SUFFIX } from '../../../../../electron/core/library/recovery';
import { DAMAGES, damage, type Damage } from '../../damage';
import { makeWav } from '../../../../e2e/files';
import { env, openCore } from '../../simulated-core';

describe('transcript history', () => {
  it('keeps each transcription, with the WAV’s length, across a restart of core', async () => {
    const first = await openCore();
    const file = await first.upload('talk.wav', 'audio/wav', makeWav(0.5));
    const transcript = await first.call<Transcript>('audio.transcribe', {
      fileId: file.fileId,
      model: 'stt-openai/whisper-1',
      timestamps: false,
    });
    expect(transcript.id).toMatch(/^tr-/);
    expect(transcript.duration).toBeCloseTo(0.5, 2);
    await first.core.dispose();
    env.cores.length = 0;

    const second = await openCore();
    const kept = await second.call<Transcript[]>('audio.transcripts');
    expect(kept).toEqual([transcript]);
    await second.call('audio.deleteTranscript', { id: transcript.id });
    expect(await second.call<Transcript[]>('audio.transcripts')).toEqual([]);
    const missing = await second.attempt('audio.deleteTranscript', { id: transcript.id });
    expect(!missing.ok && missing.error.code).toBe('not_found');
  });

  it('starts empty and says so when the file is unreadable, and skips malformed entries', async () => {
    await writeFile(join(env.dir, 'transcripts.json'), '{not json');
    const broken = await openTranscriptStore(env.dir);
    expect(broken.list()).toEqual([]);
    expect(broken.problem).toMatch(/could not be read/);

    await writeFile(
      join(env.dir, 'transcripts.json'),
      JSON.stringify({ transcripts: [{ id: 'tr-1', text: 'ok' }, { text: 'no id' }, 7] }),
    );
    const store = await openTranscriptStore(env.dir);
    expect(store.list().map((t) => t.id)).toEqual(['tr-1']);
    const added = await store.add({
      text: 'new',
      segments: null,
      language: null,
      model: 'stt-x',
      fileName: 'a.wav',
      cost: null,
      createdAt: new Date(0).toISOString(),
      duration: 2,
    });
    expect((await openTranscriptStore(env.dir)).list().map((t) => t.id)).toEqual([
      added.id,
      'tr-1',
    ]);
  });

  const heard = (text: string): Omit<Transcript, 'id'> => ({
    text,
    segments: null,
    language: null,
    model: 'stt-x',
    fileName: 'a.wav',
    cost: null,
    createdAt: new Date(0).toISOString(),
    duration: 2,
  });
  /** The newest entry is short and the oldest long: a cut or a garble in the middle hits the oldest. */
  const KEPT_OF: Record<Damage, 'newest' | 'none'> = {
    truncated: 'newest',
    emptied: 'none',
    garbled: 'newest',
    binary: 'none',
    null: 'none',
    'wrong shape': 'none',
  };

  it.each(DAMAGES)(
    'sets a file %s aside before the next transcript is written, keeps what it can read, and says so',
    async (how) => {
      const file = join(env.dir, 'transcripts.json');
      const first = await openTranscriptStore(env.dir);
      await first.add(heard(`a long one ${'words '.repeat(200)}`));
      const newest = await first.add(heard('short'));
      const damaged = await damage(file, how);

      const recovery = openRecovery(env.dir);
      const store = await openTranscriptStore(env.dir, { recovery });
      const kept = KEPT_OF[how] === 'newest' ? [newest] : [];
      expect(store.list()).toEqual(kept);
      expect(store.problem).toMatch(/could not be read whole.*set aside as recovered\//);
      const [aside, ...more] = recovery.items();
      expect(more).toEqual([]);
      expect(aside).toMatchObject({ file: 'transcripts.json' });
      expect(existsSync(join(env.dir, aside!.movedTo! + REASON_SUFFIX))).toBe(true);

      const added = await store.add(heard('after the damage'));
      expect(await readFile(join(env.dir, aside!.movedTo!))).toEqual(damaged);
      const reopened = await openTranscriptStore(env.dir, { recovery });
      expect(reopened.list()).toEqual([added, ...kept]);
      expect(reopened.problem).toBeNull();
      expect(recovery.items()).toHaveLength(1);
    },
  );

  it('writes back at once what it kept of a file with entries it could not read', async () => {
    await writeFile(
      join(env.dir, 'transcripts.json'),
      JSON.stringify({ transcripts: [{ id: 'tr-1', text: 'ok' }, { text: 'no id' }] }),
    );
    const recovery = openRecovery(env.dir);
    const store = await openTranscriptStore(env.dir, { recovery });
    expect(store.problem).toMatch(/1 of its entries are not transcripts/);
    expect(recovery.items()).toHaveLength(1);
    const reopened = await openTranscriptStore(env.dir, { recovery });
    expect(reopened.list().map((t) => t.id)).toEqual(['tr-1']);
    expect(reopened.problem).toBeNull();
  });
});
