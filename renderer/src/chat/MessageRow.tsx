// One message as an article: its text (markdown for answers), reasoning, usage, actions and errors.
import { memo, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ChatMessage } from '../../../shared/types';
import { versionInfo } from '../../../shared/versions';
import { useAppStore } from '../store';
import type { StreamState } from '../store/chat-events';
import { selectLiveTexts } from '../store/chat-slice';
import { useLiveText } from '../store/live-text';
import { useT } from '../i18n/use-t';
import { CopyButton } from '../common/CopyButton';
import { ErrorNotice } from '../common/ErrorNotice';
import { DeleteQuestionConfirm } from './DeleteQuestionConfirm';
import { ForkButton } from './ForkButton';
import { MessageMarkdown } from './MessageMarkdown';
import { JsonAnswer } from './JsonAnswer';
import { Sources } from './Sources';
import { ToolCards } from './ToolCards';
import { MessageAttachments } from './attachments/AttachmentTray';
import { collapsedText } from './long-message';
import { IconButton } from '../common/IconButton';
import { UsageLine } from './UsageLine';
import { withCompareColumns } from '../compare/CompareColumns';
import { StudioActions } from './studio/StudioActions';
import { StudioMedia } from './studio/StudioMedia';

/**
 * Messages shown whole: opened with "Show all", or streamed in this window (an answer the person
 * watched arrive does not fold when it ends). Kept while a row leaves and re-enters the list.
 */
const expandedMessages = new Set<string>();

const CUT_STATUSES: ReadonlySet<ChatMessage['status']> = new Set([
  'stopped',
  'interrupted',
  'error',
]);

interface MessageRowProps {
  conversationId: string;
  message: ChatMessage;
  /** Its place among the messages of its role (question 2, answer 3), said in its buttons' names. */
  ordinal: number;
  /** Whether a turn is running in this conversation (edits and regenerations wait for it). */
  busy: boolean;
  /** The last message of the path: only it may be continued. */
  isLast?: boolean;
}

/** ‹ 2 / 3 › on a message whose place has other versions; the rest of the path follows. */
function VersionSwitcher({
  conversationId,
  message,
  busy,
}: {
  conversationId: string;
  message: ChatMessage;
  busy: boolean;
}) {
  const t = useT();
  const switchVersion = useAppStore((s) => s.switchVersion);
  const { index, count } = versionInfo(message);
  if (count < 2) return null;
  return (
    <span className="version-switcher" role="group" aria-label={t('chat.versions')}>
      <IconButton
        label={t('chat.previousVersion')}
        className="version-step"
        disabled={busy || index === 0}
        onClick={() => void switchVersion(conversationId, message.id, index - 1)}
      >
        ‹
      </IconButton>
      <span className="version-count">{t('chat.versionOf', { index: index + 1, count })}</span>
      <IconButton
        label={t('chat.nextVersion')}
        className="version-step"
        disabled={busy || index === count - 1}
        onClick={() => void switchVersion(conversationId, message.id, index + 1)}
      >
        ›
      </IconButton>
    </span>
  );
}

/**
 * The text of a message, cut with "Show all" when very long: one opened from disk, never one that
 * is streaming or streamed in this window.
 */
function useCollapse(messageId: string, content: string, streaming: boolean) {
  const [expanded, setExpanded] = useState(() => streaming || expandedMessages.has(messageId));
  useEffect(() => {
    if (streaming) expandedMessages.add(messageId);
  }, [messageId, streaming]);
  const cut = useMemo(() => (streaming ? null : collapsedText(content)), [content, streaming]);
  const toggle = () => {
    if (expanded) expandedMessages.delete(messageId);
    else expandedMessages.add(messageId);
    setExpanded(!expanded);
  };
  return { shown: cut !== null && !expanded ? cut : content, long: cut !== null, expanded, toggle };
}

/**
 * What the row shows of its running stream besides the growing text: these change a few times a
 * turn, so the row renders then, and only the text's own parts render with each update.
 */
interface StreamLook {
  model: string;
  retrying: StreamState['retrying'];
  waitingUntil: number | null;
  toolRounds: StreamState['toolRounds'];
  hasContent: boolean;
  hasReasoning: boolean;
}

function streamLook(stream: StreamState | undefined, messageId: string): StreamLook | null {
  if (!stream || stream.messageId !== messageId) return null;
  return {
    model: stream.model,
    retrying: stream.retrying,
    waitingUntil: stream.waitingUntil,
    toolRounds: stream.toolRounds,
    hasContent: stream.hasContent,
    hasReasoning: stream.hasReasoning,
  };
}

