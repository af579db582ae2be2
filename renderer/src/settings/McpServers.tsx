// Settings, region "MCP servers": import the standard JSON, add and edit servers, see each one's state,
// tools and log, turn servers and tools off, restart, remove (asking first).
import { useEffect, useState } from 'react';
import { MCP_TOOL_LIMITS, type McpServerView, type McpTransport } from '../../../shared/tools';
import type { Language, UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { mcpFailureWords } from '../common/mcp-words';
import { Field } from '../common/Field';
import { countWords, sizeWords } from '../i18n/counts';
import { formatCount, localeOf, type Translate } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { subscribe } from '../platform';
import { useAppStore } from '../store';
import { McpServerEditor, ownError } from './McpServerEditor';
import './mcp-servers.css';

/** The state in words, as the list item shows it. */
export function stateWords(t: Translate, language: Language, server: McpServerView): string {
  if (!server.enabled) return t('mcp.stateOff');
  // Not a failure: it waits for the person's yes below, and nothing was tried.
  if (server.unconfirmedAddress) return t('mcp.stateAwaitingAddress');
  const status = server.status;
  switch (status.state) {
    case 'connected':
      return t('mcp.stateConnected');
    case 'starting':
      return t('mcp.stateStarting');
    case 'stopped':
      return t('mcp.stateStopped');
    case 'failed':
      return t('mcp.stateFailed', {
        reason: mcpFailureWords(
          t,
          status.failure,
          status.reason,
          status.gaveUpAfter === undefined
            ? undefined
            : countWords(language, 'units.times', status.gaveUpAfter),
        ),
      });
  }
}

/** What was not taken of the server's tool list, in sentences; empty when it was taken whole. */
export function toolListWords(t: Translate, language: Language, server: McpServerView): string[] {
  const cut = server.toolListCut;
  if (!cut) return [];
  const locale = localeOf(language);
  const words: string[] = [];
  if (cut.more)
    words.push(
      t('mcp.toolListMore', {
        tools: countWords(language, 'units.tools', MCP_TOOL_LIMITS.tools),
        count: formatCount(MCP_TOOL_LIMITS.tools, locale),
      }),
    );
  if (cut.leftOut > 0)
    words.push(
      t('mcp.toolListLeftOut', {
        count: formatCount(cut.leftOut, locale),
        name: countWords(language, 'units.characters', MCP_TOOL_LIMITS.nameChars),
        schema: sizeWords(MCP_TOOL_LIMITS.schemaChars, language),
      }),
    );
  return words;
}

function whereItRuns(transport: McpTransport): string {
  if (transport.type === 'http') return transport.url;
  return [transport.command, ...transport.args]
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part)))
    .join(' ');
}

