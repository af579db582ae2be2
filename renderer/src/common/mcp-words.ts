// Why an MCP server is down, in the page's language: core sends a kind and a detail beside its
// English sentence; the server's own words stay as written. Settings and the chat's tool cards share it.
import type { McpFailure } from '../../../shared/tools';
import type { Translate } from '../i18n/translate';

export function mcpFailureWords(
  t: Translate,
  failure: McpFailure | undefined,
  reason: string,
  gaveUpAfter?: number,
): string {
  if (!failure) return reason;
  const { kind, detail } = failure;
  let words = kind === 'other' ? detail : t(`mcp.failure.${kind}`, { detail });
  if (kind === 'stopped_unexpectedly' && detail) words += t('mcp.lastWords', { detail });
  if (gaveUpAfter !== undefined) words += t('mcp.gaveUp', { count: gaveUpAfter });
  return words;
}
