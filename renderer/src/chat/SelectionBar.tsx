// Select mode in the sidebar: "Select" turns rows into checkboxes; then archive, move or delete the selected ones (deleting asks first, with how many).
import { useState } from 'react';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineConfirm } from '../common/InlineConfirm';
import { countWords } from '../i18n/counts';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './organise.css';

const NO_FOLDER = '';

export function SelectionBar() {
  const t = useT();
  const language = useLanguage();
  const selecting = useAppStore((s) => s.selecting);
  const setSelecting = useAppStore((s) => s.setSelecting);
  const selectedIds = useAppStore((s) => s.selectedIds);
  const summaries = useAppStore((s) => s.summaries);
  const listComplete = useAppStore((s) => s.listComplete);
  const folders = useAppStore((s) => s.folders);
  const showArchived = useAppStore((s) => s.showArchived);
  const selectConversations = useAppStore((s) => s.selectConversations);
  const setArchived = useAppStore((s) => s.setArchived);
  const moveToFolder = useAppStore((s) => s.moveToFolder);
  const deleteConversations = useAppStore((s) => s.deleteConversations);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<UserError | null>(null);

  if (!selecting) {
    return (
      <div className="selection-start">
        <button
          type="button"
          className="button ghost small"
          // Selecting starts once every conversation is known (the start shows the first page first).
          disabled={summaries.length === 0 || !listComplete}
          onClick={() => setSelecting(true)}
        >
          {t('organise.select')}
        </button>
      </div>
    );
  }

  // Only what is in the view being shown counts.
  const shown = summaries.filter((s) => (s.archived ?? false) === showArchived).map((s) => s.id);
  const chosen = selectedIds.filter((id) => shown.includes(id));
  const count = chosen.length;

  async function run(action: () => Promise<UserError | null>) {
    const failure = await action();
    setError(failure);
    if (!failure) selectConversations(chosen, false);
  }

  return (
    <div className="selection-bar" role="group" aria-label={t('organise.selectionActions')}>
      <div className="selection-row">
        <span className="selection-count" role="status">
          {t('organise.selected', { count: formatCount(count, localeOf(language)) })}
        </span>
        <button
          type="button"
          className="button ghost small"
          onClick={() => selectConversations(shown, true)}
        >
          {t('organise.selectAll')}
        </button>
        <button type="button" className="button ghost small" onClick={() => setSelecting(false)}>
          {t('organise.doneSelecting')}
        </button>
      </div>
      <div className="selection-row">
        <button
          type="button"
          className="button small"
          disabled={count === 0}
          onClick={() => void run(() => setArchived(chosen, !showArchived))}
        >
          {showArchived ? t('organise.restoreSelected') : t('organise.archiveSelected')}
        </button>
        <button
          type="button"
          className="button danger small"
          disabled={count === 0}
          onClick={() => setConfirming(true)}
        >
          {t('organise.deleteSelected')}
        </button>
      </div>
      {!showArchived && (
        <select
          className="input small"
          aria-label={t('organise.moveToFolder')}
          disabled={count === 0}
          value="-"
          onChange={(event) => {
            const target = event.target.value;
            void run(() => moveToFolder(chosen, target === NO_FOLDER ? null : target));
          }}
        >
          <option value="-" disabled>
            {t('organise.moveToFolder')}
          </option>
          <option value={NO_FOLDER}>{t('organise.noFolder')}</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      )}
      <p className="hint">{t('organise.selectionHint')}</p>
      {confirming && (
        <InlineConfirm
          label={t('organise.deleteSelected')}
          message={t('organise.deleteSelectedConfirm', {
            conversations: countWords(language, 'units.selectedConversations', count),
          })}
          onConfirm={() => {
            setConfirming(false);
            void run(() => deleteConversations(chosen));
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
