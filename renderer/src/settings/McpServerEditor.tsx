// The form that adds or edits one MCP server: its name, and its command (stdio) or address (http).
import { useState } from 'react';
import type { McpTransport } from '../../../shared/tools';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Field } from '../common/Field';
import { useT } from '../i18n/use-t';
import type { McpServerDraft } from '../store/mcp-slice';
import { CodeField } from './CodeField';

/** A message of the app's own (not core's) as a UserError for ErrorNotice. */
export function ownError(message: string): UserError {
  return { code: 'invalid_input', message, status: null, retryable: false };
}

interface EditorProps {
  title: string;
  initial?: McpServerDraft;
  onCancel(): void;
  /** Resolves with core's refusal, or null when saved. */
  onSave(draft: McpServerDraft): Promise<UserError | null>;
}

function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** NAME=value (or Name: value) lines into a record; the 1-based number of the first bad line. */
function pairsOf(text: string, separator: '=' | ':'): Record<string, string> | number {
  const pairs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const at = line.indexOf(separator);
    if (at <= 0) return i + 1;
    pairs[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return pairs;
}

export function McpServerEditor({ title, initial, onCancel, onSave }: EditorProps) {
  const t = useT();
  const start = initial?.transport;
  const [name, setName] = useState(initial?.name ?? '');
  const [kind, setKind] = useState<'stdio' | 'http'>(start?.type ?? 'stdio');
  const [command, setCommand] = useState(start?.type === 'stdio' ? start.command : '');
  const [args, setArgs] = useState(start?.type === 'stdio' ? start.args.join('\n') : '');
  const [env, setEnv] = useState(
    start?.type === 'stdio'
      ? Object.entries(start.env)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n')
      : '',
  );
  const [cwd, setCwd] = useState(start?.type === 'stdio' ? (start.cwd ?? '') : '');
  const [url, setUrl] = useState(start?.type === 'http' ? start.url : '');
  const [headers, setHeaders] = useState(
    start?.type === 'http'
      ? Object.entries(start.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')
      : '',
  );
  const [error, setError] = useState<UserError | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    let transport: McpTransport;
    if (kind === 'stdio') {
      const envPairs = pairsOf(env, '=');
      if (typeof envPairs === 'number') {
        setError(ownError(t('mcp.badEnvLine', { line: envPairs })));
        return;
      }
      transport = {
        type: 'stdio',
        command: command.trim(),
        args: linesOf(args),
        env: envPairs,
        ...(cwd.trim() ? { cwd: cwd.trim() } : {}),
      };
    } else {
      const headerPairs = pairsOf(headers, ':');
      if (typeof headerPairs === 'number') {
        setError(ownError(t('mcp.badHeaderLine', { line: headerPairs })));
        return;
      }
      transport = { type: 'http', url: url.trim(), headers: headerPairs };
    }
    setBusy(true);
    const failure = await onSave({ name: name.trim(), transport });
    setBusy(false);
    setError(failure);
  }

  return (
    <form
      className="mcp-editor"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3>{title}</h3>
      <Field label={t('mcp.name')}>
        {(id) => (
          <input
            id={id}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="mcp-kind">
        <legend>{t('mcp.kind')}</legend>
        <label className="mcp-check">
          <input
            type="radio"
            name={`kind-${title}`}
            checked={kind === 'stdio'}
            onChange={() => setKind('stdio')}
          />
          {t('mcp.kindStdio')}
        </label>
        <label className="mcp-check">
          <input
            type="radio"
            name={`kind-${title}`}
            checked={kind === 'http'}
            onChange={() => setKind('http')}
          />
          {t('mcp.kindHttp')}
        </label>
      </fieldset>
      {kind === 'stdio' ? (
        <>
          <CodeField label={t('mcp.command')} value={command} onChange={setCommand} />
          <CodeField
            label={t('mcp.args')}
            hint={t('mcp.argsHint')}
            rows={3}
            value={args}
            onChange={setArgs}
          />
          <CodeField
            label={t('mcp.env')}
            hint={t('mcp.envHint')}
            rows={2}
            value={env}
            onChange={setEnv}
          />
          <CodeField label={t('mcp.cwd')} hint={t('mcp.cwdHint')} value={cwd} onChange={setCwd} />
        </>
      ) : (
        <>
          <CodeField label={t('mcp.url')} type="url" value={url} onChange={setUrl} />
          <CodeField
            label={t('mcp.headers')}
            hint={t('mcp.headersHint')}
            rows={2}
            value={headers}
            onChange={setHeaders}
          />
        </>
      )}
      <div className="mcp-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {t('mcp.save')}
        </button>
        <button type="button" className="button ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </form>
  );
}
