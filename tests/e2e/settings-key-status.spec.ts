// The key's status in Settings says one thing: after connecting from the welcome screen and after
// leaving the demo, "No key set." never stands beside the service's verdict on the key.
import type { Page } from '@playwright/test';
import { expect, gotoApp, section, test, type Atelier } from './fixtures';
import { LOOKS, applyLook, openSettings, type Look } from './looks';

async function openFresh(page: Page, atelier: Atelier, look: Look): Promise<void> {
  await gotoApp(page, atelier.url);
  await expect(section(page, 'Settings')).toBeVisible();
  await applyLook(page, look);
}

/** Connects from the welcome screen with `key` and goes on to the app. */
async function connectFromWelcome(page: Page, atelier: Atelier, look: Look, key: string) {
  const t = look.t;
  await page.getByRole('textbox', { name: t('settings.baseUrl') }).fill(atelier.simBaseUrl);
  await page.getByRole('textbox', { name: t('settings.apiKey') }).fill(key);
  await page.getByRole('button', { name: t('firstrun.connect'), exact: true }).click();
  await page.getByRole('button', { name: t('firstrun.start'), exact: true }).click();
}

/** The Connection section says the key is set and accepted, and not that there is none. */
async function expectOneKeyStatus(page: Page, look: Look, set: string) {
  const t = look.t;
  await openSettings(page, look, 'connection');
  const panel = page.getByRole('tabpanel', { name: t('settings.section.connection') });
  await expect(panel.getByText(set, { exact: false })).toBeVisible();
  await expect(panel.getByText(t('firstrun.keyWorking'))).toBeVisible();
  await expect(panel.getByText(t('settings.keyNotSet'))).toHaveCount(0);
}

for (const look of LOOKS) {
  test(`after the welcome screen, Settings says the key is set and accepted (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    // A short key: too short to show its end, but set all the same.
    await connectFromWelcome(page, atelier, look, 'sim-a');
    await expectOneKeyStatus(page, look, look.t('settings.keySetShort'));
  });

  test(`after leaving the demo, Settings says the key is set and accepted (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    const t = look.t;
    await connectFromWelcome(page, atelier, look, 'sim-fast');
    await openSettings(page, look, 'connection');
    await page.getByRole('button', { name: t('settings.demo'), exact: true }).click();
    await expect(page.getByText(t('settings.demoActive')).first()).toBeVisible();
    await page.getByRole('button', { name: t('settings.leaveDemo'), exact: true }).click();
    await expect(page.getByText(t('settings.demoLeft'))).toBeVisible();
    await expectOneKeyStatus(page, look, t('settings.keySet', { last4: 'fast' }));
  });
}
