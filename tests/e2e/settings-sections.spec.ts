// Settings in sections: a list on the left, one section shown at a time, reached by click or by
// the arrow keys, Home and End, the current one marked; Automatic1111 and Diagnostics under Advanced.
import type { Page } from '@playwright/test';
import { docShot, expect, section, test } from './fixtures';
import { LOOKS, openInLook, openSettings, type Look } from './looks';

// The Connection section as a new person has it: the standard rate plan (its screenshot is in the docs).
test.use({ atelierOptions: { rate: 'service' } });

function sectionTab(page: Page, look: Look, id: string) {
  return page
    .getByRole('tablist', { name: look.t('settings.sections') })
    .getByRole('tab', { name: look.t(`settings.section.${id}` as 'settings.section.money') });
}

function shownSection(page: Page, look: Look, id: string) {
  return page.getByRole('tabpanel', {
    name: look.t(`settings.section.${id}` as 'settings.section.money'),
  });
}

for (const look of LOOKS) {
  test(`Settings shows one section at a time, by click or by keyboard (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const t = look.t;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInLook(page, atelier, look, 'settings');
    const list = page.getByRole('tablist', { name: t('settings.sections') });
    await expect(list.getByRole('tab')).toHaveText(
      ['connection', 'models', 'money', 'chat', 'tools', 'data', 'appearance', 'advanced'].map(
        (id) => t(`settings.section.${id}` as 'settings.section.money'),
      ),
    );
    // Connection first, marked, with its fields; the other sections' cards are not on the page.
    await expect(sectionTab(page, look, 'connection')).toHaveAttribute('aria-selected', 'true');
    const connection = shownSection(page, look, 'connection');
    await expect(connection.getByRole('textbox', { name: t('settings.baseUrl') })).toHaveValue(
      atelier.simBaseUrl,
    );
    await expect(page.getByRole('heading', { name: t('prices.basis.title') })).toHaveCount(0);
    await docShot(page, `settings-sections-${look.theme}`);

    // The keyboard: one Tab stop for the list, arrows move and show, Home and End go to the ends.
    await sectionTab(page, look, 'connection').focus();
    await page.keyboard.press('ArrowDown');
    await expect(sectionTab(page, look, 'models')).toBeFocused();
    await expect(sectionTab(page, look, 'models')).toHaveAttribute('aria-selected', 'true');
    await expect(sectionTab(page, look, 'connection')).toHaveAttribute('aria-selected', 'false');
    await expect(shownSection(page, look, 'models')).toContainText(t('settings.defaultModel'));
    await page.keyboard.press('End');
    await expect(sectionTab(page, look, 'advanced')).toBeFocused();
    const advanced = shownSection(page, look, 'advanced');
    await expect(
      advanced.getByRole('heading', { name: t('images.sdSettings.title') }),
    ).toBeVisible();
    await expect(advanced.getByRole('heading', { name: t('diagnostics.title') })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(sectionTab(page, look, 'connection')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(sectionTab(page, look, 'advanced')).toHaveAttribute('aria-selected', 'true');

    // By click: Money holds the prices and the limits.
    await openSettings(page, look, 'money');
    const money = shownSection(page, look, 'money');
    await expect(money.getByRole('heading', { name: t('prices.basis.title') })).toBeVisible();
    await expect(money.getByRole('region', { name: t('spending.settings.title') })).toBeVisible();
    // The list stays put while a long section scrolls.
    await openSettings(page, look, 'tools');
    await expect(
      shownSection(page, look, 'tools').getByRole('region', { name: t('mcp.title') }),
    ).toBeVisible();
    await shownSection(page, look, 'tools').evaluate((panel) => panel.scrollTo(0, 10_000));
    await expect(sectionTab(page, look, 'connection')).toBeInViewport();

    await openSettings(page, look, 'appearance');
    await expect(page.getByRole('combobox', { name: t('settings.theme') })).toHaveValue(look.theme);
    await section(page, t('nav.chat')).click();
  });
}
