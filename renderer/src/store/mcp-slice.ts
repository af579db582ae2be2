// MCP servers as Settings shows them: the list core keeps (and pushes as mcp.changed), and the calls that change it.
import type { InvokeInput } from '../../../shared/channels';
import type { McpServerView } from '../../../shared/tools';
import type { UserError } from '../../../shared/types';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export type McpServerDraft = InvokeInput<'mcp.add'>;

export interface McpSlice {
  mcpServers: McpServerView[];
  /** Sentences on what core could not read at start (a corrupt mcp-servers.json). */
  mcpProblems: string[];

  loadMcp(): Promise<void>;
  /** The list as core pushed it (mcp.changed). */
  applyMcpServers(servers: McpServerView[]): void;
  importMcp(json: string): Promise<{ added: string[]; updated: string[] } | UserError>;
  addMcpServer(draft: McpServerDraft): Promise<UserError | null>;
  updateMcpServer(id: string, draft: McpServerDraft): Promise<UserError | null>;
  removeMcpServer(id: string): Promise<UserError | null>;
  setMcpServerEnabled(id: string, enabled: boolean): Promise<UserError | null>;
  setMcpToolEnabled(id: string, tool: string, enabled: boolean): Promise<UserError | null>;
  restartMcpServer(id: string): Promise<UserError | null>;
  /** The person confirmed an imported address on this computer or a private network. */
  confirmMcpAddress(id: string): Promise<UserError | null>;
  mcpStderr(id: string): Promise<string[] | UserError>;
}

export const createMcpSlice: SliceCreator<McpSlice> = (set, get) => {
  /** Puts one server's new view in the list (core's event may come before or after). */
  function put(view: McpServerView): void {
    const servers = get().mcpServers;
    set({
      mcpServers: servers.some((s) => s.id === view.id)
        ? servers.map((s) => (s.id === view.id ? view : s))
        : [...servers, view],
    });
  }

  return {
    mcpServers: [],
    mcpProblems: [],

    loadMcp: async () => {
      const [list, problems] = await Promise.all([
        invoke('mcp.list', {}),
        invoke('mcp.problems', {}),
      ]);
      if (list.ok) set({ mcpServers: list.data });
      if (problems.ok) set({ mcpProblems: problems.data });
    },

    applyMcpServers: (servers) => set({ mcpServers: servers }),

    importMcp: async (json) => {
      const envelope = await invoke('mcp.import', { json });
      if (!envelope.ok) return envelope.error;
      set({ mcpServers: envelope.data.servers });
      return { added: envelope.data.added, updated: envelope.data.updated };
    },

    addMcpServer: async (draft) => {
      const envelope = await invoke('mcp.add', draft);
      if (!envelope.ok) return envelope.error;
      put(envelope.data);
      return null;
    },

    updateMcpServer: async (id, draft) => {
      const envelope = await invoke('mcp.update', { id, ...draft });
      if (!envelope.ok) return envelope.error;
      put(envelope.data);
      return null;
    },

    removeMcpServer: async (id) => {
      const envelope = await invoke('mcp.remove', { id });
      if (!envelope.ok) return envelope.error;
      set({ mcpServers: get().mcpServers.filter((s) => s.id !== id) });
      return null;
    },

    setMcpServerEnabled: async (id, enabled) => {
      const envelope = await invoke('mcp.setEnabled', { id, enabled });
      if (!envelope.ok) return envelope.error;
      put(envelope.data);
      return null;
    },

    setMcpToolEnabled: async (id, tool, enabled) => {
      // Shown at once (a checkbox follows the click); core's answer or a reload sets it right.
      set({
        mcpServers: get().mcpServers.map((s) =>
          s.id === id
            ? { ...s, tools: s.tools.map((t) => (t.name === tool ? { ...t, enabled } : t)) }
            : s,
        ),
      });
      const envelope = await invoke('mcp.setToolEnabled', { id, tool, enabled });
      if (!envelope.ok) {
        await get().loadMcp();
        return envelope.error;
      }
      put(envelope.data);
      return null;
    },

    restartMcpServer: async (id) => {
      const envelope = await invoke('mcp.restart', { id });
      if (!envelope.ok) return envelope.error;
      put(envelope.data);
      return null;
    },

    confirmMcpAddress: async (id) => {
      const envelope = await invoke('mcp.confirmAddress', { id });
      if (!envelope.ok) return envelope.error;
      put(envelope.data);
      return null;
    },

    mcpStderr: async (id) => {
      const envelope = await invoke('mcp.stderr', { id });
      return envelope.ok ? envelope.data : envelope.error;
    },
  };
};
