// Settings card "Your data": export every conversation, import from Atelier or ChatGPT, back up and restore the whole library, with progress and a report in words.
import { useId, useRef, useState, type DragEvent } from 'react';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type TransferProgress,
  type TransferReport,
} from '../../../shared/transfer';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { uploadFile } from '../common/upload';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { invoke, platformKind, subscribe } from '../platform';
import { deliverPrepared } from './deliver';
import './transfer.css';

type Activity =
  | { kind: 'preparing' }
  | { kind: 'uploading'; name: string; sent: number; total: number }
  | { kind: 'working'; progress: TransferProgress | null };

const newJobId = (): string =>
  `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function ProgressLine({ activity }: { activity: Activity }) {
  const t = useT();
  const locale = localeOf(useLanguage());
  let words = t('transfer.preparing');
  let value: number | undefined;
  let max = 1;
  if (activity.kind === 'uploading') {
    words = t('transfer.uploading', { name: activity.name });
    value = activity.sent;
    max = activity.total || 1;
  } else if (activity.kind === 'working' && activity.progress) {
    const { step, done, total } = activity.progress;
    words = t('transfer.progress', {
      step: t(`transfer.step.${step}`),
      done: formatCount(done, locale),
      total: formatCount(total, locale),
    });
    value = done;
    max = total || 1;
  }
  return (
    <div className="transfer-progress" role="status">
      <progress aria-label={t('transfer.progressLabel')} max={max} value={value} />
      <span className="hint">{words}</span>
    </div>
  );
}

function ReportView({ report }: { report: TransferReport }) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const figure = (count: number) => formatCount(count, locale);
  const counts = [
    ['conversations', report.conversations],
    ['media', report.media],
    ['documents', report.documents],
    ['files', report.files],
    ['prompts', report.prompts ?? 0],
  ] as const;
  return (
    <div className="transfer-report" role="region" aria-label={t('transfer.result')}>
      <p>{t(`transfer.report.${report.source}`)}</p>
      {counts
        .filter(([key, count]) => key === 'conversations' || count > 0)
        .map(([key, count]) => (
          <p key={key}>{t(`transfer.report.${key}`, { count: figure(count) })}</p>
        ))}
      {report.renamed > 0 && (
        <p>{t('transfer.report.renamed', { count: figure(report.renamed) })}</p>
      )}
      {report.skipped.length === 0 ? (
        <p>{t('transfer.report.nothingSkipped')}</p>
      ) : (
        <>
          <p>{t('transfer.report.skipped', { count: figure(report.skipped.length) })}</p>
          <ul>
            {report.skipped.slice(0, 50).map((skip, index) => (
              <li key={index}>
                {skip.what}: {t(`transfer.reason.${skip.reason}`)}
              </li>
            ))}
            {report.skipped.length > 50 && <li>…</li>}
          </ul>
        </>
      )}
    </div>
  );
}

export function YourDataCard() {
  const t = useT();
  const titleId = useId();
  const importInput = useRef<HTMLInputElement>(null);
  const restoreInput = useRef<HTMLInputElement>(null);
  const [activity, setActivity] = useState<Activity | null>(null);
  const [report, setReport] = useState<TransferReport | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = activity !== null;

  function begin(next: Activity) {
    setActivity(next);
    setError(null);
    setNotice(null);
    setReport(null);
  }

  /** Runs a job whose progress arrives as transfer.progress events with its id. */
  async function withProgress<T>(run: (jobId: string) => Promise<T>): Promise<T> {
    const jobId = newJobId();
    setActivity({ kind: 'working', progress: null });
    const stop = subscribe('transfer.progress', (progress) => {
      if (progress.jobId === jobId) setActivity({ kind: 'working', progress });
    });
    try {
      return await run(jobId);
    } finally {
      stop();
    }
  }

  async function exportAll(format: ExportFormat) {
    begin({ kind: 'preparing' });
    const prepared = await invoke('transfer.export', { format });
    await finishSave(prepared);
  }

  async function backUp() {
    begin({ kind: 'preparing' });
    const prepared = await withProgress((jobId) => invoke('transfer.backup', { jobId }));
    await finishSave(prepared);
  }

  async function finishSave(prepared: Awaited<ReturnType<typeof invoke<'transfer.export'>>>) {
    const delivered = prepared.ok ? await deliverPrepared(prepared.data) : prepared;
    setActivity(null);
    if (!delivered.ok) setError(delivered.error);
    else if (prepared.ok)
      setNotice(
        delivered.data.saved
          ? t('transfer.saved', { name: prepared.data.name })
          : t('transfer.notSaved'),
      );
  }

  async function bringIn(file: File, kind: 'import' | 'restore') {
    begin({ kind: 'uploading', name: file.name, sent: 0, total: file.size });
    const uploaded = await uploadFile(file, {
      onProgress: (sent, total) => setActivity({ kind: 'uploading', name: file.name, sent, total }),
    });
    if (!uploaded.ok) {
      setActivity(null);
      setError(uploaded.error);
      return;
    }
    const { fileId } = uploaded.data;
    const answer =
      kind === 'import'
        ? (setActivity({ kind: 'working', progress: null }),
          await invoke('transfer.import', { fileId }))
        : await withProgress((jobId) => invoke('transfer.restore', { fileId, jobId }));
    setActivity(null);
    if (answer.ok) setReport(answer.data);
    else setError(answer.error);
  }

  /** Desktop: the archive is chosen in the system dialog and core reads it where it lies. */
  async function restorePicked() {
    begin({ kind: 'preparing' });
    const answer = await withProgress((jobId) => invoke('transfer.restorePicked', { jobId }));
    setActivity(null);
    if (!answer.ok) setError(answer.error);
    else if (answer.data) setReport(answer.data);
  }

  function onPicked(input: HTMLInputElement | null, kind: 'import' | 'restore') {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) void bringIn(file, kind);
  }

  function onDrop(event: DragEvent) {
    const file = event.dataTransfer.files[0];
    if (!file || busy) return;
    event.preventDefault();
    void bringIn(file, file.name.toLowerCase().endsWith('.zip') ? 'restore' : 'import');
  }

  return (
    <section
      className="card"
      aria-labelledby={titleId}
      onDragOver={(event) => event.dataTransfer.types.includes('Files') && event.preventDefault()}
      onDrop={onDrop}
    >
      <h2 id={titleId}>{t('transfer.title')}</h2>
      <p className="hint">{t('transfer.body')}</p>

      <div className="transfer-group">
        <h3>{t('transfer.exportAll')}</h3>
        <div className="transfer-actions">
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="button"
              disabled={busy}
              aria-label={t('transfer.exportAllAs', { format: t(`transfer.format.${format}`) })}
              onClick={() => void exportAll(format)}
            >
              {t(`transfer.format.${format}`)}
            </button>
          ))}
        </div>
      </div>

      <div className="transfer-group">
        <div className="transfer-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => importInput.current?.click()}
          >
            {t('transfer.import')}
          </button>
          <input
            ref={importInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="transfer-import-input"
            onChange={(event) => onPicked(event.currentTarget, 'import')}
          />
        </div>
        <p className="hint">{t('transfer.importHint')}</p>
      </div>

      <div className="transfer-group">
        <div className="transfer-actions">
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void backUp()}
          >
            {t('transfer.backup')}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              platformKind() === 'electron' ? void restorePicked() : restoreInput.current?.click()
            }
          >
            {t('transfer.restore')}
          </button>
          <input
            ref={restoreInput}
            type="file"
            accept=".zip,application/zip"
            hidden
            data-testid="transfer-restore-input"
            onChange={(event) => onPicked(event.currentTarget, 'restore')}
          />
        </div>
        <p className="hint">{t('transfer.restoreHint')}</p>
      </div>

      {activity && <ProgressLine activity={activity} />}
      {notice && (
        <p className="hint" role="status">
          {notice}
        </p>
      )}
      {report && <ReportView report={report} />}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </section>
  );
}
