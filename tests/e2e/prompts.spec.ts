// Saved prompts (issue 42): "/" in the Message box lists them, the keyboard picks one, its variable is asked for in a small form and the filled text takes the place of the "/query" (nothing is sent); a prompt added in the manager is found the same way.
import type { Page } from '@playwright/test';
import { expect, section, test, turnRequests } from './fixtures';
import { LOOKS, openInLook, openSettings, type Look } from './looks';

/** What each look types and expects of the shipped Translate prompt. */
const TRANSLATE = {
  en: { query: 'tr', name: 'Translate', variable: 'language', value: 'French' },
  ru: { query: 'пер', name: 'Перевести', variable: 'язык', value: 'французский' },
} as const;

function messageBox(page: Page, look: Look) {
  return page.getByRole('textbox', { name: look.t('chat.message'), exact: true });
}

function promptList(page: Page, look: Look) {
  return page.getByRole('listbox', { name: look.t('prompts.menu') });
}

for (const look of LOOKS) {
  test(`"/" lists the saved prompts and fills the chosen one in, by keyboard (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const translate = TRANSLATE[look.language];
    await openInLook(page, atelier, look, 'chat');
    const box = messageBox(page, look);
    await box.click();
    await page.keyboard.type(`Please: /${translate.query}`);
    const list = promptList(page, look);
    const first = list.getByRole('option').first();
    await expect(first).toContainText(translate.name);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);

    // Escape shuts it for this "/"; typed again, it opens again.
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    for (let i = 0; i <= translate.query.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(`/${translate.query}`);
    await expect(list).toBeVisible();

    // Down to "Manage prompts…" at the end and back up, then Enter.
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: look.t('prompts.manage') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    const form = page.getByRole('dialog', {
      name: look.t('prompts.fillTitle', { name: translate.name }),
    });
    await expect(form).toBeVisible();
    const field = form.getByRole('textbox', { name: translate.variable, exact: true });
    await expect(field).toBeFocused();
    await page.keyboard.type(translate.value);
    await page.keyboard.press('Enter');
    await expect(form).toHaveCount(0);

    await expect(box).toBeFocused();
    const value = await box.inputValue();
    expect(value.startsWith('Please: ')).toBe(true);
    expect(value).toContain(translate.value);
    expect(value).not.toContain('{{');
    expect(value).not.toContain(`/${translate.query}`);
    expect(await turnRequests(atelier)).toHaveLength(0);
  });

  test(`a prompt added in the manager is found with "/" (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const name = look.language === 'en' ? 'Haiku' : 'Хокку';
    const query = look.language === 'en' ? 'hai' : 'хок';
    await openInLook(page, atelier, look, 'chat');
    const box = messageBox(page, look);
    await box.click();
    await page.keyboard.type('/');
    const list = promptList(page, look);
    await expect(list.getByRole('option')).toHaveCount(6);
    // Up from the first option wraps to "Manage prompts…".
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');

    const manager = page.getByRole('dialog', { name: look.t('prompts.manager') });
    await expect(manager).toBeVisible();
    await manager.getByRole('button', { name: look.t('prompts.new') }).click();
    await manager.getByRole('textbox', { name: look.t('prompts.name') }).fill(name);
    await manager
      .getByRole('textbox', { name: look.t('prompts.text') })
      .fill('Write a haiku about {{topic}}.');
    await manager.getByRole('button', { name: look.t('common.save') }).click();
    await expect(manager.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await expect(manager.getByRole('button', { name: look.t('prompts.new') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(manager).toHaveCount(0);

    await expect(box).toBeFocused();
    await page.keyboard.type(query);
    await expect(list.getByRole('option').first()).toContainText(name);
    await page.keyboard.press('Tab');
    const form = page.getByRole('dialog', { name: look.t('prompts.fillTitle', { name }) });
    await form.getByRole('textbox', { name: 'topic', exact: true }).fill('green tea');
    await form.getByRole('button', { name: look.t('prompts.insert') }).click();
    await expect(box).toHaveValue('Write a haiku about green tea.');
    expect(await turnRequests(atelier)).toHaveLength(0);
  });

  test(`a "/" no prompt matches is text: Enter sends the message as typed (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    const box = messageBox(page, look);
    await box.click();
    await page.keyboard.type('cd /tmp');
    const list = promptList(page, look);
    await expect(list.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('');
    await expect
      .poll(async () => (await turnRequests(atelier)).length, { timeout: 20_000 })
      .toBe(1);
  });

  test(`a shipped prompt deleted in Settings is no longer offered (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const summarise = look.language === 'en' ? 'Summarise' : 'Кратко изложить';
    await openInLook(page, atelier, look, 'chat');
    await openSettings(page, look, 'chat');
    await page.getByRole('button', { name: look.t('prompts.manage') }).click();
    const manager = page.getByRole('dialog', { name: look.t('prompts.manager') });
    await manager
      .getByRole('group', { name: look.t('prompts.actions', { name: summarise }) })
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await manager
      .getByRole('alertdialog', { name: look.t('common.delete') })
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await expect(manager.getByText(summarise, { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(manager).toHaveCount(0);

    await section(page, look.t('nav.chat')).click();
    await messageBox(page, look).click();
    await page.keyboard.type('/');
    const list = promptList(page, look);
    await expect(list.getByRole('option')).toHaveCount(5);
    await expect(list.getByRole('option', { name: summarise })).toHaveCount(0);
  });
}
