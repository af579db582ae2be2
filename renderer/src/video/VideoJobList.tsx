// The video job queue: each job's status in words, elapsed time, model, and its video when done.
import { useEffect, useState } from 'react';
import type { VideoJob } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { TechnicalDetails } from '../common/TechnicalDetails';
import { errorSentence } from '../common/errors';
import { mediaUrl, saveMedia } from '../common/media';
import { countWords } from '../i18n/counts';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useMoney } from '../i18n/use-money';
import { useAppStore } from '../store';
import { serviceLostJob, videoStatusWords } from './status-words';
import { FromChatLink } from '../common/FromChatLink';

/** 1:05 or 1:02:03: time since the job was sent, up to its end. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor(total / 60) % 60;
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Re-renders every second while some job is still going, for the elapsed times. */
function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return active ? now : Date.now();
}

function JobItem({ job, now }: { job: VideoJob; now: number }) {
  const t = useT();
  const money = useMoney();
  const language = useLanguage();
  const remove = useAppStore((s) => s.removeVideoJob);
  const retryDownload = useAppStore((s) => s.retryVideoDownload);
  const started = Date.parse(job.createdAt);
  const ended = job.finishedAt ? Date.parse(job.finishedAt) : now;
  const elapsed = formatElapsed(ended - started);
  const working = job.phase === 'running' || job.phase === 'downloading';
  const [asking, setAsking] = useState(false);

  return (
    <li className="card compact" data-phase={job.phase}>
      <div className="job-head">
        <span className={`job-status phase-${job.phase}`}>
          {working && <span className="media-spinner" aria-hidden="true" />}
          {t('video.status', { status: videoStatusWords(job, t) })}
        </span>
        <span className="muted job-time">{t('video.elapsed', { time: elapsed })}</span>
      </div>
      <p className="job-prompt">{job.prompt}</p>
      <FromChatLink item={{ fromChat: job.fromChat, extra: {} }} />
      <p className="job-facts">
        <code>{job.model}</code>
        <span>{job.aspectRatio}</span>
        {job.duration > 0 && <span>{countWords(language, 'units.seconds', job.duration)}</span>}
        {job.cost && <span>{t('video.cost', { cost: money(job.cost) })}</span>}
        <span>{new Date(job.createdAt).toLocaleString(localeOf(language))}</span>
      </p>
      {job.polls > 0 && (
        <TechnicalDetails>
          {t('video.polls', { count: formatCount(job.polls, localeOf(language)) })}
        </TechnicalDetails>
      )}
      {serviceLostJob(job) && (
        // Polled on until COMPLETED or FAILED, as the document says: said, with the way to stop.
        <div className="hint warning" role="status">
          <p>{t('video.notFound')}</p>
          {job.error?.code === 'not_found' && job.error.message.trim() !== '' && (
            <p>
              {job.error.fromService
                ? t('common.serviceSaid', { message: job.error.message })
                : job.error.message}
            </p>
          )}
        </div>
      )}
      {job.phase === 'running' && job.error && job.error.code !== 'not_found' && (
        <p className="hint warning">
          {t('video.pollProblem', {
            message: `${errorSentence(t, job.error)} ${job.error.message}`,
          })}
        </p>
      )}
      {job.phase === 'failed' && (
        <div className="job-failure" role="alert">
          <p>{t('video.reason', { reason: job.reason ?? job.error?.message ?? job.status })}</p>
          {job.balanceAfter && (
            <p className="muted">
              {t('video.balanceAfter', { credits: money(job.balanceAfter, 'down') })}
            </p>
          )}
        </div>
      )}
      {job.phase === 'download_failed' && (
        <div className="job-failure" role="alert">
          <p>{t('video.downloadFailed')}</p>
          {job.error && <ErrorNotice error={{ ...job.error, retryable: false }} />}
          <button type="button" className="button" onClick={() => void retryDownload(job.id)}>
            {t('video.retryDownload')}
          </button>
        </div>
      )}
      {job.phase === 'completed' && job.mediaId && (
        <video
          className="job-video"
          controls
          preload="metadata"
          src={mediaUrl(job.mediaId)}
          aria-label={t('video.player', { title: job.prompt })}
        />
      )}
      <div className="form-actions">
        {job.phase === 'completed' && job.mediaId && (
          <button
            type="button"
            className="text-button"
            onClick={() =>
              void saveMedia({ id: job.mediaId as string, title: job.prompt, mime: 'video/mp4' })
            }
          >
            {t('video.save')}
          </button>
        )}
        {!asking && (
          <button
            type="button"
            className="text-button"
            title={t('video.removeHint')}
            // A job still running has cost its credits already: removing it is asked first.
            onClick={() => (working ? setAsking(true) : void remove(job.id))}
          >
            {t('video.remove')}
          </button>
        )}
      </div>
      {asking && (
        <div className="confirm" role="group" aria-label={t('video.remove')}>
          <p role="alert">{t('video.removeRunningAsk')}</p>
          <div className="confirm-actions">
            <button type="button" className="button danger" onClick={() => void remove(job.id)}>
              {t('video.removeAnyway')}
            </button>
            <button
              type="button"
              className="button ghost"
              autoFocus
              onClick={() => setAsking(false)}
            >
              {t('video.keepWaiting')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

export function VideoJobList() {
  const t = useT();
  const jobs = useAppStore((s) => s.videoJobs);
  const loaded = useAppStore((s) => s.videoJobsLoaded);
  const error = useAppStore((s) => s.videoJobsError);
  const load = useAppStore((s) => s.loadVideoJobs);
  const now = useTicker(jobs.some((job) => job.phase === 'running' || job.phase === 'downloading'));

  return (
    <section className="video-jobs" aria-labelledby="video-jobs-title">
      <h2 id="video-jobs-title">{t('video.jobs')}</h2>
      {error && <ErrorNotice error={error} onRetry={() => void load()} />}
      {loaded && jobs.length === 0 && <p className="muted">{t('video.jobsEmpty')}</p>}
      <ul className="stack job-list" aria-labelledby="video-jobs-title">
        {jobs.map((job) => (
          <JobItem key={job.id} job={job} now={now} />
        ))}
      </ul>
    </section>
  );
}