interface StreamedTextProps {
  conversationId: string;
  /** The saved text, shown when the row is not streaming. */
  text: string;
  streaming: boolean;
}

/** While the row streams, its growing text or reasoning, read here rather than in the row. */
function useStreamedText(
  { conversationId, text, streaming }: StreamedTextProps,
  field: 'content' | 'reasoning',
): string {
  const live = useLiveText(useAppStore(selectLiveTexts), conversationId, streaming);
  return live?.[field] ?? text;
}

function AnswerMarkdown(props: StreamedTextProps) {
  return <MessageMarkdown text={useStreamedText(props, 'content')} streaming={props.streaming} />;
}

function ReasoningText(props: StreamedTextProps) {
  return <div className="plain-text">{useStreamedText(props, 'reasoning')}</div>;
}

function StreamNote({ stream }: { stream: StreamLook }) {
  const t = useT();
  if (stream.retrying)
    return (
      <p className="stream-note" role="status">
        {t('chat.retrying', { attempt: stream.retrying.attempt, max: stream.retrying.maxAttempts })}
      </p>
    );
  // A tool call waiting for the person or running: its card says what is going on.
  if (stream.toolRounds?.some((r) => r.calls.some((c) => c.state === 'asking'))) return null;
  if (stream.waitingUntil != null && !stream.hasContent)
    return <p className="stream-note">{t('chat.waiting')}</p>;
  if (!stream.hasContent && !stream.hasReasoning)
    return (
      <p className="stream-note">
        <span className="typing" aria-hidden="true" /> {t('chat.thinking')}
      </p>
    );
  return null;
}

