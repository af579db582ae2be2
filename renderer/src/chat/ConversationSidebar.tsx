// The conversation sidebar: New chat, search over titles and content, pinned first, rename/pin/delete.
import { Icon } from '../common/Icon';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '../../../shared/types';
import { useAppStore } from '../store';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineConfirm } from '../common/InlineConfirm';
import type { UserError } from '../../../shared/types';
import { SearchResults } from './SearchResults';
import { AssistantPicker } from './AssistantPicker';
import { ArchiveButton, OrganisedConversations } from './OrganisedConversations';
import type { RowProps } from './RowList';
import { SelectionBar } from './SelectionBar';
import { IconButton } from '../common/IconButton';

/**
 * The sidebar's rows are one Tab stop (roving tabindex): ↑ ↓ Home End move between their links,
 * → or the context-menu key enters the row's buttons, ← or Esc comes back to its link.
 */
function onRowLinkKey(event: KeyboardEvent<HTMLAnchorElement>) {
  const link = event.currentTarget;
  const links = Array.from(
    link.closest('.sidebar-scroll')?.querySelectorAll<HTMLElement>('a.conversation-link') ?? [],
  );
  const at = links.indexOf(link);
  let next: HTMLElement | undefined;
  if (event.key === 'ArrowDown') next = links[at + 1];
  else if (event.key === 'ArrowUp') next = links[at - 1];
  else if (event.key === 'Home') next = links[0];
  else if (event.key === 'End') next = links[links.length - 1];
  else if (
    event.key === 'ArrowRight' ||
    event.key === 'ContextMenu' ||
    (event.key === 'F10' && event.shiftKey)
  )
    next =
      link.parentElement?.querySelector<HTMLElement>('.conversation-actions button') ?? undefined;
  else return;
  event.preventDefault();
  next?.focus();
}

function onRowActionsKey(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button'));
  const at = buttons.indexOf(event.target as HTMLElement);
  if (at < 0) return;
  const link = event.currentTarget.parentElement?.querySelector<HTMLElement>('a.conversation-link');
  let next: HTMLElement | null | undefined;
  if (event.key === 'ArrowRight') next = buttons[at + 1];
  else if (event.key === 'ArrowLeft') next = at === 0 ? link : buttons[at - 1];
  else if (event.key === 'Escape') next = link;
  else return;
  event.preventDefault();
  // Esc here goes back to the row; the shell's Esc (stop the answer) is not meant.
  event.stopPropagation();
  next?.focus();
}

/**
 * A row's Pin, Rename, Archive and Delete. The sidebar's CSS shows them only on the row under the
 * pointer, the row with focus inside and the open conversation, so the row draws them only then:
 * a start with a long list builds three elements a row instead of sixteen, and rows once hovered
 * do not keep theirs. They are no Tab stops of their own (see onRowLinkKey).
 */
function RowActions({
  summary,
  title,
  onRename,
  onDelete,
  onError,
}: {
  summary: ConversationSummary;
  title: string;
  onRename: () => void;
  onDelete: () => void;
  onError: (error: UserError | null) => void;
}) {
  const t = useT();
  const updateConversation = useAppStore((s) => s.updateConversation);
  return (
    <div
      className="conversation-actions"
      role="group"
      aria-label={t('chat.conversationActions', { title })}
      onKeyDown={onRowActionsKey}
    >
      <IconButton
        label={summary.pinned ? t('chat.unpin') : t('chat.pin')}
        small
        tabIndex={-1}
        onClick={() =>
          void updateConversation(summary.id, { pinned: !summary.pinned }).then(onError)
        }
      >
        <Icon name={summary.pinned ? 'unpin' : 'pin'} size={15} />
      </IconButton>
      <IconButton label={t('chat.rename')} small tabIndex={-1} onClick={onRename}>
        <Icon name="edit" size={15} />
      </IconButton>
      <ArchiveButton summary={summary} onError={onError} tabIndex={-1} />
      <IconButton label={t('common.delete')} small tabIndex={-1} onClick={onDelete}>
        <Icon name="trash" size={15} />
      </IconButton>
    </div>
  );
}

