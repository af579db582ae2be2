// A video job's status in words (renderer/src/video/status-words.ts), in English and Russian.
import { describe, expect, it } from 'vitest';
import { loadLanguage, translatorFor } from '../../../../renderer/src/i18n/translate';
import { serviceLostJob, videoStatusWords } from '../../../../renderer/src/video/status-words';
import type { VideoJob } from '../../../../shared/types';

// Russian strings are a chunk of their own, fetched when chosen.
await loadLanguage('ru');

const en = translatorFor('en');
const ru = translatorFor('ru');
const running = (status: string): Pick<VideoJob, 'phase' | 'status'> => ({
  phase: 'running',
  status,
});

describe('videoStatusWords', () => {
  it('says the queue and the making in words, whatever the case of the code', () => {
    expect(videoStatusWords(running('IN_QUEUE'), en)).toBe('Waiting in the queue');
    expect(videoStatusWords(running('pending'), en)).toBe('Waiting in the queue');
    expect(videoStatusWords(running('IN_PROGRESS'), en)).toBe('Generating');
    expect(videoStatusWords(running('processing'), en)).toBe('Generating');
    expect(videoStatusWords(running('IN_QUEUE'), ru)).toBe('Ждёт в очереди');
    expect(videoStatusWords(running('processing'), ru)).toBe('Создаётся');
  });

  it('names an unknown status inside words, never alone', () => {
    expect(videoStatusWords(running('RENDERING_FRAMES'), en)).toBe(
      'Working (status: RENDERING_FRAMES)',
    );
    expect(videoStatusWords(running('error'), ru)).toBe('В работе (статус: error)');
    expect(videoStatusWords(running(''), en)).toBe('Working (status: —)');
  });

  it('never shows a bare code for any status a running job may have', () => {
    for (const status of ['IN_QUEUE', 'IN_PROGRESS', 'pending', 'processing', 'X_Y', 'submitted'])
      for (const t of [en, ru]) expect(videoStatusWords(running(status), t)).not.toBe(status);
  });

  it('says "not found" for a NOT_FOUND status or a 404, as still running', () => {
    expect(videoStatusWords(running('NOT_FOUND'), en)).toBe(
      'Not found by the service (status: NOT_FOUND)',
    );
    expect(videoStatusWords(running('not found'), ru)).toBe(
      'Сервис не находит задачу (статус: not found)',
    );
    const missing = {
      ...running('IN_QUEUE'),
      error: {
        code: 'not_found',
        message: "Video job 'v' not found",
        status: 404,
        retryable: false,
      },
    } as const;
    expect(videoStatusWords(missing, en)).toBe('Not found by the service');
    expect(serviceLostJob(missing)).toBe(true);
    expect(serviceLostJob(running('NOT_FOUND'))).toBe(true);
    expect(serviceLostJob(running('IN_QUEUE'))).toBe(false);
    expect(serviceLostJob({ phase: 'failed', status: 'NOT_FOUND' })).toBe(false);
  });

  it('says the end of a job by its phase', () => {
    expect(videoStatusWords({ phase: 'downloading', status: 'COMPLETED' }, en)).toBe('Downloading');
    expect(videoStatusWords({ phase: 'completed', status: 'COMPLETED' }, en)).toBe('Completed');
    expect(videoStatusWords({ phase: 'failed', status: 'FAILED' }, ru)).toBe('Ошибка');
    expect(videoStatusWords({ phase: 'download_failed', status: 'COMPLETED' }, en)).toBe(
      'Download failed',
    );
  });
});
