// The sidebar's list below search: pinned, then each folder (collapsible, a drop target), then the rest; or the archive. In select mode, checkboxes.
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { ConversationSummary, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './organise.css';
import { IconButton } from '../common/IconButton';
import { useDropTarget } from './conversation-drag';
import { FolderSection } from './FolderSection';
import { RowList, type Roving, type RowProps, type Selection } from './RowList';

function NewFolder() {
  const t = useT();
  const createFolder = useAppStore((s) => s.createFolder);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<UserError | null>(null);

  async function commit() {
    const next = name.trim();
    setEditing(false);
    setName('');
    if (next) setError(await createFolder(next));
  }

  return (
    <>
      {editing ? (
        <input
          className="input folder-new-input"
          aria-label={t('organise.folderName')}
          placeholder={t('organise.folderName')}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void commit();
            else if (event.key === 'Escape') {
              event.preventDefault();
              setName('');
              setEditing(false);
            }
          }}
        />
      ) : (
        <IconButton label={t('organise.newFolder')} small onClick={() => setEditing(true)}>
          <Icon name="plus" size={14} />
        </IconButton>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );
}

/** A heading that files a dropped conversation in no folder. */
function RestHeading({ title }: { title: string }) {
  const [error, setError] = useState<UserError | null>(null);
  const drop = useDropTarget(null, setError);
  return (
    <>
      <h2 className={`sidebar-heading${drop.over ? ' drop-over' : ''}`} {...drop.handlers}>
        {title}
      </h2>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </>
  );
}

export function OrganisedConversations({
  Row,
  activeId,
}: {
  Row: ComponentType<RowProps>;
  activeId: string | null;
}) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const summaries = useAppStore((s) => s.summaries);
  const folders = useAppStore((s) => s.folders);
  const loadFolders = useAppStore((s) => s.loadFolders);
  const showArchived = useAppStore((s) => s.showArchived);
  const setShowArchived = useAppStore((s) => s.setShowArchived);
  const selecting = useAppStore((s) => s.selecting);
  const selectedIds = useAppStore((s) => s.selectedIds);
  const selectConversations = useAppStore((s) => s.selectConversations);
  const lastToggled = useRef<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  useEffect(() => {
    void loadFolders();
  }, [loadFolders]);

  const groups = useMemo(() => {
    const known = new Set(folders.map((f) => f.id));
    const live = summaries.filter((s) => !s.archived);
    const pinned = live.filter((s) => s.pinned);
    const byFolder = new Map<string, ConversationSummary[]>(folders.map((f) => [f.id, []]));
    const rest: ConversationSummary[] = [];
    for (const s of live) {
      if (s.pinned) continue;
      if (s.folderId && known.has(s.folderId)) byFolder.get(s.folderId)!.push(s);
      else rest.push(s);
    }
    const archived = summaries.filter((s) => s.archived);
    return { pinned, byFolder, rest, archived };
  }, [summaries, folders]);

  const collapsed = useAppStore((s) => s.collapsedFolders);
  /** The rows in the order they are shown, for shift-click ranges. */
  const order = useMemo(() => {
    if (showArchived) return groups.archived.map((s) => s.id);
    const ids = groups.pinned.map((s) => s.id);
    for (const f of folders) {
      if (!collapsed.includes(f.id))
        ids.push(...(groups.byFolder.get(f.id) ?? []).map((s) => s.id));
    }
    ids.push(...groups.rest.map((s) => s.id));
    return ids;
  }, [groups, folders, collapsed, showArchived]);

  const roving: Roving = {
    tabStopId:
      focusedId !== null && order.includes(focusedId)
        ? focusedId
        : activeId !== null && order.includes(activeId)
          ? activeId
          : (order[0] ?? null),
    onRowFocus: setFocusedId,
  };

  const selection: Selection | null = selecting
    ? {
        selected: new Set(selectedIds),
        toggle: (id, checked, range) => {
          const from = lastToggled.current ? order.indexOf(lastToggled.current) : -1;
          const to = order.indexOf(id);
          lastToggled.current = id;
          if (range && from >= 0 && to >= 0) {
            const [a, b] = from < to ? [from, to] : [to, from];
            selectConversations(order.slice(a, b + 1), checked);
          } else selectConversations([id], checked);
        },
      }
    : null;

  if (showArchived) {
    return (
      <>
        <div className="archive-head">
          <button
            type="button"
            className="button ghost small"
            onClick={() => setShowArchived(false)}
          >
            <Icon name="chevron" size={13} /> {t('organise.backToList')}
          </button>
        </div>
        <h2 className="sidebar-heading">{t('organise.archived')}</h2>
        {groups.archived.length === 0 ? (
          <p className="sidebar-empty">{t('organise.noArchived')}</p>
        ) : (
          <RowList
            items={groups.archived}
            Row={Row}
            activeId={activeId}
            selection={selection}
            roving={roving}
          />
        )}
      </>
    );
  }

  return (
    <>
      {groups.pinned.length > 0 && (
        <>
          <h2 className="sidebar-heading">{t('chat.pinned')}</h2>
          <RowList
            items={groups.pinned}
            Row={Row}
            activeId={activeId}
            selection={selection}
            roving={roving}
          />
        </>
      )}
      <div className="folders-head">
        <h2 className="sidebar-heading">{t('organise.folders')}</h2>
        <NewFolder />
      </div>
      {folders.length > 0 && (
        <ul className="stack folder-list" aria-label={t('organise.folders')}>
          {folders.map((folder) => (
            <FolderSection
              key={folder.id}
              folder={folder}
              items={groups.byFolder.get(folder.id) ?? []}
              Row={Row}
              activeId={activeId}
              selection={selection}
              roving={roving}
            />
          ))}
        </ul>
      )}
      {(groups.rest.length > 0 || folders.length > 0) && <RestHeading title={t('chat.recent')} />}
      <RowList
        items={groups.rest}
        Row={Row}
        activeId={activeId}
        selection={selection}
        roving={roving}
      />
      {groups.archived.length > 0 && (
        <button
          type="button"
          className="button ghost small archive-link"
          onClick={() => setShowArchived(true)}
        >
          <Icon name="archive" size={14} />{' '}
          {t('organise.showArchived', { count: formatCount(groups.archived.length, locale) })}
        </button>
      )}
    </>
  );
}

/** Archive / Restore on one conversation's row. */
export function ArchiveButton({
  summary,
  onError,
  tabIndex,
}: {
  summary: ConversationSummary;
  onError: (error: UserError | null) => void;
  tabIndex?: number;
}) {
  const t = useT();
  const setArchived = useAppStore((s) => s.setArchived);
  const label = summary.archived ? t('organise.restore') : t('organise.archive');
  return (
    <IconButton
      label={label}
      small
      tabIndex={tabIndex}
      onClick={() => void setArchived([summary.id], !summary.archived).then(onError)}
    >
      <Icon name="archive" size={15} />
    </IconButton>
  );
}