/** One conversation in the list; memoised, so an answer that changes other rows leaves it alone. */
const ConversationRow = memo(function ConversationRow({ summary, active, tabStop }: RowProps) {
  const t = useT();
  const openConversation = useAppStore((s) => s.openConversation);
  const updateConversation = useAppStore((s) => s.updateConversation);
  const deleteConversation = useAppStore((s) => s.deleteConversation);
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [title, setTitle] = useState(summary.title);
  const [error, setError] = useState<UserError | null>(null);
  // The actions are drawn while the pointer or focus is in the row (see RowActions).
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const shownTitle = summary.title || t('chat.untitled');

  async function commitRename() {
    const next = title.trim();
    setMode('view');
    if (!next || next === summary.title) return;
    setError(await updateConversation(summary.id, { title: next }));
  }

  if (mode === 'rename') {
    return (
      <li className="conversation editing">
        <input
          className="input"
          aria-label={t('chat.renameLabel')}
          value={title}
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          onBlur={() => void commitRename()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void commitRename();
            else if (event.key === 'Escape') {
              event.preventDefault();
              setTitle(summary.title);
              setMode('view');
            }
          }}
        />
      </li>
    );
  }

  if (mode === 'confirm') {
    return (
      <li className="conversation confirming">
        <InlineConfirm
          label={t('common.delete')}
          message={t('chat.deleteConfirm', { title: shownTitle })}
          onConfirm={() => {
            setMode('view');
            void deleteConversation(summary.id).then(setError);
          }}
          onCancel={() => setMode('view')}
        />
      </li>
    );
  }

  return (
    <li
      className={`conversation${active ? ' active' : ''}`}
      // Move, not enter: a row that lands under a still pointer shows them on its first move.
      onPointerMove={pointerIn ? undefined : () => setPointerIn(true)}
      onPointerLeave={() => setPointerIn(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(false);
      }}
    >
      <a
        href={`#conversation/${encodeURIComponent(summary.id)}`}
        className="conversation-link"
        aria-current={active ? 'page' : undefined}
        aria-keyshortcuts="ArrowUp ArrowDown Home End ArrowRight"
        tabIndex={tabStop ? 0 : -1}
        title={shownTitle}
        onKeyDown={onRowLinkKey}
        onClick={(event) => {
          event.preventDefault();
          void openConversation(summary.id);
        }}
      >
        {summary.pinned && (
          <span className="pin-mark">
            <Icon name="pin" size={12} />
          </span>
        )}
        <span className="conversation-title">{shownTitle}</span>
        {summary.assistant && (
          <span className="conversation-assistant">{summary.assistant.name}</span>
        )}
      </a>
      {(pointerIn || focusIn || active) && (
        <RowActions
          summary={summary}
          title={shownTitle}
          onRename={() => {
            setTitle(summary.title);
            setMode('rename');
          }}
          onDelete={() => setMode('confirm')}
          onError={setError}
        />
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </li>
  );
});

export function ConversationSidebar() {
  const t = useT();
  const language = useLanguage();
  const summaries = useAppStore((s) => s.summaries);
  const listLoaded = useAppStore((s) => s.listLoaded);
  const problems = useAppStore((s) => s.listProblems);
  const listError = useAppStore((s) => s.listError);
  const loadConversations = useAppStore((s) => s.loadConversations);
  const activeId = useAppStore((s) => s.activeId);
  const hits = useAppStore((s) => s.searchHits);
  const searchConversations = useAppStore((s) => s.searchConversations);
  const startNewChat = useAppStore((s) => s.startNewChat);
  const focusRequest = useAppStore((s) => s.searchFocusRequest);
  const [query, setQuery] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusRequest > 0) searchBox.current?.focus();
  }, [focusRequest]);

  useEffect(() => {
    const timer = setTimeout(() => void searchConversations(query), 200);
    return () => clearTimeout(timer);
  }, [query, searchConversations]);

  const searching = query.trim() !== '';

  return (
    <aside className="sidebar" aria-label={t('chat.conversations')}>
      <div className="new-chat-row">
        <button type="button" className="button primary wide" onClick={startNewChat}>
          <Icon name="plus" size={16} /> {t('chat.newChat')}
        </button>
        <AssistantPicker />
      </div>
      <input
        ref={searchBox}
        type="search"
        className="input"
        aria-label={t('chat.searchLabel')}
        placeholder={t('chat.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) {
            event.preventDefault();
            setQuery('');
          }
        }}
      />
      {!searching && <SelectionBar />}
      <div className="sidebar-scroll">
        {searching && hits ? (
          <SearchResults hits={hits} />
        ) : (
          <>
            {listError && (
              <div>
                <p className="hint warning">{t('chat.listFailed')}</p>
                <ErrorNotice
                  error={listError}
                  retryAlways
                  onRetry={() => void loadConversations()}
                />
              </div>
            )}
            {listLoaded && !listError && summaries.length === 0 && (
              <p className="sidebar-empty">{t('chat.noConversations')}</p>
            )}
            <OrganisedConversations Row={ConversationRow} activeId={activeId} />
          </>
        )}
        {problems.length > 0 && (
          <p
            className="hint warning"
            title={problems.map((p) => `${p.file}: ${p.reason}`).join('\n')}
          >
            {t('chat.listProblems', {
              files: countWords(language, 'units.conversationFiles', problems.length),
            })}
          </p>
        )}
      </div>
    </aside>
  );
}
