// The first screen: the page shows the app, rendered at build time, before its scripts have run;
// its Message box takes typing at once, and the app takes over what was typed.
import type { Page } from '@playwright/test';
import { appRunning, expect, startChatting, test, userMessages } from './fixtures';

/** Holds the app's entry script back until the returned function is called. */
async function holdTheAppsScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('before the app has run, the window shows it with a Message box that takes typing; the app keeps the text and the caret', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  const release = await holdTheAppsScript(page);
  // Not waiting for the load event: the held script holds it back.
  await page.reload({ waitUntil: 'commit' });

  const firstScreen = page.locator('[data-first-screen]');
  const earlyBox = firstScreen.getByRole('textbox', { name: 'Message', exact: true });
  await expect(earlyBox).toBeEditable();
  await expect(firstScreen.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(firstScreen.getByRole('button', { name: 'New chat', exact: true })).toBeVisible();
  // Nothing but the box takes input yet: a click on a tab would do nothing, so it cannot land.
  const inert = await firstScreen.evaluate((screen) =>
    ['nav', '.sidebar', '.chat-header', '.composer-bar', 'textarea'].map(
      (selector) => screen.querySelector(selector)?.closest('[inert]') !== null,
    ),
  );
  expect(inert).toEqual([true, true, true, true, false]);

  await earlyBox.click();
  await page.keyboard.type('world');
  await page.keyboard.press('Home');
  // Typed before the app ran: the first screen is still the one shown.
  await expect(firstScreen).toHaveCount(1);
  release();

  await appRunning(page);
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(box).toHaveValue('world');
  await expect(box).toBeFocused();
  // The caret is where it was: at the start.
  await page.keyboard.type('hello ');
  await expect(box).toHaveValue('hello world');
  await page.keyboard.press('Enter');
  await expect(userMessages(page).last()).toContainText('hello world');
});
