// Settings, MCP servers: the real server-everything imported through the textbox, its tools and log; a broken command; removing asks first; a server added and edited through its form; a host started without --allow-mcp-commands refusing in words.
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { countWords } from '../../renderer/src/i18n/counts';
import { expect, openApp, test, type Atelier } from './fixtures';
import { applyLook, LOOKS, openSettings, type Look } from './looks';

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

const CONFIG = JSON.stringify(
  {
    mcpServers: {
      everything: { command: process.execPath, args: [EVERYTHING] },
      broken: { command: '/no/such/program-for-atelier' },
    },
  },
  null,
  2,
);

/** The app in `look`, on Settings: its MCP servers region. */
async function openMcpServers(page: Page, atelier: Atelier, look: Look) {
  await openApp(page, atelier);
  await applyLook(page, look);
  await openSettings(page, look, 'tools');
  return page.getByRole('region', { name: look.t('mcp.title') });
}

async function serversInCore(page: Page) {
  return page.evaluate(async () => {
    const api = (
      window as unknown as {
        atelier: {
          invoke(
            c: string,
            i: unknown,
          ): Promise<{
            data: Array<{
              name: string;
              disabledTools: string[];
              transport: { type: string; command?: string; args?: string[]; url?: string } & {
                env?: Record<string, string>;
              };
            }>;
          }>;
        };
      }
    ).atelier;
    return (await api.invoke('mcp.list', {})).data;
  });
}

