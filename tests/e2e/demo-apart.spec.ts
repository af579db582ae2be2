// Spending nobody asked for: the welcome screen offers titles with their cost, and the demo is unmistakable and kept apart.
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { MODELS } from '../../sim/models';
import { expect, gotoApp, section, test } from './fixtures';
import { LOOKS, applyLook, sendAndAwaitIn, type Look } from './looks';

const SHOTS = 'test-results/demo-apart';

/** A sentence with a placeholder in it, as a pattern that takes anything there. */
function withAnything(sentence: string, placeholder: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(sentence.split(placeholder).map(escape).join('.+'));
}

function sidebar(page: Page, look: Look) {
  return page.getByRole('complementary', { name: look.t('chat.conversations') });
}

function meter(page: Page, look: Look) {
  return page.getByRole('status', { name: look.t('balance.label') });
}

async function useDemo(page: Page, look: Look, on: boolean): Promise<void> {
  await section(page, look.t('nav.settings')).click();
  await page
    .getByRole('button', { name: look.t(on ? 'settings.demo' : 'settings.leaveDemo'), exact: true })
    .click();
  await expect(page.getByText(look.t('settings.demoActive')).first()).toBeVisible({
    visible: on,
  });
  await section(page, look.t('nav.chat')).click();
}

for (const look of LOOKS) {
  test(`titles offered with their cost; the demo has its badge and its own list (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.setTimeout(120_000);
    const t = look.t;
    await mkdir(SHOTS, { recursive: true });
    await gotoApp(page, atelier.url);
    await applyLook(page, look);

    // The welcome screen: titles on, and once connected what one costs with the cheapest model.
    const titles = page.getByRole('region', { name: t('firstrun.titlesTitle') });
    await expect(titles.getByRole('checkbox', { name: t('firstrun.titlesOn') })).toBeChecked();
    await expect(titles).toContainText(t('firstrun.titlesCostLater'));
    await page.getByRole('textbox', { name: t('settings.baseUrl') }).fill(atelier.simBaseUrl);
    await page.getByRole('textbox', { name: t('settings.apiKey') }).fill('sim-fast');
    await page.getByRole('button', { name: t('firstrun.connect'), exact: true }).click();
    const tiny = MODELS.find((m) => m.id === 'sim/tiny-context')!;
    await expect(titles).toContainText(
      withAnything(t('firstrun.titlesCost', { cost: '\u0000', model: tiny.name }), '\u0000'),
    );
    await page.screenshot({ path: `${SHOTS}/welcome-${look.language}.png`, fullPage: true });
    await page.getByRole('button', { name: t('firstrun.start'), exact: true }).click();

    await sendAndAwaitIn(page, look, 'Real question about apples');
    await expect(sidebar(page, look)).toContainText('apples');
    expect(await page.title()).toBe(t('app.title'));
    await expect(meter(page, look)).not.toContainText(t('balance.demo'));

    // The demo: a badge on the meter and in the window's title, and a list of its own.
    await useDemo(page, look, true);
    await expect(meter(page, look)).toContainText(t('balance.demo'));
    await expect(page).toHaveTitle(t('app.titleDemo'));
    await expect(sidebar(page, look)).not.toContainText('apples');
    await sendAndAwaitIn(page, look, 'Demo question about pears');
    await expect(sidebar(page, look)).toContainText('pears');
    await page.locator('.balance').screenshot({ path: `${SHOTS}/meter-${look.language}.png` });

    // Leaving the demo: the real list alone, without the badge.
    await useDemo(page, look, false);
    await expect(page).toHaveTitle(t('app.title'));
    await expect(meter(page, look)).not.toContainText(t('balance.demo'));
    await expect(sidebar(page, look)).toContainText('apples');
    await expect(sidebar(page, look)).not.toContainText('pears');

    // Entering it again brings its conversation back.
    await useDemo(page, look, true);
    await expect(sidebar(page, look)).toContainText('pears');
    await expect(sidebar(page, look)).not.toContainText('apples');
  });
}
