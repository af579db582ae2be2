// Tools in a chat turn against the real server-everything (imported through Settings): the model
// calls echo and the person allows it; the person denies a call; the server is killed mid-call.
import { mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, section, simRequests, test } from './fixtures';
import { LOOKS, openInLook, openSettings, sendIn, turnEndIn, type Look } from './looks';

const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const DECLINED = 'The person declined this call.';
/** The simulated model asks for a 94.6 s run of this tool (its arguments come from the question). */
const LONG_CALL = 'Please run trigger-long-running-operation now';

/**
 * The server-everything processes working in `folder` (each test gives its server its own folder):
 * the one serving the turn, and any earlier one of the same server not yet gone (CI once killed
 * such a one alone, and the call ran on).
 */
async function serversIn(folder: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd === folder) found.push(Number(entry));
  }
  if (found.length === 0) throw new Error(`no process works in ${folder}`);
  return found;
}

test.describe.configure({ timeout: 150_000 });
// The servers here are programs: the host runs them only when started to allow it.
test.use({ atelierOptions: { allowMcpCommands: true } });

function answers(page: Page, look: Look): Locator {
  return page.getByRole('article', { name: look.t('chat.assistantMessage') });
}

/** The card of the answer's only call (the last answer). */
function card(page: Page, look: Look): Locator {
  return answers(page, look).last().locator('details.tool-card');
}

for (const look of LOOKS) {
  test(`a tool turn: allow runs echo and the answer uses it, deny tells the model, a server that exits mid-call is said in words (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.slow();
    const folder = await mkdtemp(join(tmpdir(), 'atelier-everything-'));
    const config = JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING], cwd: folder } },
    });
    await openInLook(page, atelier, look);

    // The servers, as a person adds them.
    await openSettings(page, look, 'tools');
    const mcp = page.getByRole('region', { name: look.t('mcp.title') });
    await mcp.getByRole('textbox', { name: look.t('mcp.configuration') }).fill(config);
    await mcp.getByRole('button', { name: look.t('mcp.import'), exact: true }).click();
    await expect(mcp.getByRole('listitem', { name: 'everything', exact: true })).toContainText(
      look.t('mcp.stateConnected'),
      { timeout: 30_000 },
    );

    await section(page, look.t('nav.chat')).click();
    // The simulator's list states no badges: tools are off until the person turns them on.
    const useTools = page.getByRole('checkbox', { name: look.t('tools.useTools'), exact: true });
    await expect(useTools).not.toBeChecked();
    await useTools.check();
    await expect(useTools).toBeChecked();

    // 1. Allow: echo runs on the real server and the answer quotes its result.
    await sendIn(page, look, 'Please echo hello there');
    const allow = page.getByRole('button', { name: look.t('tools.allow'), exact: true });
    await expect(allow).toBeVisible({ timeout: 30_000 });
    await expect(card(page, look)).toContainText('echo');
    await expect(card(page, look)).toContainText(
      look.t('tools.onServer', { server: 'everything' }),
    );
    await expect(card(page, look)).toContainText(look.t('tools.state.asking'));
    await expect(
      page.getByRole('button', { name: look.t('tools.deny'), exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: look.t('tools.always'), exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: `test-results/tools-asking-${look.theme}.png` });
    await allow.click();
    await turnEndIn(page, look);
    const allowed = card(page, look);
    await expect(allowed.locator('summary')).toContainText(look.t('tools.state.done'));
    await expect(allowed.locator('.tool-text')).toHaveText('Echo: please echo hello');
    // The answer after the call is written from the result.
    await expect(answers(page, look).last().locator('.tool-rounds + *')).toContainText(
      'Echo: please echo hello',
    );
    // The simulator got the result as a tool message answering the call.
    const requests = await simRequests(atelier, '/chat/completions');
    expect(requests.some((r) => /"role":"tool"/.test(String(r.body)))).toBe(true);
    await page.screenshot({ path: `test-results/tools-done-${look.theme}.png` });

    // 2. Deny: the call never runs; the model is told and says so.
    await sendIn(page, look, 'Now echo goodbye');
    await page.getByRole('button', { name: look.t('tools.deny'), exact: true }).click();
    await turnEndIn(page, look);
    const denied = card(page, look);
    await expect(denied.locator('summary')).toContainText(look.t('tools.state.denied'));
    await expect(denied).toContainText(look.t('tools.deniedNote'));
    await expect(denied.locator('.tool-text')).toHaveCount(0);
    await expect(answers(page, look).last()).toContainText(DECLINED);

    // 3. The server dies in the middle of a long call: the card says so in words, the turn ends.
    await sendIn(page, look, LONG_CALL);
    await page.getByRole('button', { name: look.t('tools.allow'), exact: true }).click();
    await expect(card(page, look).locator('summary')).toContainText(look.t('tools.state.running'));
    for (const pid of await serversIn(folder)) process.kill(pid, 'SIGKILL');
    await turnEndIn(page, look);
    const failed = card(page, look);
    await expect(failed.locator('summary')).toContainText(look.t('tools.state.failed'));
    await expect(failed.getByRole('alert')).toHaveText(
      look.t('tools.failedNote', { reason: look.t('tools.fail.serverDown') }),
    );
    await expect(answers(page, look).last()).not.toHaveAttribute('aria-busy', 'true');
    await expect(
      page.getByRole('button', { name: look.t('tools.allow'), exact: true }),
    ).toHaveCount(0);
    await page.screenshot({ path: `test-results/tools-failed-${look.theme}.png`, fullPage: true });
    await rm(folder, { recursive: true, force: true });
  });
}
