// Keyboard and words (issue 40): ? and F1 list the shortcuts, Home and End in the sections, one Tab stop per conversation row, message buttons named with their message, plurals in the language, temperature's range in words.
import type { Page } from '@playwright/test';
import { expect, reloadApp, section, test } from './fixtures';
import { type Look, LOOKS, openInLook, sendIn, turnEndIn } from './looks';

function sidebar(page: Page, look: Look) {
  return page.getByRole('complementary', { name: look.t('chat.conversations') });
}

/** Conversations made through core (the setup, not the subject). */
async function makeConversations(page: Page, titles: string[]) {
  await page.evaluate(async (names) => {
    const api = (
      window as unknown as {
        atelier: { invoke(c: string, i: unknown): Promise<{ ok: boolean; data: { id: string } }> };
      }
    ).atelier;
    for (const title of names) {
      const created = await api.invoke('conversations.create', {});
      await api.invoke('conversations.update', { id: created.data.id, title });
    }
  }, titles);
}

/** Whether the focused element is inside a conversation row of the sidebar (its link or buttons). */
function focusInRow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('li.conversation') != null);
}

/** The token noun a person expects after `count` in this language (Russian: 1 токен, 2 токена, 5 токенов). */
function tokenNoun(look: Look, count: number): string {
  const category = new Intl.PluralRules(look.language === 'ru' ? 'ru-RU' : 'en-US').select(count);
  if (look.language === 'en') return count === 1 ? 'token' : 'tokens';
  return category === 'one' ? 'токен' : category === 'few' ? 'токена' : 'токенов';
}

for (const look of LOOKS) {
  test(`? and F1 show the shortcuts, Home and End move in the sections, a conversation is one Tab stop (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const t = look.t;
    await openInLook(page, atelier, look, 'chat');
    await makeConversations(page, ['Alpha notes', 'Beta notes', 'Gamma notes']);
    await reloadApp(page);
    await section(page, t('nav.chat')).click();

    // ? typed in the Message box is a character, not a shortcut.
    const messageBox = page.getByRole('textbox', { name: t('chat.message'), exact: true });
    await messageBox.fill('');
    await messageBox.press('?');
    await expect(messageBox).toHaveValue('?');
    const shortcuts = page.getByRole('dialog', { name: t('shortcuts.title') });
    await expect(shortcuts).toHaveCount(0);
    await messageBox.fill('');

    // Elsewhere ? lists every shortcut, in the look's words; Esc closes it and focus comes back.
    const chatTab = section(page, t('nav.chat'));
    await chatTab.focus();
    await page.keyboard.press('?');
    await expect(shortcuts).toBeVisible();
    await expect(shortcuts).toContainText(t('shortcuts.newChat'));
    await expect(shortcuts).toContainText('Ctrl+N');
    await expect(shortcuts).toContainText(t('shortcuts.rowActions'));
    await expect(shortcuts.getByRole('button', { name: t('shortcuts.close') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shortcuts).toHaveCount(0);
    await expect(chatTab).toBeFocused();
    // F1 too, even from the Message box; Close closes it.
    await messageBox.focus();
    await page.keyboard.press('F1');
    await expect(shortcuts).toBeVisible();
    await shortcuts.getByRole('button', { name: t('shortcuts.close') }).click();
    await expect(shortcuts).toHaveCount(0);

    // Home and End in the sections: the last (Settings) and back to the first (Chat).
    await chatTab.focus();
    await page.keyboard.press('End');
    const settingsTab = section(page, t('nav.settings'));
    await expect(settingsTab).toBeFocused();
    await expect(settingsTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(chatTab).toBeFocused();
    await expect(chatTab).toHaveAttribute('aria-selected', 'true');

    // The conversation list is one Tab stop: Tab from a row leaves the rows, Shift+Tab comes back.
    const rows = sidebar(page, look).getByRole('link');
    await expect(rows).toHaveCount(3);
    await rows.first().focus();
    await page.keyboard.press('Tab');
    expect(await focusInRow(page)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(rows.first()).toBeFocused();
    // Arrow keys move between rows, End and Home to the ends; → reaches the row's buttons.
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    const second = (await rows.nth(1).textContent())!.trim();
    await page.keyboard.press('ArrowRight');
    const actions = sidebar(page, look).getByRole('group', {
      name: t('chat.conversationActions', { title: second }),
    });
    await expect(actions.getByRole('button', { name: t('chat.pin'), exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(actions.getByRole('button', { name: t('chat.rename') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(rows.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(rows.first()).toBeFocused();
    // The row focused last is the list's Tab stop: leaving and coming back lands on it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await focusInRow(page)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(rows.nth(2)).toBeFocused();
  });

  test(`message buttons say which message, the token count's noun follows the language, temperature says its range (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.slow();
    const t = look.t;
    await openInLook(page, atelier, look, 'chat');

    // The words beside Send: the token count with its noun in the language's plural. In Russian
    // the draft grows until its count is not one that takes "токенов" (21 токен, 22 токена).
    const messageBox = page.getByRole('textbox', { name: t('chat.message'), exact: true });
    const estimate = page.getByRole('status', { name: t('prices.estimate') });
    const ruPlural = new Intl.PluralRules('ru-RU');
    let draft = 'Which lighthouse in Europe is the tallest, and when was it built?';
    for (let attempt = 0; ; attempt++) {
      await messageBox.fill(draft);
      await expect(estimate).toBeVisible();
      const shown = (await estimate.textContent()) ?? '';
      const [, figure, noun] = /(\d[\d\s\u00a0\u202f]*) (\S+?)[:.]/.exec(shown)!;
      const count = Number(figure!.replace(/\D/g, ''));
      if (look.language === 'ru' && ruPlural.select(count) === 'many' && attempt < 20) {
        draft += ' Thanks!';
        continue;
      }
      expect(noun).toBe(tokenNoun(look, count));
      break;
    }

    await sendIn(page, look, 'Which lighthouse in Europe is the tallest?');
    await turnEndIn(page, look);
    await sendIn(page, look, 'And the oldest?');
    await turnEndIn(page, look);

    // Each button's name says its message; the visible word is unchanged.
    const copySecondAnswer = page.getByRole('button', {
      name: t('chat.copyMessage', { message: t('chat.answerN', { n: 2 }) }),
      exact: true,
    });
    await expect(copySecondAnswer).toBeVisible();
    await expect(copySecondAnswer).toHaveText(t('common.copy'));
    await expect(
      page.getByRole('button', {
        name: t('chat.editMessage', { message: t('chat.questionN', { n: 2 }) }),
        exact: true,
      }),
    ).toHaveText(t('chat.edit'));
    await expect(
      page.getByRole('button', {
        name: t('chat.regenerateMessage', { message: t('chat.answerN', { n: 1 }) }),
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', {
        name: t('chat.deleteMessageOf', { message: t('chat.questionN', { n: 1 }) }),
        exact: true,
      }),
    ).toBeVisible();

    // Temperature 3 is refused with the range in words; 1.5 is taken.
    await page.getByRole('button', { name: t('chat.settings'), exact: true }).click();
    const temperature = page.getByRole('spinbutton', { name: t('chat.temperature') });
    await temperature.fill('3');
    await temperature.press('Tab');
    const range = page.getByText(t('chat.temperatureRange', { min: 0, max: 2 }));
    await expect(range).toBeVisible();
    await expect(page.getByText(t('organise.invalidNumber'))).toHaveCount(0);
    await temperature.fill('1.5');
    await temperature.press('Tab');
    await expect(range).toHaveCount(0);
  });
}
