// One folder in the sidebar's list: its head (collapse, rename, delete), a drop target, and its rows.
import { useState, type ComponentType } from 'react';
import type { ConversationSummary, Folder, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { IconButton } from '../common/IconButton';
import { InlineConfirm } from '../common/InlineConfirm';
import { formatCount, localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { useDropTarget } from './conversation-drag';
import { RowList, type Roving, type RowProps, type Selection } from './RowList';

export function FolderSection({
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
  const locale = localeOf(useLanguage());
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
            {listComplete && (
              <span className="folder-count">{formatCount(items.length, locale)}</span>
            )}
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
