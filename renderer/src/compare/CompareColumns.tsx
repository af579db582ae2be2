// A compare's answers side by side: one labelled column per model, with its figures, its own Stop, error and Retry, and "Continue with this answer".
import { memo, useLayoutEffect, useRef, type ComponentType } from 'react';
import type { ChatMessage } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { useT } from '../i18n/use-t';
import { MessageMarkdown } from '../chat/MessageMarkdown';
import { useAppStore } from '../store';
import { comparedVersions, openCompare } from '../store/compare-events';
import { columnsStreamIn } from '../store/compare-slice';
import { useLiveText } from '../store/live-text';
import { CompareFigures } from './CompareFigures';
import './compare.css';

interface ColumnProps {
  conversationId: string;
  message: ChatMessage;
  /** No column streams: an answer may be chosen. */
  settled: boolean;
}

/** The column's text: its live text while it streams (rendered alone with each update). */
function ColumnText({
  answerId,
  text,
  streaming,
}: {
  answerId: string;
  text: string;
  streaming: boolean;
}) {
  const live = useLiveText(
    useAppStore((s) => s.compareTexts),
    answerId,
    streaming,
  );
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const shown = live?.content ?? text;
  // Each column keeps its own end in view while it grows, unless the person scrolled up in it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && streaming && following.current) element.scrollTop = element.scrollHeight;
  }, [shown, streaming]);
  return (
    <div
      className="compare-text"
      ref={scroller}
      tabIndex={0}
      onScroll={(event) => {
        const e = event.currentTarget;
        following.current = e.scrollHeight - e.scrollTop - e.clientHeight < 24;
      }}
    >
      <MessageMarkdown text={shown} streaming={streaming} />
    </div>
  );
}

function CompareColumnView({ conversationId, message, settled }: ColumnProps) {
  const t = useT();
  const live = useAppStore((s) => s.compareStreams[message.id]);
  const stop = useAppStore((s) => s.stopCompareColumn);
  const retry = useAppStore((s) => s.retryCompareColumn);
  const choose = useAppStore((s) => s.chooseCompareAnswer);
  const model = message.model ?? '';
  const streaming = live !== undefined;
  const headingId = `compare-${message.id}`;
  const retryable = !streaming && (message.status === 'error' || message.status === 'stopped');
  return (
    <section
      className="compare-column"
      role="region"
      aria-labelledby={headingId}
      aria-busy={streaming}
    >
      <header className="compare-head">
        <h3 id={headingId} className="compare-model" title={model}>
          {model}
        </h3>
        <CompareFigures message={message} live={live} />
      </header>
      <ColumnText answerId={message.id} text={message.content} streaming={streaming} />
      {streaming && !live.hasText && (
        <p className="stream-note">
          {live.retrying
            ? t('compare.retrying', {
                attempt: live.retrying.attempt,
                max: live.retrying.maxAttempts,
              })
            : t('compare.waiting')}
        </p>
      )}
      {!streaming && message.status === 'stopped' && (
        <p className="stream-note">{t('compare.stopped')}</p>
      )}
      {!streaming && message.status === 'error' && message.error && (
        <ErrorNotice error={message.error} />
      )}
      <footer className="compare-actions">
        {streaming && (
          <button
            type="button"
            className="button stop"
            aria-label={t('compare.stopNamed', { model })}
            onClick={() => void stop(conversationId, message.id)}
          >
            <Icon name="stop" size={14} /> {t('compare.stop')}
          </button>
        )}
        {retryable && (
          <button
            type="button"
            className="button"
            aria-label={t('compare.retryNamed', { model })}
            onClick={() => void retry(conversationId, message.id)}
          >
            <Icon name="refresh" size={14} /> {t('compare.retry')}
          </button>
        )}
        {!streaming && message.status !== 'error' && (
          <button
            type="button"
            className="button primary"
            disabled={!settled}
            aria-label={t('compare.chooseNamed', { model })}
            onClick={() => void choose(conversationId, message.id)}
          >
            {t('compare.choose')}
          </button>
        )}
      </footer>
    </section>
  );
}

/** One column re-renders only when its own answer or stream changes. */
const CompareColumn = memo(CompareColumnView);

/** Every version of the compared answer, side by side (stacked in a narrow window). */
export function CompareColumns({
  conversationId,
  head,
}: {
  conversationId: string;
  head: ChatMessage;
}) {
  const t = useT();
  const settled = useAppStore((s) => !columnsStreamIn(s.compareStreams, conversationId));
  const error = useAppStore((s) => s.compareErrors[conversationId]);
  const dismiss = useAppStore((s) => s.dismissCompareError);
  const answers = comparedVersions(head);
  return (
    <div className="compare" role="group" aria-label={t('compare.answers')}>
      <p className="hint compare-hint">{t('compare.chooseHint')}</p>
      {error && <ErrorNotice error={error} onDismiss={() => dismiss(conversationId)} />}
      <div className="compare-columns" data-count={answers.length}>
        {answers.map((answer) => (
          <CompareColumn
            key={answer.id}
            conversationId={conversationId}
            message={answer}
            settled={settled}
          />
        ))}
      </div>
    </div>
  );
}

interface RowProps {
  conversationId: string;
  message: ChatMessage;
  isLast?: boolean;
}

/**
 * The message list's row, or, for the last answer of a compare not chosen yet (live, or opened
 * again from disk), the columns in its place.
 */
export function withCompareColumns<P extends RowProps>(Row: ComponentType<P>) {
  return function RowOrColumns(props: P) {
    const compared = useAppStore((s) =>
      props.isLast && props.message.role === 'assistant'
        ? openCompare(s.open[props.conversationId])?.id === props.message.id
        : false,
    );
    return compared ? (
      <CompareColumns conversationId={props.conversationId} head={props.message} />
    ) : (
      <Row {...props} />
    );
  };
}
