// "Use tools" next to the model picker: whether this conversation offers the MCP servers' tools to
// the model, and which servers. Kept in Conversation.tools (conversations.update).
import { useEffect, useState } from 'react';
import type { Conversation, UserError } from '../../../shared/types';
import type { ConversationTools, McpServerView } from '../../../shared/tools';
import { useT } from '../i18n/use-t';
import { subscribe } from '../platform';
import { useAppStore } from '../store';
import './tools.css';

/** The configured MCP servers (the mcp slice, loaded once here and kept by mcp.changed). */
function useMcpServers(): McpServerView[] {
  const servers = useAppStore((s) => s.mcpServers);
  const loadMcp = useAppStore((s) => s.loadMcp);
  const applyMcpServers = useAppStore((s) => s.applyMcpServers);
  useEffect(() => {
    void loadMcp();
    return subscribe('mcp.changed', applyMcpServers);
  }, [loadMcp, applyMcpServers]);
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
  // A stable selection (the model entry), so the store does not see a new array each time.
  const modelInfo = useAppStore((s) => s.models.find((m) => m.id === model));
  const badges = modelInfo?.badges ?? [];
  const servers = useMcpServers();
  const enabledServers = servers.filter((s) => s.enabled);
  // As core decides when the conversation has no choice of its own.
  const byDefault = badges.includes('tools') && enabledServers.length > 0;
  const choice: ConversationTools = conversation?.tools ?? { enabled: byDefault, servers: null };

  // Shown at once; core's answer (or its refusal) sets it right.
  const [shown, setShown] = useState<boolean | null>(null);

  async function save(next: ConversationTools) {
    let id = conversation?.id;
    if (!id) {
      const created = await createConversation();
      if (typeof created !== 'string') {
        setShown(null);
        return onError(created);
      }
      id = created;
    }
    onError(await updateConversation(id, { tools: next }));
    setShown(null);
  }

  function toggleServer(serverId: string, on: boolean) {
    const all = enabledServers.map((s) => s.id);
    const current = choice.servers ?? all;
    const next = on ? [...new Set([...current, serverId])] : current.filter((x) => x !== serverId);
    void save({ ...choice, servers: next.length === all.length ? null : next });
  }

  return (
    <div className="tools-choice">
      <label title={t('tools.useToolsHint')}>
        <input
          type="checkbox"
          checked={shown ?? choice.enabled}
          onChange={(event) => {
            setShown(event.target.checked);
            void save({ ...choice, enabled: event.target.checked });
          }}
        />
        {t('tools.useTools')}
      </label>
      {choice.enabled && (
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
