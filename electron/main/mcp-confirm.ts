// The confirm step before an MCP server's command line first runs: a native dialog the renderer cannot answer.
import { dialog, type BrowserWindow } from 'electron';
import type { McpCommandConfirm } from '../core/features/context';

function quoted(part: string): string {
  return /^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part);
}

/** true only when the person pressed "Run"; closing the dialog is a no. */
export async function confirmMcpCommand(
  parent: BrowserWindow | null,
  request: McpCommandConfirm,
): Promise<boolean> {
  const envNames = Object.keys(request.env);
  const detail = [
    [request.command, ...request.args].map(quoted).join(' '),
    '',
    `Folder: ${request.cwd}`,
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
      ? `The command of the MCP server "${request.serverName}" changed. Run the new one?`
      : `Run the MCP server "${request.serverName}"?`,
    detail,
  };
  const choice = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return choice.response === 1;
}
