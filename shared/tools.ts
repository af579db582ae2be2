// Tools in chat (MCP servers, tool calls kept in answers), structured answers and web-search sources:
// the shapes core, the renderer and the stored conversations agree on. Issue 13; see docs/TOOLS.md.

/** How an MCP server is reached: a program started over stdio, or a Streamable HTTP address. */
export type McpTransport =
  | {
      type: 'stdio';
      command: string;
      args: string[];
      /** Added to a small safe environment (PATH, HOME, …); the service key is never in it. */
      env: Record<string, string>;
      /** Working folder; absent: the app's data folder for MCP. */
      cwd?: string;
    }
  | { type: 'http'; url: string; headers: Record<string, string> };

/** Where an imported server's address leads, when not to the public internet (see unconfirmedAddress). */
export const MCP_ADDRESS_KINDS = ['loopback', 'private', 'unresolved'] as const;
export type McpAddressKind = (typeof MCP_ADDRESS_KINDS)[number];

/** One server as the person configured it (kept in core's mcp-servers.json). */
export interface McpServerConfig {
  id: string;
  /** The key it had in `{"mcpServers": {name: …}}`, or what the person typed; unique. */
  name: string;
  transport: McpTransport;
  /** Turned off: never started, its tools never offered. */
  enabled: boolean;
  /** Tools the person turned off (by the server's own tool name). */
  disabledTools: string[];
  /** Tools the person allowed once and for all ("Always allow this tool"). */
  alwaysAllowed: string[];
  /**
   * An imported HTTP address on this computer or a private network, or one that could not be
   * looked up: nothing is sent there (its headers least of all) until the person confirms it in
   * Settings (mcp.confirmAddress). An address typed in Settings is the person's own choice.
   */
  unconfirmedAddress?: { url: string; kind: McpAddressKind };
}

export type McpServerStatus =
  | { state: 'stopped' }
  | { state: 'starting' }
  | { state: 'connected' }
  /**
   * `reason` is an English sentence (for logs and the model); `failure` says the same for the
   * page to put in the person's language. `retryInMs` when a restart with backoff is planned;
   * `gaveUpAfter` when the restarts are used up.
   */
  | {
      state: 'failed';
      reason: string;
      failure?: McpFailure;
      retryInMs?: number;
      gaveUpAfter?: number;
    };

/** Why a server is down, in a form the page words in either language. */
export const MCP_FAILURE_KINDS = [
  'timeout',
  'not_found',
  'permission',
  'no_folder',
  'refused',
  'unknown_host',
  'address_timeout',
  'unreachable',
  'declined',
  'commands_off',
  'address_unconfirmed',
  'http_status',
  'not_mcp',
  'too_large',
  'stopped_at_once',
  'stopped_unexpectedly',
  'other',
] as const;
export type McpFailureKind = (typeof MCP_FAILURE_KINDS)[number];

export interface McpFailure {
  kind: McpFailureKind;
  /**
   * timeout: the seconds; no_folder: the folder; unreachable: the network's words;
   * address_unconfirmed: the address; too_large: the limit in MB; http_status: the status and its standard phrase (never the
   * answer's own words);
   * stopped_*: the server's last stderr line (may be empty); other: the error's own words.
   */
  detail: string;
}

/** A tool as Settings is sent it: no schema, and the start of its description (MCP_TOOL_LIMITS). */
export interface McpToolInfo {
  /** The server's own name for the tool. */
  name: string;
  title?: string;
  description: string;
  enabled: boolean;
  alwaysAllowed: boolean;
}

/** What Settings shows of a server: its configuration, its state in words, its tools. */
export interface McpServerView extends McpServerConfig {
  status: McpServerStatus;
  /** Known once the server connected at least once this run; empty before. */
  tools: McpToolInfo[];
  /** Present when its tool list was not taken whole (MCP_TOOL_LIMITS). */
  toolListCut?: McpToolListCut;
}

/**
 * What core takes of one server's tool list. Real servers list tens of tools, a few hundred at
 * most; a hostile one listed 200,000 over 50 pages and held core 11.4 s, and every mcp.list
 * answer was 194 MB (attack pass, issue 38).
 */
export const MCP_TOOL_LIMITS = {
  /** Tools kept of one server: the first it lists; no page after them is asked for. */
  tools: 1_000,
  /** Pages of the list asked for at most. */
  pages: 50,
  /** A tool with a longer name is left out (MCP's names are 1 to 128 characters). */
  nameChars: 128,
  /** A title is cut to this many characters. */
  titleChars: 128,
  /** A description is cut to this many characters (the model reads it). */
  descriptionChars: 8_000,
  /** Settings is sent this much of a description. */
  shownDescriptionChars: 1_000,
  /** A tool whose input schema is longer as JSON is left out (the model is sent each schema). */
  schemaChars: 64 * 1024,
  /** One page of the list from an HTTP server, in bytes; past it, no more of it is read. */
  pageBytes: 4 * 1024 * 1024,
} as const;

/**
 * Bytes of any one message a server sends (a stdio line; an HTTP answer or server-sent event);
 * past it the message is not read further and the connection ends. The SDK's own stdio default.
 */