export function McpServers() {
  const t = useT();
  const servers = useAppStore((s) => s.mcpServers);
  const problems = useAppStore((s) => s.mcpProblems);
  const loadMcp = useAppStore((s) => s.loadMcp);
  const applyMcpServers = useAppStore((s) => s.applyMcpServers);
  const importMcp = useAppStore((s) => s.importMcp);
  const addMcpServer = useAppStore((s) => s.addMcpServer);
  const [json, setJson] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UserError | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    void loadMcp();
    return subscribe('mcp.changed', applyMcpServers);
  }, [loadMcp, applyMcpServers]);

  async function runImport() {
    if (json.trim() === '') {
      setError(ownError(t('mcp.importEmpty')));
      return;
    }
    setBusy(true);
    setImported(null);
    const result = await importMcp(json);
    setBusy(false);
    if ('code' in result) {
      setError(result);
      return;
    }
    setError(null);
    setJson('');
    const parts: string[] = [];
    if (result.added.length > 0)
      parts.push(t('mcp.importedAdded', { names: result.added.join(', ') }));
    if (result.updated.length > 0)
      parts.push(t('mcp.importedUpdated', { names: result.updated.join(', ') }));
    setImported(parts.join(' '));
  }

  return (
    <section className="card mcp-servers" aria-label={t('mcp.title')}>
      <h2>{t('mcp.title')}</h2>
      <p className="hint">{t('mcp.intro')}</p>
      {problems.map((problem) => (
        <p key={problem} className="hint warning" role="alert">
          {problem}
        </p>
      ))}
      <Field label={t('mcp.configuration')} hint={t('mcp.configurationHint')}>
        {(id) => (
          <textarea
            id={id}
            className="input mcp-json"
            rows={5}
            spellCheck={false}
            value={json}
            placeholder={'{"mcpServers": {"name": {"command": "npx", "args": ["…"]}}}'}
            onChange={(event) => setJson(event.target.value)}
          />
        )}
      </Field>
      <div className="mcp-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => void runImport()}
        >
          {t('mcp.import')}
        </button>
        {!adding && (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            {t('mcp.add')}
          </button>
        )}
      </div>
      {imported && (
        <p className="mcp-imported" role="status">
          {imported}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {adding && (
        <McpServerEditor
          title={t('mcp.addTitle')}
          onCancel={() => setAdding(false)}
          onSave={async (draft) => {
            const failure = await addMcpServer(draft);
            if (!failure) setAdding(false);
            return failure;
          }}
        />
      )}
      {servers.length === 0 ? (
        <p className="hint">{t('mcp.none')}</p>
      ) : (
        <ul className="mcp-list" aria-label={t('mcp.list')}>
          {servers.map((server) => (
            <McpServerRow key={server.id} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}

function McpServerRow({ server }: { server: McpServerView }) {
  const t = useT();
  const language = useLanguage();
  const listWords = toolListWords(t, language, server);
  const setEnabled = useAppStore((s) => s.setMcpServerEnabled);
  const setToolEnabled = useAppStore((s) => s.setMcpToolEnabled);
  const restart = useAppStore((s) => s.restartMcpServer);
  const remove = useAppStore((s) => s.removeMcpServer);
  const update = useAppStore((s) => s.updateMcpServer);
  const readLog = useAppStore((s) => s.mcpStderr);
  const confirmAddress = useAppStore((s) => s.confirmMcpAddress);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [showTools, setShowTools] = useState(false);
  const [log, setLog] = useState<string[] | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const [restarting, setRestarting] = useState(false);

  async function refreshLog() {
    const lines = await readLog(server.id);
    if (Array.isArray(lines)) setLog(lines);
    else setError(lines);
  }

  const state = !server.enabled
    ? 'off'
    : server.unconfirmedAddress
      ? 'waiting'
      : server.status.state;
  const running = state === 'connected' || state === 'starting';
  const retryIn =
    server.status.state === 'failed' && server.status.retryInMs !== undefined
      ? Math.ceil(server.status.retryInMs / 1000)
      : null;

  return (
    <li className="mcp-server" aria-label={server.name}>
      <div className="mcp-server-head">
        <strong className="mcp-name">{server.name}</strong>
        <span className={`mcp-state mcp-state-${state}`}>{stateWords(t, language, server)}</span>
        {retryIn !== null && (
          <span className="mcp-retry">{t('mcp.retrying', { seconds: retryIn })}</span>
        )}
        <span className="mcp-count">
          {countWords(language, 'units.tools', server.tools.length)}
        </span>
      </div>
      <code className="mcp-where">{whereItRuns(server.transport)}</code>
      {listWords.length > 0 && <p className="hint mcp-list-cut">{listWords.join(' ')}</p>}
      {server.unconfirmedAddress && (
        <div
          className="mcp-address-confirm"
          role="group"
          aria-label={t('mcp.addressTitle', { name: server.name })}
        >
          <p>{t(`mcp.addressKind.${server.unconfirmedAddress.kind}`)}</p>
          <code className="mcp-address">{server.unconfirmedAddress.url}</code>
          <p className="hint">{t('mcp.addressHint')}</p>
          <button
            type="button"
            className="button"
            onClick={() => void confirmAddress(server.id).then(setError)}
          >
            {t('mcp.confirmAddress')}
          </button>
        </div>
      )}
      {mode === 'edit' ? (
        <McpServerEditor
          title={t('mcp.editTitle', { name: server.name })}
          initial={{ name: server.name, transport: server.transport }}
          onCancel={() => setMode('view')}
          onSave={async (draft) => {
            const failure = await update(server.id, draft);
            if (!failure) setMode('view');
            return failure;
          }}
        />
      ) : (
        <div className="mcp-server-actions">
          <button
            type="button"
            className="button"
            onClick={() => void setEnabled(server.id, !server.enabled).then(setError)}
          >
            {server.enabled ? t('mcp.turnOff') : t('mcp.turnOn')}
          </button>
          {server.enabled && (
            <button
              type="button"
              className="button"
              disabled={restarting}
              onClick={() => {
                setRestarting(true);
                void restart(server.id).then((failure) => {
                  setRestarting(false);
                  setError(failure);
                  if (log) void refreshLog();
                });
              }}
            >
              {running ? t('mcp.restart') : t('mcp.start')}
            </button>
          )}
          <button type="button" className="button" onClick={() => setShowTools(!showTools)}>
            {showTools ? t('mcp.hideTools') : t('mcp.showTools')}
          </button>
          {server.transport.type === 'stdio' && (
            <button
              type="button"
              className="button"
              onClick={() => {
                if (log) setLog(null);
                else void refreshLog();
              }}
            >
              {log ? t('mcp.hideLog') : t('mcp.showLog')}
            </button>
          )}
          <button type="button" className="button" onClick={() => setMode('edit')}>
            {t('mcp.edit')}
          </button>
          <button type="button" className="button" onClick={() => setMode('confirm')}>
            {t('mcp.remove')}
          </button>
        </div>
      )}
      {mode === 'confirm' && (
        <div role="alertdialog" aria-label={t('mcp.remove')} className="confirm">
          <p>{t('mcp.removeConfirm', { name: server.name })}</p>
          <div className="confirm-actions">
            <button
              type="button"
              className="button danger"
              autoFocus
              onClick={() => {
                setMode('view');
                void remove(server.id).then(setError);
              }}
            >
              {t('mcp.remove')}
            </button>
            <button type="button" className="button ghost" onClick={() => setMode('view')}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
      {showTools && (
        <div
          className="mcp-tools"
          role="group"
          aria-label={t('mcp.toolsOf', { name: server.name })}
        >
          {server.tools.length === 0 ? (
            <p className="hint">{t('mcp.noTools')}</p>
          ) : (
            <ul>
              {server.tools.map((tool) => (
                <li key={tool.name}>
                  <label className="mcp-check">
                    <input
                      type="checkbox"
                      checked={tool.enabled}
                      onChange={(event) =>
                        void setToolEnabled(server.id, tool.name, event.target.checked).then(
                          setError,
                        )
                      }
                    />
                    <span className="mcp-tool-name">{tool.name}</span>
                  </label>
                  {tool.description && (
                    <p className="hint mcp-tool-description">{tool.description}</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {log && (
        <div className="mcp-log" role="group" aria-label={t('mcp.logOf', { name: server.name })}>
          <pre tabIndex={0}>{log.length === 0 ? t('mcp.logEmpty') : log.join('\n')}</pre>
          <button type="button" className="button ghost" onClick={() => void refreshLog()}>
            {t('mcp.refreshLog')}
          </button>
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </li>
  );
}
