// A video job's state in words: the service's status values (IN_QUEUE, processing, not found, an unknown one) said plainly.
import type { VideoJob } from '../../../shared/types';
import { isNotFoundStatus } from '../../../shared/video';
import type { Translate } from '../i18n/translate';

/** Status values seen while a job waits for its turn, and while it is being made. */
const QUEUED = new Set(['IN_QUEUE', 'QUEUED', 'PENDING', 'WAITING']);
const GENERATING = new Set(['IN_PROGRESS', 'PROCESSING', 'RUNNING', 'GENERATING']);

type ShownJob = Pick<VideoJob, 'phase' | 'status'> & Partial<Pick<VideoJob, 'error'>>;

/**
 * Whether the service's last answer about a running job was "not found": a 404, or a status so
 * named. Polling goes on (the document ends a job only on COMPLETED or FAILED); the tab says so.
 */
export function serviceLostJob(job: ShownJob): boolean {
  return (
    job.phase === 'running' && (job.error?.code === 'not_found' || isNotFoundStatus(job.status))
  );
}

/** The sentence after "Status:": never a bare code, and an unknown code only inside words. */
export function videoStatusWords(job: ShownJob, t: Translate): string {
  switch (job.phase) {
    case 'downloading':
      return t('video.phase.downloading');
    case 'completed':
      return t('video.phase.completed');
    case 'failed':
      return t('video.phase.failed');
    case 'download_failed':
      return t('video.phase.download_failed');
    case 'running': {
      const code = job.status.trim();
      const word = code.toUpperCase();
      if (job.error?.code === 'not_found') return t('video.serviceStatus.missing');
      if (isNotFoundStatus(code)) return t('video.serviceStatus.notFound', { status: code });
      if (job.status === 'submitted') return t('video.serviceStatus.submitted');
      if (QUEUED.has(word)) return t('video.serviceStatus.queued');
      if (GENERATING.has(word)) return t('video.serviceStatus.generating');
      return t('video.serviceStatus.other', { status: code || '—' });
    }
  }
}
