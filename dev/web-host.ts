// What core asks of the web host: it can neither reach the user's browser nor show a save dialog, so the page does both.
import type { Host } from '../electron/core/features/context';
import { isSafeExternalUrl } from '../electron/main/policy';

export function createWebHost(log: (line: string) => void): Host {
  return {
    // A server cannot open the user's browser reliably (it may run headless or over SSH), so the
    // link is printed and the page is told it was not opened; it can then show the link itself.
    async openExternal(url) {
      if (isSafeExternalUrl(url)) log(`Open this link in your browser: ${url}`);
      return false;
    },
    // saved: false tells the page to download the media URL instead.
    async saveMedia() {
      return { saved: false };
    },
    // The page's own file input is the way in: the browser holds the person's files, not the host.
    async pickFile() {
      return { path: null, canPick: false };
    },
    // In a browser the page is the only UI there is, so no second, trusted place exists to ask
    // in: the web host approves a command line by itself and says so in its log (docs/TOOLS.md).
    async confirmMcpCommand(request) {
      log(
        `MCP server "${request.serverName}" will run: ${[request.command, ...request.args].join(' ')} (in ${request.cwd})`,
      );
      return true;
    },
  };
}
