// The tool calls inside an answer: one collapsible card per call (tool, server, arguments, state in
// words, its result), with Allow / Deny / Always allow while the call waits for the person.
import { useState } from 'react';
import type { ChatMessage } from '../../../shared/types';
import type { ToolCallRecord, ToolResultPart, ToolRound } from '../../../shared/tools';
import { mediaUrl } from '../common/media';
import { useT } from '../i18n/use-t';
import { invoke } from '../platform';
import { useAppStore } from '../store';
import { MessageMarkdown } from './MessageMarkdown';
import './tools.css';

/** Arguments shown as indented JSON when they parse, else as the model wrote them. */
function formatArguments(text: string): string {
  if (text.trim() === '') return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function ResultPart({ part, call }: { part: ToolResultPart; call: ToolCallRecord }) {
  const t = useT();
  const requestOpenLink = useAppStore((s) => s.requestOpenLink);
  switch (part.type) {
    case 'text':
      // Always text: a tool's words are never read as HTML or markdown.
      return <pre className="tool-text">{part.text}</pre>;
    case 'image':
      return (
        <img
          className="tool-picture"
          src={mediaUrl(part.uploadId)}
          alt={t('tools.picture', { tool: call.tool })}
        />
      );
    case 'resource_link':
      return (
        <p className="tool-link">
          <a
            href={part.uri}
            rel="noreferrer noopener"
            onClick={(event) => {
              // Through the app's confirmation, as every link in an answer.
              event.preventDefault();
              requestOpenLink(part.uri);
            }}
          >
            {t('tools.link', { name: part.name ?? part.uri })}
          </a>
        </p>
      );
    default:
      return <p className="tool-other">{part.note}</p>;
  }
}

function ToolCard({
  call,
  conversationId,
  messageId,
}: {
  call: ToolCallRecord;
  conversationId: string;
  messageId: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(call.state === 'asking');
  const [pending, setPending] = useState(false);
  const [stale, setStale] = useState(false);
  const asking = call.state === 'asking';

  async function decide(decision: 'allow' | 'deny' | 'always') {
    setPending(true);
    const answer = await invoke('chat.decideTool', {
      conversationId,
      messageId,
      callId: call.id,
      decision,
    });
    setPending(false);
    if (!answer.ok || !answer.data.decided) setStale(true);
  }

  const stateWords = t(`tools.state.${call.state}`);
  return (
    <details
      className={`tool-card tool-${call.state}`}
      open={open || asking}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="tool-name">{call.tool}</span>
        {call.serverName !== '' && (
          <span className="tool-server">{t('tools.onServer', { server: call.serverName })}</span>
        )}
        <span className="tool-state">{stateWords}</span>
      </summary>
      <div className="tool-body">
        <p className="tool-label">{t('tools.arguments')}</p>
        <pre className="tool-args">{formatArguments(call.arguments)}</pre>
        {asking && !stale && (
          <div
            className="tool-actions"
            role="group"
            aria-label={t('tools.call', { tool: call.tool })}
          >
            <button
              type="button"
              className="button primary"
              disabled={pending}
              onClick={() => void decide('allow')}
            >
              {t('tools.allow')}
            </button>
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => void decide('deny')}
            >
              {t('tools.deny')}
            </button>
            <button
              type="button"
              className="button ghost"
              disabled={pending}
              onClick={() => void decide('always')}
            >
              {t('tools.always')}
            </button>
          </div>
        )}
        {asking && stale && <p className="tool-note">{t('tools.decideFailed')}</p>}
        {call.state === 'denied' && <p className="tool-note">{t('tools.deniedNote')}</p>}
        {call.state === 'failed' && (
          <p className="tool-error" role="alert">
            {t('tools.failedNote', { reason: call.error ?? '' })}
          </p>
        )}
        {call.state === 'stopped' && <p className="tool-note">{t('tools.stoppedNote')}</p>}
        {call.result && call.result.length > 0 && call.state !== 'failed' && (
          <>
            <p className="tool-label">{t('tools.result')}</p>
            {call.result.map((part, i) => (
              <ResultPart key={i} part={part} call={call} />
            ))}
          </>
        )}
        {call.state === 'done' && (call.result?.length ?? 0) === 0 && (
          <p className="tool-note">{t('tools.emptyResult')}</p>
        )}
      </div>
    </details>
  );
}

/** An answer's tool rounds: what the model wrote before each round, then its calls. */
export function ToolCards({
  conversationId,
  message,
}: {
  conversationId: string;
  message: ChatMessage;
}) {
  const streamed = useAppStore((s) => {
    const current = s.streams[conversationId];
    return current && current.messageId === message.id ? current.toolRounds : undefined;
  });
  const rounds: ToolRound[] | undefined = streamed ?? message.toolRounds;
  if (!rounds || rounds.length === 0) return null;
  return (
    <div className="tool-rounds">
      {rounds.map((round, i) => (
        <div className="tool-round" key={i}>
          {round.content !== '' && <MessageMarkdown text={round.content} streaming={false} />}
          {round.calls.map((call) => (
            <ToolCard
              key={call.id}
              call={call}
              conversationId={conversationId}
              messageId={message.id}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
