// The confirm step before an MCP server's command line first runs: a native dialog the renderer cannot answer.
import { dialog, type BrowserWindow } from 'electron';
import { visibleText } from '../../shared/visible-text';
import type { McpCommandConfirm } from '../core/features/context';

/**
 * One part of the command line as the person reads it: every hidden or reordering character
 * named, long values cut with a marker, and quoted unless it is plainly one word.
 */
function shown(part: string): string {
  const visible = visibleText(part);
  return /^[\w@%+=:,./-]+$/.test(visible) ? visible : `"${visible.replace(/"/g, '\\"')}"`;
}

/** true only when the person pressed "Run"; closing the dialog is a no. */
export async function confirmMcpCommand(
  parent: BrowserWindow | null,
  request: McpCommandConfirm,
): Promise<boolean> {
  const envNames = Object.keys(request.env).map((name) => visibleText(name, 80));
  const name = visibleText(request.serverName, 80);
  const detail = [
    [request.command, ...request.args].map(shown).join(' '),
    '',
    `Folder: ${visibleText(request.cwd)}`,
    envNames.length > 0
      ? `Environment: ${envNames.join(', ')}`
      : 'Environment: the safe minimum only',
    '',
    'It runs with your rights: it can read and change your files. Run it only if you trust it.',
  ].join('\n');
  const options = {
    type: 'warning' as const,
    buttons: ['Cancel', 'Run'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    title: 'MCP server',
    message: request.changed
      ? `The command of the MCP server "${name}" changed. Run the new one?`
      : `Run the MCP server "${name}"?`,
    detail,
  };
  const choice = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return choice.response === 1;
}