export const MCP_MESSAGE_BYTES = 10 * 1024 * 1024;

/** What was not taken of a server's tool list, for Settings to say in words. */
export interface McpToolListCut {
  /** It lists more than MCP_TOOL_LIMITS allows: the first tools are used and no more asked for. */
  more: boolean;
  /** Tools left out for a name or an input schema past the limits. */
  leftOut: number;
}

/** The last lines a server wrote to stderr (stdio servers only), oldest first. */
export const MCP_STDERR_LINES = 200;

/** Every call to a server (start, list, call) gives up after this long. */
export const MCP_CALL_TIMEOUT_MS = 60_000;
export const MCP_START_TIMEOUT_MS = 30_000;

/**
 * What one tool result keeps: at most this many parts, and this many characters of text and
 * picture data together; the rest is dropped and a note says so to the person and the model.
 */
export const TOOL_RESULT_LIMITS = { parts: 1_000, chars: 16 * 1024 * 1024 } as const;

/** Rounds of tool calls one turn may take before the app stops asking the model (settable). */
export const DEFAULT_TOOL_ROUND_LIMIT = 8;
export const TOOL_ROUND_LIMIT = { min: 1, max: 50 } as const;

/** A conversation's choice of tools; absent on a conversation: the default (see `toolsOnByDefault`). */
export interface ConversationTools {
  enabled: boolean;
  /** Server ids offered in this conversation; null: every enabled server. */
  servers: string[] | null;
}

/** One part of a tool's result as kept in the conversation. */
export type ToolResultPart =
  | { type: 'text'; text: string }
  /** A picture the tool returned, stored as an upload; `uploadId` names the file. */
  | { type: 'image'; mime: string; uploadId: string }
  | { type: 'resource_link'; uri: string; name?: string; mime?: string }
  /** Something the app does not show (audio, an embedded resource …): a word on what it was. */
  | { type: 'other'; note: string };

export type ToolCallState =
  /** Waiting for the person: Allow, Deny or Always allow. */
  | 'asking'
  | 'running'
  | 'done'
  /** The person said no: the model got a short refusal. */
  | 'denied'
  /** The call failed (server down, timeout, arguments against the schema, tool error). */
  | 'failed'
  /** The turn was stopped before the call ran or finished. */
  | 'stopped';

export interface ToolCallRecord {
  /** The model's `tool_calls[].id`; the `tool` message answers with it. */
  id: string;
  /** The name sent in `tools` (unique across servers). */
  wireName: string;
  serverId: string;
  serverName: string;
  /** The server's own name for the tool. */
  tool: string;
  /** The arguments exactly as the model sent them (a JSON text, maybe broken). */
  arguments: string;
  state: ToolCallState;
  result?: ToolResultPart[];
  /** An English sentence when failed, denied or stopped (the model reads it as the result). */
  error?: string;
  /** Why it failed, for the page to word in the person's language. */
  failure?: ToolCallFailure;
}

/** A chosen server that could not be started for a turn (its tools were not offered). */
export interface ToolServerUnavailable {
  serverName: string;
  /** Core's English sentence. */
  reason: string;
  failure?: McpFailure;
}

export type ToolCallFailureKind =
  /** The model named a tool that was not offered. */
  | 'not_offered'
  /** The model's arguments are not JSON. */
  | 'bad_json'
  /** The arguments do not fit the tool's schema; detail: the validator's finding. */
  | 'invalid_arguments'
  | 'server_down'
  | 'timeout'
  /** The server or the tool was turned off or removed during the turn. */
  | 'unknown_tool'
  /** The tool ran and reported an error; detail: its own words. */
  | 'tool_error';

export interface ToolCallFailure {
  kind: ToolCallFailureKind;
  detail?: string;
}

/** One round in which the model asked for tools: what it wrote first, and its calls. */
export interface ToolRound {
  content: string;
  calls: ToolCallRecord[];
}

/** "Answer format" of a conversation; absent: free text. */
export type AnswerFormat =
  | { type: 'text' }
  /** `response_format: {type: json_output}`: best effort. */
  | { type: 'json' }
  /** `response_format: {type: json_schema, json_schema: {name, schema, strict: true}}`. */
  | { type: 'json_schema'; name: string; schema: Record<string, unknown> };

/** What core found of a JSON answer: parsed or not, and against the schema when there was one. */
export interface JsonCheck {
  /** The answer parsed as JSON (after taking it out of a ``` fence if the model wrapped it). */
  parsed: boolean;
  /** Against the schema; null when there was no schema or the text did not parse. */
  valid: boolean | null;
  /** Sentences naming what did not match (path and rule), at most a few. */
  problems: string[];
  /** The model wrapped the JSON in a ``` fence (or text around one); it was taken out. */
  fenced?: boolean;
  /** The catalog does not say the model keeps to structured outputs: drift is expected. */
  withoutBadge?: boolean;
}

/** One link a web-search answer cites. */
export interface SourceLink {
  url: string;
  title?: string;
  /** The site's name when known, else its host. */
  site: string;
}
