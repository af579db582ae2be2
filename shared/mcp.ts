// MCP server configuration as people paste it ({"mcpServers": {...}}) and as the mcp.* channels take it:
// the zod schemas, the limits, and the parse that says in words what it refused. See docs/TOOLS.md.
import { z } from 'zod';
import type { McpTransport } from './tools';
import { hasHiddenCharacters } from './visible-text';

/** What the mcp.* channels and the import accept; larger input is refused before it is parsed. */
export const MCP_LIMITS = {
  importChars: 256 * 1024,
  servers: 100,
  nameChars: 64,
  commandChars: 4096,
  args: 200,
  argChars: 8192,
  envEntries: 200,
  envValueChars: 32_768,
  headers: 50,
  headerValueChars: 8192,
  urlChars: 4096,
} as const;

/** Keys that would change an object's prototype when copied: never accepted anywhere. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const mcpServerName = z
  .string()
  .trim()
  .min(1, 'a server needs a name')
  .max(MCP_LIMITS.nameChars, `a server name is at most ${MCP_LIMITS.nameChars} characters`)
  .refine((s) => !FORBIDDEN_KEYS.has(s), 'that name is reserved')
  // A name is shown in the confirm step: it must not bring lines, hidden text or reversed text there.
  .refine(
    (s) => !hasHiddenCharacters(s),
    'a server name may not hold line breaks, control or direction characters',
  );

const envRecord = z
  .record(
    z
      .string()
      .regex(ENV_NAME, 'an environment variable name is letters, digits and _')
      .refine((s) => !FORBIDDEN_KEYS.has(s), 'that name is reserved'),
    z.string().max(MCP_LIMITS.envValueChars, 'an environment value is too long'),
  )
  .refine((r) => Object.keys(r).length <= MCP_LIMITS.envEntries, 'too many environment variables');

const headerRecord = z
  .record(
    z
      .string()
      .regex(HEADER_NAME, 'a header name is letters, digits and - only')
      .refine((s) => !FORBIDDEN_KEYS.has(s), 'that name is reserved'),
    z
      .string()
      .max(MCP_LIMITS.headerValueChars, 'a header value is too long')
      .refine((v) => !/[\r\n\0]/.test(v), 'a header value is one line'),
  )
  .refine((r) => Object.keys(r).length <= MCP_LIMITS.headers, 'too many headers');

export const mcpHttpUrl = z
  .string()
  .trim()
  .max(MCP_LIMITS.urlChars, 'the address is too long')
  .refine((s) => {
    try {
      const url = new URL(s);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'the address must be an http:// or https:// URL');

export const mcpTransportSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('stdio'),
      command: z
        .string()
        .trim()
        .min(1, 'the command is empty')
        .max(MCP_LIMITS.commandChars, 'the command is too long'),
      args: z
        .array(z.string().max(MCP_LIMITS.argChars, 'an argument is too long'))
        .max(MCP_LIMITS.args, 'too many arguments'),
      env: envRecord,
      cwd: z.string().trim().min(1).max(MCP_LIMITS.commandChars).optional(),
    })
    .strict(),
  z.object({ type: z.literal('http'), url: mcpHttpUrl, headers: headerRecord }).strict(),
]) satisfies z.ZodType<McpTransport>;

/** One server as other apps write it under "mcpServers". Unknown keys are ignored. */
const importedServer = z
  .object({
    type: z.string().optional(),
    command: z.string().optional(),
    args: z.array(z.string(), { message: 'args must be a list of texts' }).optional(),
    env: z.record(z.string(), z.string(), { message: 'env must map names to texts' }).optional(),
    cwd: z.string({ message: 'cwd must be a text' }).optional(),
    url: z.string({ message: 'url must be a text' }).optional(),
    headers: z
      .record(z.string(), z.string(), { message: 'headers must map names to texts' })
      .optional(),
    disabled: z.boolean({ message: 'disabled must be true or false' }).optional(),
  })
  .passthrough();

export interface ImportedMcpServer {
  name: string;
  transport: McpTransport;
  enabled: boolean;
}

