// "Use tools" next to the model picker: whether this conversation offers the MCP servers' tools to
// the model, and which servers. Kept in Conversation.tools (conversations.update).
import { useEffect, useState } from 'react';
import type { Conversation, Envelope, UserError } from '../../../shared/types';
import type { ConversationTools, McpServerView } from '../../../shared/tools';
import { useT } from '../i18n/use-t';
import { invoke } from '../platform';
import { useAppStore } from '../store';
import './tools.css';

/** The configured MCP servers (mcp.list), or null while unknown or when the channel is absent. */
function useMcpServers(): McpServerView[] | null {
  const [servers, setServers] = useState<McpServerView[] | null>(null);
  useEffect(() => {
    let live = true;
    // Typed loosely: the channel belongs to the mcp feature.
    const ask = invoke as unknown as (
      channel: string,
      input: unknown,
    ) => Promise<Envelope<unknown>>;
    ask('mcp.list', {})
      .then((answer) => {
        if (!live || !answer.ok) return;
        const data = answer.data as McpServerView[] | { servers: McpServerView[] };
        setServers(Array.isArray(data) ? data : data.servers);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return servers;
}

export function ToolsChoice({
  conversation,
  model,
  onError,
}: {
  conversation: Conversation | undefined;
  model: string;
  onError: (error: UserError | null) => void;
}) {
  const t = useT();
  const updateConversation = useAppStore((s) => s.updateConversation);
  const createConversation = useAppStore((s) => s.createConversation);
  const badges = useAppStore((s) => s.models.find((m) => m.id === model)?.badges ?? []);
  const servers = useMcpServers();
  const enabledServers = servers?.filter((s) => s.enabled) ?? null;
  // As core decides when the conversation has no choice of its own.
  const byDefault = badges.includes('tools') && (enabledServers?.length ?? 0) > 0;
  const choice: ConversationTools = conversation?.tools ?? { enabled: byDefault, servers: null };

  async function save(next: ConversationTools) {
    let id = conversation?.id;
    if (!id) {
      const created = await createConversation();
      if (typeof created !== 'string') return onError(created);
      id = created;
    }
    onError(await updateConversation(id, { tools: next }));
  }

  function toggleServer(serverId: string, on: boolean) {
    const all = (enabledServers ?? []).map((s) => s.id);
    const current = choice.servers ?? all;
    const next = on ? [...new Set([...current, serverId])] : current.filter((x) => x !== serverId);
    void save({ ...choice, servers: next.length === all.length ? null : next });
  }

  return (
    <div className="tools-choice">
      <label title={t('tools.useToolsHint')}>
        <input
          type="checkbox"
          checked={choice.enabled}
          onChange={(event) => void save({ ...choice, enabled: event.target.checked })}
        />
        {t('tools.useTools')}
      </label>
      {choice.enabled && enabledServers !== null && (
        <details>
          <summary>
            {t('tools.servers')}
            {choice.servers === null ? `: ${t('tools.allServers')}` : ''}
          </summary>
          <div className="tools-servers">
            {enabledServers.length === 0 && <span className="hint">{t('tools.noServers')}</span>}
            {enabledServers.map((s) => (
              <label key={s.id}>
                <input
                  type="checkbox"
                  checked={choice.servers === null || choice.servers.includes(s.id)}
                  onChange={(event) => toggleServer(s.id, event.target.checked)}
                />
                {s.name}
              </label>
            ))}
          </div>
        </details>
      )}
    </div>
  );
}