function UserEditor({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: string;
  onSubmit(text: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const [text, setText] = useState(initial);
  return (
    <div className="inline-editor">
      <textarea
        className="input"
        aria-label={t('chat.editLabel')}
        value={text}
        autoFocus
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div className="inline-editor-actions">
        <button
          type="button"
          className="button primary"
          disabled={text.trim() === ''}
          onClick={() => onSubmit(text)}
        >
          {t('chat.saveAndSend')}
        </button>
        <button type="button" className="button ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

function MessageRowView({
  conversationId,
  message,
  ordinal,
  busy,
  isLast = false,
}: MessageRowProps) {
  const t = useT();
  const sendTurn = useAppStore((s) => s.sendTurn);
  const deleteMessage = useAppStore((s) => s.deleteMessage);
  // The row being streamed follows its stream's look; the growing text itself is read below it.
  const stream = useAppStore(useShallow((s) => streamLook(s.streams[conversationId], message.id)));
  const [editing, setEditing] = useState(false);
  const [askingDelete, setAskingDelete] = useState(false);
  const isUser = message.role === 'user';
  const streaming = stream !== null;
  const hasContent = stream ? stream.hasContent : message.content !== '';
  const hasReasoning = stream ? stream.hasReasoning : (message.reasoning ?? '') !== '';
  const collapse = useCollapse(message.id, message.content, streaming);
  const saved = !message.id.startsWith('local-');
  const hasVersions = versionInfo(message).count > 1;
  // Cut: stopped, interrupted, failed, or ended by the service at max_tokens.
  const cut = CUT_STATUSES.has(message.status) || message.cutAtMaxTokens === true;
  const canContinue = isLast && !isUser && saved && cut && message.content.trim() !== '';
  // Each button's name starts with its visible word and says which message it acts on.
  const which = isUser ? t('chat.questionN', { n: ordinal }) : t('chat.answerN', { n: ordinal });

  return (
    <article
      className={`message ${isUser ? 'from-user' : 'from-assistant'}`}
      aria-label={isUser ? t('chat.userMessage') : t('chat.assistantMessage')}
      aria-busy={streaming || undefined}
    >
      <header className="message-header">
        <span className="author">{isUser ? t('chat.you') : t('chat.assistant')}</span>
        {!isUser && (stream?.model || message.model) && (
          <span className="message-model">{stream?.model || message.model}</span>
        )}
        {!streaming && (
          <VersionSwitcher conversationId={conversationId} message={message} busy={busy} />
        )}
      </header>
      {hasReasoning && (
        <details className="reasoning">
          <summary>{t('chat.reasoning')}</summary>
          <ReasoningText
            conversationId={conversationId}
            text={message.reasoning ?? ''}
            streaming={streaming}
          />
        </details>
      )}
      {!isUser && <ToolCards conversationId={conversationId} message={message} />}
      {editing ? (
        <UserEditor
          initial={message.content}
          onCancel={() => setEditing(false)}
          onSubmit={(text) => {
            setEditing(false);
            void sendTurn({ kind: 'edit', messageId: message.id, text });
          }}
        />
      ) : isUser ? (
        <>
          {message.attachments && message.attachments.length > 0 && (
            <MessageAttachments attachments={message.attachments} />
          )}
          {hasContent && (
            <div className="plain-text user-text">
              {collapse.shown}
              {collapse.long && !collapse.expanded && '…'}
            </div>
          )}
        </>
      ) : (
        hasContent &&
        (!streaming && message.jsonCheck ? (
          <JsonAnswer message={message} />
        ) : (
          <AnswerMarkdown
            conversationId={conversationId}
            text={collapse.shown}
            streaming={streaming}
          />
        ))
      )}
      {!streaming && !isUser && <Sources sources={message.sources} />}
      {collapse.long && !editing && !(message.jsonCheck && !streaming) && (
        <button
          type="button"
          className="text-button show-all"
          aria-expanded={collapse.expanded}
          onClick={collapse.toggle}
        >
          {collapse.expanded ? t('chat.showLess') : t('chat.showAll')}
        </button>
      )}
      {stream && <StreamNote stream={stream} />}
      {!streaming && message.status === 'stopped' && (
        <p className="stream-note">{t('chat.stopped')}</p>
      )}
      {!streaming && message.status === 'interrupted' && (
        <p className="stream-note">{t('chat.interrupted')}</p>
      )}
      {!streaming && message.status === 'done' && message.cutAtMaxTokens && (
        <p className="stream-note">{t('chat.cutAtMaxTokens')}</p>
      )}
      {!streaming && message.status === 'error' && message.error && (
        <ErrorNotice
          error={message.error}
          onRetry={
            busy ? undefined : () => void sendTurn({ kind: 'regenerate', messageId: message.id })
          }
          onTrim={
            busy
              ? undefined
              : () => void sendTurn({ kind: 'regenerate', messageId: message.id }, true)
          }
        />
      )}
      {!streaming && !isUser && <UsageLine message={message} />}
      {!streaming && saved && <StudioMedia conversationId={conversationId} message={message} />}
      {!streaming && !editing && (
        <div className="message-actions">
          <CopyButton text={message.content} label={t('chat.copyMessage', { message: which })} />
          {!isUser && (
            <button
              type="button"
              className="text-button"
              disabled={busy}
              aria-label={t('chat.regenerateMessage', { message: which })}
              onClick={() => void sendTurn({ kind: 'regenerate', messageId: message.id })}
            >
              {t('chat.regenerate')}
            </button>
          )}
          {!isUser && saved && (
            <StudioActions conversationId={conversationId} message={message} which={which} />
          )}
          {isUser && saved && (
            <button
              type="button"
              className="text-button"
              disabled={busy}
              aria-label={t('chat.editMessage', { message: which })}
              onClick={() => setEditing(true)}
            >
              {t('chat.edit')}
            </button>
          )}
          {canContinue && (
            <button
              type="button"
              className="text-button"
              disabled={busy}
              title={t('chat.continueHint')}
              aria-label={t('chat.continueMessage', { message: which })}
              onClick={() => void sendTurn({ kind: 'continue', messageId: message.id })}
            >
              {t('chat.continue')}
            </button>
          )}
          {saved && (
            <ForkButton conversationId={conversationId} messageId={message.id} which={which} />
          )}
          {saved && (
            <button
              type="button"
              className="text-button danger-text"
              disabled={busy}
              title={hasVersions ? t('chat.deleteVersionHint') : undefined}
              aria-label={
                hasVersions
                  ? t('chat.deleteVersionOf', { message: which })
                  : t('chat.deleteMessageOf', { message: which })
              }
              onClick={() =>
                // A question with an answer after it asks whether the answer goes too.
                isUser && !hasVersions && !isLast
                  ? setAskingDelete(true)
                  : void deleteMessage(conversationId, message.id)
              }
            >
              {hasVersions ? t('chat.deleteVersion') : t('chat.deleteMessage')}
            </button>
          )}
        </div>
      )}
      {askingDelete && !streaming && (
        <DeleteQuestionConfirm
          onDelete={(withAnswer) => {
            setAskingDelete(false);
            void deleteMessage(conversationId, message.id, withAnswer);
          }}
          onCancel={() => setAskingDelete(false)}
        />
      )}
    </article>
  );
}

export const MessageRow = memo(withCompareColumns(MessageRowView));
