// The tool calls inside an answer: one collapsible card per call (tool, server, arguments, state in
// words, its result), with Allow / Deny / Always allow while the call waits for the person.
import { useState } from 'react';
import type { ChatMessage } from '../../../shared/types';
import type { ToolCallRecord, ToolResultPart, ToolRound } from '../../../shared/tools';
import { ConfirmedLink } from '../common/ConfirmedLink';
import { mediaUrl } from '../common/media';
import { mcpFailureWords } from '../common/mcp-words';
import type { Translate } from '../i18n/translate';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { invoke } from '../platform';
import { useAppStore } from '../store';
import { MessageMarkdown } from './MessageMarkdown';
import './tools.css';

/** Why a call failed, in the page's language; the validator's or the tool's own words kept. */
function callFailureWords(t: Translate, call: ToolCallRecord): string {
  const failure = call.failure;
  if (!failure) return call.error ?? '';
  const detail = failure.detail ?? '';
  switch (failure.kind) {
    case 'not_offered':
      return t('tools.fail.notOffered', { name: call.wireName });
    case 'bad_json':
      return t('tools.fail.badJson');
    case 'invalid_arguments':
      return t('tools.fail.invalidArguments', { detail });
    case 'server_down':
      return t('tools.fail.serverDown');
    case 'timeout':
      return t('tools.fail.timeout');
    case 'unknown_tool':
      return t('tools.fail.unknownTool');
    case 'tool_error':
      return t('tools.fail.toolError', { detail });
  }
}

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
          <ConfirmedLink href={part.uri}>
            {t('tools.link', { name: part.name ?? part.uri })}
          </ConfirmedLink>
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
            {t('tools.failedNote', { reason: callFailureWords(t, call) })}
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
  const t = useT();
  const language = useLanguage();
  const rounds: ToolRound[] = streamed ?? message.toolRounds ?? [];
  const unavailable = message.toolsUnavailable ?? [];
  if (rounds.length === 0 && unavailable.length === 0 && !message.toolRoundLimit) return null;
  return (
    <div className="tool-rounds">
      {unavailable.map((server) => (
        <p className="tool-note" role="note" key={server.serverName}>
          {t('tools.serverUnavailable', {
            name: server.serverName,
            reason: mcpFailureWords(t, server.failure, server.reason),
          })}
        </p>
      ))}
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
      {message.toolRoundLimit !== undefined && (
        <p className="tool-note" role="note">
          {t('tools.limitReached', {
            rounds: countWords(language, 'units.toolRounds', message.toolRoundLimit),
          })}
        </p>
      )}
    </div>
  );
}
