// Why an MCP server is down, in the page's language: core sends a kind and a detail beside its
// English sentence; the server's own words stay as written. Settings and the chat's tool cards share it.
import type { McpFailure } from '../../../shared/tools';
import type { Translate } from '../i18n/translate';

export function mcpFailureWords(
  t: Translate,
  failure: McpFailure | undefined,
  reason: string,
  /** The restarts tried before giving up, already in words ("5 times"). */
  restarts?: string,
): string {
  if (!failure) return reason;
  const { kind, detail } = failure;
  let words = kind === 'other' ? detail : t(`mcp.failure.${kind}`, { detail });
  if (kind === 'stopped_unexpectedly' && detail) words += t('mcp.lastWords', { detail });
  if (restarts !== undefined) words += t('mcp.gaveUp', { times: restarts });
  return words;
}
