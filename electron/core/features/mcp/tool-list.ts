// A server's tool list as core takes it: page by page, the first MCP_TOOL_LIMITS.tools tools whose name and
// schema are within their limits, descriptions cut to theirs, no page asked for after that, and what was left out.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOL_LIMITS, type McpToolListCut } from '../../../../shared/tools';

/** A tool as core keeps it. */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ToolList {
  tools: ListedTool[];
  /** Present when the list was not taken whole. */
  cut?: McpToolListCut;
}

export interface ToolPage {
  tools: Tool[];
  nextCursor?: string;
}

/** At most `max` characters, the last of them '…' when cut (never half of a surrogate pair). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

/** The tool as kept, or null when it is left out: a name or an input schema past its limit. */
export function keptTool(tool: Tool): ListedTool | null {
  if (tool.name.length === 0 || tool.name.length > MCP_TOOL_LIMITS.nameChars) return null;
  const inputSchema = tool.inputSchema as Record<string, unknown>;
  if (JSON.stringify(inputSchema).length > MCP_TOOL_LIMITS.schemaChars) return null;
  return {
    name: tool.name,
    ...(tool.title ? { title: cutText(tool.title, MCP_TOOL_LIMITS.titleChars) } : {}),
    description: cutText(tool.description ?? '', MCP_TOOL_LIMITS.descriptionChars),
    inputSchema,
  };
}

/**
 * Reads the list page by page until it ends, MCP_TOOL_LIMITS.tools are kept or
 * MCP_TOOL_LIMITS.pages were read. A page that fails ends the list with the pages before it
 * when `endsList` says so of its error (a page past its bytes); otherwise, and for the first
 * page, the error is thrown.
 */
export async function readToolList(
  page: (cursor: string | undefined) => Promise<ToolPage>,
  endsList: (error: unknown) => boolean,
): Promise<ToolList> {
  const tools: ListedTool[] = [];
  let leftOut = 0;
  let more = false;
  let cursor: string | undefined;
  for (let read = 0; ; read++) {
    if (read === MCP_TOOL_LIMITS.pages) {
      more = true;
      break;
    }
    let answer: ToolPage;
    try {
      answer = await page(cursor);
    } catch (e) {
      if (read === 0 || !endsList(e)) throw e;
      more = true;
      break;
    }
    for (const tool of answer.tools) {
      if (tools.length === MCP_TOOL_LIMITS.tools) {
        more = true;
        break;
      }
      const kept = keptTool(tool);
      if (kept) tools.push(kept);
      else leftOut++;
    }
    cursor = answer.nextCursor;
    if (!cursor || more) break;
    if (tools.length === MCP_TOOL_LIMITS.tools) {
      more = true;
      break;
    }
  }
  return more || leftOut > 0 ? { tools, cut: { more, leftOut } } : { tools };
}
