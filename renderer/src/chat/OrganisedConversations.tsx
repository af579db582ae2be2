// The sidebar's list below search: pinned, then each folder (collapsible, a drop target), then the rest; or the archive. In select mode, checkboxes.
import { useEffect, useMemo, useRef, useState, type ComponentType, type DragEvent } from 'react';
import type { ConversationSummary, Folder, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineConfirm } from '../common/InlineConfirm';
import { Icon } from '../common/Icon';
import { useGrowingList } from '../common/growing-list';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './organise.css';
import { IconButton } from '../common/IconButton';

export interface RowProps {
  summary: ConversationSummary;
  active: boolean;
  /** The one row of the list that Tab reaches (the others by arrow keys from it). */
  tabStop: boolean;
}

const DRAG_TYPE = 'application/x-atelier-conversation';

/** Rows are links to #conversation/<id>: the conversation a row's element belongs to. */
function rowIdOf(target: EventTarget): string | null {
  const link = (target as HTMLElement).closest?.('a[href^="#conversation/"]');
  const href = link?.getAttribute('href');
  return href ? decodeURIComponent(href.slice('#conversation/'.length)) : null;
}

/** A dragged link says which conversation it is. */
function onRowDragStart(event: DragEvent<HTMLElement>) {
  const id = rowIdOf(event.target);
  if (!id) return;
  event.dataTransfer.setData(DRAG_TYPE, id);
  event.dataTransfer.effectAllowed = 'move';
}

/** Where Tab lands in the list: the row focused last, else the open one, else the first. */
interface Roving {
  tabStopId: string | null;
  onRowFocus: (id: string) => void;
}

/** Where a dragged conversation may be dropped to be filed (folderId null: no folder). */
function useDropTarget(folderId: string | null, onError: (e: UserError | null) => void) {
  const moveToFolder = useAppStore((s) => s.moveToFolder);
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave() {
        setOver(false);
      },
      onDrop(event: DragEvent<HTMLElement>) {
        setOver(false);
        const id = event.dataTransfer.getData(DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        void moveToFolder([id], folderId).then(onError);
      },
    },
  };
}

function SelectableRow({
  summary,
  checked,
  onToggle,
}: {
  summary: ConversationSummary;
  checked: boolean;
  onToggle: (id: string, checked: boolean, range: boolean) => void;
}) {
  const t = useT();
  return (
    <li className={`conversation selectable${checked ? ' active' : ''}`}>
      <label className="conversation-check">
        <input
          type="checkbox"
          checked={checked}
          // Click (also fired by Space) carries Shift, for ranges; the state follows the store.
          onChange={() => undefined}
          onClick={(event) => onToggle(summary.id, event.currentTarget.checked, event.shiftKey)}
        />
        <span className="conversation-title">{summary.title || t('chat.untitled')}</span>
      </label>
    </li>
  );
}

function RowList({
  items,
  Row,
  activeId,
  selection,
  roving,
}: {
  items: readonly ConversationSummary[];
  Row: ComponentType<RowProps>;
  activeId: string | null;
  selection: Selection | null;
  roving: Roving;
}) {
  const { count, endRef } = useGrowingList(
    items.length,
    activeId ? items.findIndex((s) => s.id === activeId) : -1,
  );
  return (
    <ul
      className="stack conversation-list"
      onDragStart={onRowDragStart}
      onFocus={(event) => {
        const id = rowIdOf(event.target);
        if (id) roving.onRowFocus(id);
      }}
    >
      {items
        .slice(0, count)
        .map((summary) =>
          selection ? (
            <SelectableRow
              key={summary.id}
              summary={summary}
              checked={selection.selected.has(summary.id)}
              onToggle={selection.toggle}
            />
          ) : (
            <Row
              key={summary.id}
              summary={summary}
              active={summary.id === activeId}
              tabStop={summary.id === roving.tabStopId}
            />
          ),
        )}
      {count < items.length && <li className="conversation-more" ref={endRef} aria-hidden />}
    </ul>
  );
}

interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, checked: boolean, range: boolean) => void;
}

function FolderSection({
  folder,
  items,
  Row,
  activeId,
  selection,
  roving,
}: {
  folder: Folder;
  items: readonly ConversationSummary[];
  Row: ComponentType<RowProps>;
  activeId: string | null;
  selection: Selection | null;
  roving: Roving;
}) {
  const t = useT();
  const collapsed = useAppStore((s) => s.collapsedFolders.includes(folder.id));
  // Until the whole list is in, the count and the empty note would speak of the first page only.
  const listComplete = useAppStore((s) => s.listComplete);
  const toggleFolder = useAppStore((s) => s.toggleFolder);
  const renameFolder = useAppStore((s) => s.renameFolder);
  const deleteFolder = useAppStore((s) => s.deleteFolder);
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [name, setName] = useState(folder.name);
  const [error, setError] = useState<UserError | null>(null);
  const drop = useDropTarget(folder.id, setError);

  async function commitRename() {
    setMode('view');
    const next = name.trim();
    if (next && next !== folder.name) setError(await renameFolder(folder.id, next));
  }

  return (
    <li className={`folder${drop.over ? ' drop-over' : ''}`} {...drop.handlers}>
      {mode === 'rename' ? (
        <input
          className="input"
          aria-label={t('organise.folderName')}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onBlur={() => void commitRename()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void commitRename();
            else if (event.key === 'Escape') {
              event.preventDefault();
              setName(folder.name);
              setMode('view');
            }
          }}
        />
      ) : (
        <div className="folder-head">
          <button
            type="button"
            className="folder-toggle"
            aria-expanded={!collapsed}
            onClick={() => toggleFolder(folder.id)}
          >
            <span className={`folder-chevron${collapsed ? '' : ' open'}`}>
              <Icon name="chevron" size={13} />
            </span>
            <Icon name="folder" size={15} />
            <span className="folder-name">{folder.name}</span>
            {listComplete && <span className="folder-count">{items.length}</span>}
          </button>
          <div
            className="folder-actions"
            role="group"
            aria-label={t('organise.folderActions', { name: folder.name })}
          >
            <IconButton
              label={t('organise.renameFolder')}
              small
              onClick={() => {
                setName(folder.name);
                setMode('rename');
              }}
            >
              <Icon name="edit" size={14} />
            </IconButton>
            <IconButton label={t('organise.deleteFolder')} small onClick={() => setMode('confirm')}>
              <Icon name="trash" size={14} />
            </IconButton>
          </div>
        </div>
      )}
      {mode === 'confirm' && (
        <InlineConfirm
          label={t('organise.deleteFolder')}
          message={t('organise.deleteFolderConfirm', { name: folder.name })}
          onConfirm={() => {
            setMode('view');
            void deleteFolder(folder.id).then(setError);
          }}
          onCancel={() => setMode('view')}
        />
      )}
      {!collapsed &&
        (items.length > 0 ? (
          <RowList
            items={items}
            Row={Row}
            activeId={activeId}
            selection={selection}
            roving={roving}
          />
        ) : (
          listComplete && <p className="folder-empty">{t('organise.emptyFolder')}</p>
        ))}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </li>
  );
}

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
          {t('organise.showArchived', { count: groups.archived.length })}
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
