// What a chat turn needs of the tools feature (MCP): the tools to offer and a way to call one.
// The mcp feature implements it; features/index.ts hands it to chat. See docs/TOOLS.md.

import type { ToolServerUnavailable } from '../../../../shared/tools';

/** A tool offered to the model in one turn. */
export interface OfferedTool {
  /** The name sent in `tools`: unique across servers, 1-64 of [A-Za-z0-9_-]. */
  wireName: string;
  serverId: string;
  serverName: string;
  /** The server's own name for the tool. */
  tool: string;
  description: string;
  /** The tool's JSON Schema for its arguments (sent as `parameters`). */
  inputSchema: Record<string, unknown>;
  /** The person chose "Always allow this tool": it runs without asking. */
  alwaysAllowed: boolean;
}

export interface OfferedTools {
  tools: OfferedTool[];
  /** Chosen servers that could not be started or listed, in words (and as a kind for the page). */
  unavailable: ToolServerUnavailable[];
}

/** One part of what a tool returned, before chat keeps it (pictures become uploads). */
export type RawToolPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mime: string; base64: string }
  | { type: 'resource_link'; uri: string; name?: string; mime?: string }
  | { type: 'other'; note: string };

export interface ToolOutcome {
  /** The tool itself reported an error (MCP `isError`); its text goes to the model as the result. */
  isError: boolean;
  parts: RawToolPart[];
}

/** Why a call did not give an outcome; `message` is a sentence for a person (and the model). */
export class ToolCallError extends Error {
  constructor(
    readonly kind: 'invalid_arguments' | 'server_down' | 'timeout' | 'stopped' | 'unknown_tool',
    message: string,
    /** A finding worth showing as it is (the validator's words), beside the kind. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ToolCallError';
  }
}

export interface ToolProvider {
  /** Whether any server is configured and turned on (tools are on by default only then). */
  hasEnabledServers(): boolean;
  /**
   * Starts the chosen enabled servers that are not running (null: all enabled) and lists their
   * enabled tools. A server that fails is left out and named in `unavailable`; never throws for it.
   */
  toolsFor(servers: string[] | null, signal: AbortSignal): Promise<OfferedTools>;
  /**
   * Validates `args` against the tool's schema (a JSON Schema library), then calls it with a
   * timeout; `signal` cancels it (the server is told). Throws ToolCallError.
   */
  call(tool: OfferedTool, args: unknown, signal: AbortSignal): Promise<ToolOutcome>;
  /** Remembers "Always allow this tool" in the server's configuration. */
  alwaysAllow(serverId: string, tool: string): Promise<void>;
}
