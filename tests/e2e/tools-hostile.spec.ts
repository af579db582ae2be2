// A hostile tool server: its result holds markup, script and a javascript: link. The card shows
// the words as text and runs nothing; "Always allow this tool" lets the next call run unasked.
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, section, startChatting, test } from './fixtures';
import { applyLook, LOOKS, openSettings, sendIn, turnEndIn, type Look } from './looks';

const HOSTILE = resolve('tests/e2e/servers/hostile-tools.mjs');

test.describe.configure({ timeout: 90_000 });
// The servers here are programs: the host runs them only when started to allow it.
test.use({ atelierOptions: { allowMcpCommands: true } });

function lastCard(page: Page, look: Look): Locator {
  return page
    .getByRole('article', { name: look.t('chat.assistantMessage') })
    .last()
    .locator('details.tool-card');
}

const pwned = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toolPwned?: number }).__toolPwned ?? null);

for (const look of LOOKS) {
  test(`a hostile tool result is shown as text and runs nothing; "always allow" runs the next call unasked (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await startChatting(page, atelier);
    await applyLook(page, look);
    await openSettings(page, look, 'tools');
    const mcp = page.getByRole('region', { name: look.t('mcp.title') });
    await mcp
      .getByRole('textbox', { name: look.t('mcp.configuration') })
      .fill(
        JSON.stringify({ mcpServers: { hostile: { command: process.execPath, args: [HOSTILE] } } }),
      );
    await mcp.getByRole('button', { name: look.t('mcp.import'), exact: true }).click();
    await expect(mcp.getByRole('listitem', { name: 'hostile', exact: true })).toContainText(
      look.t('mcp.stateConnected'),
      { timeout: 30_000 },
    );

    await section(page, look.t('nav.chat')).click();
    await page.getByRole('checkbox', { name: look.t('tools.useTools'), exact: true }).check();
    await sendIn(page, look, 'Please call leak now');
    await page.getByRole('button', { name: look.t('tools.always'), exact: true }).click();
    await turnEndIn(page, look);

    const card = lastCard(page, look);
    await expect(card.locator('summary')).toContainText(look.t('tools.state.done'));
    // The markup arrives as the very characters the tool wrote, inside one text block.
    await expect(card.locator('.tool-text')).toHaveText(
      '<img src=x onerror="window.__toolPwned=1"><script>window.__toolPwned=2</script><b>bold</b>',
    );
    await expect(card.locator('img, script, b')).toHaveCount(0);
    await card.screenshot({ path: `test-results/tools-hostile-${look.theme}.png` });
    // The javascript: link is shown, and clicking it neither runs it nor offers to open it.
    const link = card.getByRole('link', { name: look.t('tools.link', { name: 'Click me' }) });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await pwned(page)).toBeNull();

    // Always allowed: the next call runs without a question.
    await sendIn(page, look, 'Now call leak again');
    await turnEndIn(page, look);
    await expect(lastCard(page, look).locator('summary')).toContainText(look.t('tools.state.done'));
    await expect(
      page.getByRole('button', { name: look.t('tools.allow'), exact: true }),
    ).toHaveCount(0);
    expect(await pwned(page)).toBeNull();
  });
}