export type McpImportParse =
  { ok: true; servers: ImportedMcpServer[] } | { ok: false; problems: string[] };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it is not valid';
  const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${path}${issue.message}`;
}

/** The first forbidden key anywhere in a parsed JSON value, or null. */
function forbiddenKey(value: unknown, depth = 0): string | null {
  if (depth > 20) return '(nested too deeply)';
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = forbiddenKey(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return key;
      const found = forbiddenKey((value as Record<string, unknown>)[key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** Turns one entry of "mcpServers" into a transport, or a sentence on what is wrong. */
function transportOf(raw: z.infer<typeof importedServer>): McpTransport | string {
  const type = raw.type?.trim();
  let kind: 'stdio' | 'http';
  if (type === undefined || type === '') {
    if (raw.command !== undefined && raw.url !== undefined)
      return 'it has both "command" and "url"; keep one';
    if (raw.command !== undefined) kind = 'stdio';
    else if (raw.url !== undefined) kind = 'http';
    else return 'it needs a "command" (a program to start) or a "url" (a Streamable HTTP address)';
  } else if (type === 'stdio') kind = 'stdio';
  else if (type === 'streamableHttp' || type === 'http' || type === 'streamable-http')
    kind = 'http';
  else return `its type "${type.slice(0, 40)}" is not supported; use "stdio" or "streamableHttp"`;

  const candidate =
    kind === 'stdio'
      ? {
          type: 'stdio' as const,
          command: raw.command ?? '',
          args: raw.args ?? [],
          env: raw.env ?? {},
          ...(raw.cwd !== undefined && raw.cwd.trim() !== '' ? { cwd: raw.cwd } : {}),
        }
      : { type: 'http' as const, url: raw.url ?? '', headers: raw.headers ?? {} };
  if (kind === 'stdio' && raw.url !== undefined) return 'a stdio server has no "url"';
  if (kind === 'http' && raw.command !== undefined) return 'an HTTP server has no "command"';
  const checked = mcpTransportSchema.safeParse(candidate);
  if (!checked.success) return firstIssue(checked.error);
  return checked.data;
}

/**
 * Reads `{"mcpServers": {name: {command, args, env, cwd} | {url, headers}}}` (a bare map of servers
 * is accepted too). Every problem is a sentence naming the server; nothing is taken when any is wrong.
 */
export function parseMcpImport(text: string): McpImportParse {
  if (text.length > MCP_LIMITS.importChars)
    return {
      ok: false,
      problems: [
        `The configuration is too large (${Math.ceil(text.length / 1024)} KB; at most ${MCP_LIMITS.importChars / 1024} KB).`,
      ],
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [`This is not JSON: ${(e as Error).message}.`] };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, problems: ['The configuration must be a JSON object with "mcpServers".'] };
  const bad = forbiddenKey(value);
  if (bad) return { ok: false, problems: [`The key "${bad}" is not allowed anywhere.`] };

  const root = value as Record<string, unknown>;
  const map = 'mcpServers' in root ? root.mcpServers : root;
  if (!map || typeof map !== 'object' || Array.isArray(map))
    return { ok: false, problems: ['"mcpServers" must be an object of servers by name.'] };
  const entries = Object.entries(map as Record<string, unknown>);
  if (entries.length === 0) return { ok: false, problems: ['There is no server in "mcpServers".'] };
  if (entries.length > MCP_LIMITS.servers)
    return {
      ok: false,
      problems: [
        `There are ${entries.length} servers; at most ${MCP_LIMITS.servers} can be added.`,
      ],
    };

  const problems: string[] = [];
  const servers: ImportedMcpServer[] = [];
  const seen = new Set<string>();
  for (const [rawName, rawServer] of entries) {
    const shown = rawName.slice(0, MCP_LIMITS.nameChars);
    const name = mcpServerName.safeParse(rawName);
    if (!name.success) {
      problems.push(`Server "${shown}": ${firstIssue(name.error)}.`);
      continue;
    }
    if (seen.has(name.data)) {
      problems.push(`Server "${shown}" appears twice.`);
      continue;
    }
    seen.add(name.data);
    const server = importedServer.safeParse(rawServer);
    if (!server.success) {
      problems.push(
        rawServer === null || typeof rawServer !== 'object' || Array.isArray(rawServer)
          ? `Server "${shown}": it must be an object.`
          : `Server "${shown}": ${firstIssue(server.error)}.`,
      );
      continue;
    }
    const transport = transportOf(server.data);
    if (typeof transport === 'string') {
      problems.push(`Server "${shown}": ${transport}.`);
      continue;
    }
    servers.push({ name: name.data, transport, enabled: server.data.disabled !== true });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, servers };
}

/** The command line as a person reads it in the confirm step and in Settings. */
export function commandLineOf(transport: Extract<McpTransport, { type: 'stdio' }>): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `"${s.replace(/"/g, '\\"')}"`);
  return [transport.command, ...transport.args].map(quote).join(' ');
}