/** A local port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

test.describe.configure({ timeout: 120_000 });
// The servers here are programs: the host runs them only when started to allow it.
test.use({ atelierOptions: { allowMcpCommands: true } });

test.describe('a web host started without --allow-mcp-commands', () => {
  test.use({ atelierOptions: { allowMcpCommands: false } });
  for (const look of LOOKS) {
    test(`refuses a server's command and says so in Settings (${look.name})`, async ({
      page,
      atelier,
    }) => {
      const mcp = await openMcpServers(page, atelier, look);
      const config = {
        mcpServers: { everything: { command: process.execPath, args: [EVERYTHING] } },
      };
      await mcp
        .getByRole('textbox', { name: look.t('mcp.configuration') })
        .fill(JSON.stringify(config));
      await mcp.getByRole('button', { name: look.t('mcp.import'), exact: true }).click();
      const everything = mcp.getByRole('listitem', { name: 'everything', exact: true });
      await expect(everything).toContainText(
        look.t('mcp.stateFailed', { reason: look.t('mcp.failure.commands_off') }),
        { timeout: 30_000 },
      );
      await expect(everything).not.toContainText(look.t('mcp.stateConnected'));
    });
  }
});

for (const look of LOOKS) {
  test(`MCP servers: import, connected with its tools, a tool turned off, the log, a broken command in words, remove asks first (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const mcp = await openMcpServers(page, atelier, look);
    await expect(mcp.getByText(look.t('mcp.none'))).toBeVisible();

    await mcp.getByRole('textbox', { name: look.t('mcp.configuration') }).fill(CONFIG);
    await mcp.getByRole('button', { name: look.t('mcp.import'), exact: true }).click();
    await expect(mcp.getByRole('status')).toHaveText(
      look.t('mcp.importedAdded', { names: 'everything, broken' }),
    );

    const everything = mcp.getByRole('listitem', { name: 'everything', exact: true });
    await expect(everything).toContainText(look.t('mcp.stateConnected'), { timeout: 30_000 });
    await expect(everything).toContainText(countWords(look.language, 'units.tools', 13));

    const broken = mcp.getByRole('listitem', { name: 'broken', exact: true });
    await expect(broken).toContainText(
      look.t('mcp.stateFailed', { reason: look.t('mcp.failure.not_found') }),
      {
        timeout: 30_000,
      },
    );

    // Its tools, each with its description and a checkbox; echo turned off is kept in core.
    await everything.getByRole('button', { name: look.t('mcp.showTools'), exact: true }).click();
    const tools = everything.getByRole('group', {
      name: look.t('mcp.toolsOf', { name: 'everything' }),
    });
    await expect(tools.getByRole('checkbox')).toHaveCount(13);
    await expect(tools).toContainText('Echoes back the input string');
    const echo = tools.getByRole('checkbox', { name: 'echo', exact: true });
    await expect(echo).toBeChecked();
    await echo.uncheck();
    await expect(echo).not.toBeChecked();
    await expect
      .poll(
        async () => (await serversInCore(page)).find((s) => s.name === 'everything')?.disabledTools,
      )
      .toEqual(['echo']);

    // Its log: the lines it wrote to stderr, in a monospace box.
    await everything.getByRole('button', { name: look.t('mcp.showLog'), exact: true }).click();
    const log = everything.getByRole('group', {
      name: look.t('mcp.logOf', { name: 'everything' }),
    });
    await expect(log).toContainText('Starting default (STDIO) server');
    expect(await log.locator('pre').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
      /mono/i,
    );

    await page.screenshot({
      path: `test-results/mcp-${look.name.replace(' ', '-')}.png`,
      fullPage: false,
    });

    // Removing asks first: Cancel keeps it, Remove in the question removes it.
    await broken.getByRole('button', { name: look.t('mcp.remove'), exact: true }).click();
    const question = broken.getByRole('alertdialog');
    await expect(question).toContainText(look.t('mcp.removeConfirm', { name: 'broken' }));
    await question.getByRole('button', { name: look.t('common.cancel'), exact: true }).click();
    await expect(broken).toBeVisible();
    await broken.getByRole('button', { name: look.t('mcp.remove'), exact: true }).click();
    await broken
      .getByRole('alertdialog')
      .getByRole('button', { name: look.t('mcp.remove'), exact: true })
      .click();
    await expect(broken).toHaveCount(0);
    expect((await serversInCore(page)).map((s) => s.name)).toEqual(['everything']);

    // Turned off: said in words.
    await everything.getByRole('button', { name: look.t('mcp.turnOff'), exact: true }).click();
    await expect(everything).toContainText(look.t('mcp.stateOff'));
  });

  test(`an imported local address waits for a yes, and its answer's body never reaches the page (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // An intranet-like service on this computer that answers everything with a secret.
    const requests: string[] = [];
    const secretive = createHttpServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('INTERNAL SECRET: the payroll database password is hunter2');
    });
    await new Promise<void>((done) => secretive.listen(0, '127.0.0.1', done));
    const { port } = secretive.address() as { port: number };
    try {
      const mcp = await openMcpServers(page, atelier, look);
      const address = `http://127.0.0.1:${port}/mcp`;
      await mcp
        .getByRole('textbox', { name: look.t('mcp.configuration') })
        .fill(JSON.stringify({ mcpServers: { intranet: { url: address } } }));
      await mcp.getByRole('button', { name: look.t('mcp.import'), exact: true }).click();
      const intranet = mcp.getByRole('listitem', { name: 'intranet', exact: true });
      await expect(intranet).toContainText(address);
      await expect(intranet).toContainText(look.t('mcp.stateAwaitingAddress'));
      const useIt = intranet.getByRole('button', { name: look.t('mcp.confirmAddress') });
      await expect(useIt).toBeVisible();
      // Nothing was sent there before the person said yes.
      expect(requests).toEqual([]);

      await useIt.click();
      await expect(intranet).toContainText(
        look.t('mcp.stateFailed', {
          reason: look.t('mcp.failure.http_status', { detail: '500 Internal Server Error' }),
        }),
        { timeout: 30_000 },
      );
      expect(requests.length).toBeGreaterThan(0);
      await expect(page.getByText(/INTERNAL SECRET|hunter2/)).toHaveCount(0);
      expect(JSON.stringify(await serversInCore(page))).not.toMatch(/INTERNAL SECRET|hunter2/);
    } finally {
      await new Promise((done) => secretive.close(done));
    }
  });

  test(`an import that is refused says which server and why, and takes nothing (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const mcp = await openMcpServers(page, atelier, look);
    await mcp
      .getByRole('textbox', { name: look.t('mcp.configuration') })
      .fill('{"mcpServers": {"old": {"type": "sse", "url": "http://127.0.0.1:1/sse"}}}');
    await mcp.getByRole('button', { name: look.t('mcp.import'), exact: true }).click();
    await expect(mcp.getByRole('alert')).toContainText(
      'Server "old": its type "sse" is not supported; use "stdio" or "streamableHttp".',
    );
    await expect(mcp.getByRole('listitem')).toHaveCount(0);
  });

  test(`a server added and edited through its form: a bad line is named, the saved one connects, an edit changes it (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const mcp = await openMcpServers(page, atelier, look);
    await mcp.getByRole('button', { name: look.t('mcp.add'), exact: true }).click();
    const form = mcp.getByRole('form', { name: look.t('mcp.addTitle') });
    await form.getByRole('textbox', { name: look.t('mcp.name'), exact: true }).fill('tools');
    await form
      .getByRole('textbox', { name: look.t('mcp.command'), exact: true })
      .fill(process.execPath);
    await form.getByRole('textbox', { name: look.t('mcp.args'), exact: true }).fill(EVERYTHING);
    await form
      .getByRole('textbox', { name: look.t('mcp.env'), exact: true })
      .fill('GREETING=hello\nnot a pair');

    // A line that is not NAME=value is named, and nothing is saved.
    await form.getByRole('button', { name: look.t('mcp.save'), exact: true }).click();
    await expect(form.getByRole('alert')).toContainText(look.t('mcp.badEnvLine', { line: 2 }));
    expect(await serversInCore(page)).toEqual([]);

    await form
      .getByRole('textbox', { name: look.t('mcp.env'), exact: true })
      .fill('GREETING=hello');
    await form.getByRole('button', { name: look.t('mcp.save'), exact: true }).click();
    await expect(form).toHaveCount(0);
    const server = mcp.getByRole('listitem', { name: 'tools', exact: true });
    await expect(server).toContainText(look.t('mcp.stateConnected'), { timeout: 30_000 });
    await expect(server).toContainText(countWords(look.language, 'units.tools', 13));
    const [saved] = await serversInCore(page);
    expect(saved?.transport).toMatchObject({
      type: 'stdio',
      command: process.execPath,
      args: [EVERYTHING],
      env: { GREETING: 'hello' },
    });

    // Edit opens on what is saved; Cancel changes nothing.
    await server.getByRole('button', { name: look.t('mcp.edit'), exact: true }).click();
    const editor = server.getByRole('form', { name: look.t('mcp.editTitle', { name: 'tools' }) });
    await expect(
      editor.getByRole('textbox', { name: look.t('mcp.command'), exact: true }),
    ).toHaveValue(process.execPath);
    await expect(editor.getByRole('textbox', { name: look.t('mcp.env'), exact: true })).toHaveValue(
      'GREETING=hello',
    );
    await editor.getByRole('button', { name: look.t('common.cancel'), exact: true }).click();
    await expect(editor).toHaveCount(0);
    expect((await serversInCore(page))[0]?.transport.type).toBe('stdio');

    // Saved as an address nothing answers at: it is another server now, failing in words.
    const address = `http://127.0.0.1:${await closedPort()}/mcp`;
    await server.getByRole('button', { name: look.t('mcp.edit'), exact: true }).click();
    await editor.getByRole('radio', { name: look.t('mcp.kindHttp') }).check();
    await editor.getByRole('textbox', { name: look.t('mcp.url'), exact: true }).fill(address);
    await editor.getByRole('button', { name: look.t('mcp.save'), exact: true }).click();
    await expect(editor).toHaveCount(0);
    await expect(server).toContainText(
      look.t('mcp.stateFailed', { reason: look.t('mcp.failure.refused') }),
      { timeout: 30_000 },
    );
    await expect(server).toContainText(address);
    expect((await serversInCore(page))[0]?.transport).toMatchObject({
      type: 'http',
      url: address,
    });
  });
}
