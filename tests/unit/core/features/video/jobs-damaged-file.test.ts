// The video jobs file damaged: set aside and told, the paid jobs still readable kept, polled and fetched, entries that are not jobs dropped.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openRecovery, REASON_SUFFIX } from '../../../../../electron/core/library/recovery';
import type { VideoJob } from '../../../../../shared/types';
import { DAMAGES, damage, type Damage } from '../../damage';
import { elapse, env, fakeService, INTERVAL, openJobs, request, status } from './jobs-harness';

describe('video jobs file damaged', () => {
  /** The newest job is short and the oldest long: a cut or a garble in the middle hits the oldest. */
  const KEPT_OF: Record<Damage, boolean> = {
    truncated: true,
    emptied: false,
    garbled: true,
    binary: false,
    null: false,
    'wrong shape': false,
  };

  it.each(DAMAGES)(
    'a file %s is set aside and told; the paid jobs still readable are kept, polled and fetched',
    async (how) => {
      const file = join(env.dir, 'jobs', 'video.json');
      const service = fakeService();
      const first = await openJobs(service);
      await first.jobs.submit(request(`long ${'words '.repeat(200)}`));
      await vi.advanceTimersByTimeAsync(1000);
      const newest = await first.jobs.submit(request('short'));
      await first.jobs.dispose();
      env.open = env.open.filter((jobs) => jobs !== first.jobs);
      const damaged = await damage(file, how);

      const recovery = openRecovery(env.dir);
      service.script.set('req-short', [status('COMPLETED', { url: 'http://sim/files/v.mp4' })]);
      const { jobs } = await openJobs(service, { recovery });
      const kept = KEPT_OF[how] ? [newest.id] : [];
      expect(jobs.list().map((job) => job.id)).toEqual(kept);
      const [aside, ...more] = recovery.items();
      expect(more).toEqual([]);
      expect(aside).toMatchObject({ file: 'jobs/video.json' });
      expect(aside?.reason).toContain(`The ${kept.length} jobs that could be read were kept`);
      expect(existsSync(join(env.dir, aside!.movedTo! + REASON_SUFFIX))).toBe(true);

      await elapse(jobs, INTERVAL + 1000);
      expect(await readFile(join(env.dir, aside!.movedTo!))).toEqual(damaged);
      if (kept.length > 0) {
        expect(service.added).toHaveLength(1);
        expect(jobs.list()[0]).toMatchObject({ id: newest.id, phase: 'completed' });
      }
      const saved = existsSync(file)
        ? (JSON.parse(await readFile(file, 'utf8')) as { jobs: VideoJob[] }).jobs
        : [];
      expect(saved.map((job) => job.id)).toEqual(kept);
    },
  );

  it('keeps the jobs of a whole file beside entries that are not jobs, and writes them back at once', async () => {
    const file = join(env.dir, 'jobs', 'video.json');
    const service = fakeService();
    const first = await openJobs(service);
    const job = await first.jobs.submit(request('paid'));
    await first.jobs.dispose();
    env.open = env.open.filter((jobs) => jobs !== first.jobs);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { jobs: unknown[] };
    await writeFile(file, JSON.stringify({ ...saved, jobs: [...saved.jobs, { id: 7 }, null] }));

    const recovery = openRecovery(env.dir);
    const { jobs } = await openJobs(service, { recovery });
    expect(jobs.list().map((kept) => kept.id)).toEqual([job.id]);
    expect(recovery.items()[0]?.reason).toContain('2 of its entries are not video jobs');
    const written = JSON.parse(await readFile(file, 'utf8')) as { jobs: VideoJob[] };
    expect(written.jobs.map((kept) => kept.id)).toEqual([job.id]);
  });
});
