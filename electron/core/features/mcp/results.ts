// What an MCP tool returned, turned into the parts chat keeps: text, pictures, links; anything else named in words.
import type { RawToolPart, ToolOutcome } from '../chat/tool-provider';

type Block = Record<string, unknown> & { type?: unknown };

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function partOf(block: Block): RawToolPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: text(block.text) ?? '' };
    case 'image': {
      const data = text(block.data);
      const mime = text(block.mimeType);
      if (data && mime && mime.startsWith('image/')) return { type: 'image', mime, base64: data };
      return { type: 'other', note: 'a picture the app could not read' };
    }
    case 'resource_link': {
      const uri = text(block.uri);
      if (!uri) return { type: 'other', note: 'a link without an address' };
      const name = text(block.name) ?? undefined;
      const mime = text(block.mimeType) ?? undefined;
      return {
        type: 'resource_link',
        uri,
        ...(name !== undefined ? { name } : {}),
        ...(mime !== undefined ? { mime } : {}),
      };
    }
    case 'resource': {
      const resource = (block.resource ?? {}) as Block;
      const body = text(resource.text);
      if (body !== null) return { type: 'text', text: body };
      const mime = text(resource.mimeType);
      return {
        type: 'other',
        note: `an embedded file${mime ? ` (${mime})` : ''}${text(resource.uri) ? `: ${text(resource.uri)}` : ''}`,
      };
    }
    case 'audio':
      return { type: 'other', note: `a sound (${text(block.mimeType) ?? 'audio'})` };
    default:
      return {
        type: 'other',
        note: `a part of type "${String(block.type).slice(0, 40)}" the app does not show`,
      };
  }
}

/** A CallToolResult (or the older `toolResult` form) as a ToolOutcome. */
export function outcomeOf(result: Record<string, unknown>): ToolOutcome {
  const isError = result.isError === true;
  const content = Array.isArray(result.content) ? (result.content as Block[]) : [];
  const parts = content.filter((b) => b && typeof b === 'object').map(partOf);
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  if (parts.length === 0 && 'toolResult' in result)
    parts.push({ type: 'text', text: JSON.stringify(result.toolResult) });
  return { isError, parts };
}
