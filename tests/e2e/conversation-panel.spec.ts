// A conversation's settings open as a panel beside the chat (over it in a narrow window): the chat
// keeps a readable width, the panel scrolls as one, closes with Escape and its ×, stays with its
// conversation unless pinned; a chat started from an assistant shows the assistant in its header,
// its row and the panel.
import type { Page } from '@playwright/test';
import { docShot, expect, test } from './fixtures';
import { LOOKS, openInLook, sendAndAwaitIn, type Look } from './looks';

const TRANSLATOR = { en: 'Translator', ru: 'Переводчик' } as const;

function panel(page: Page, look: Look) {
  return page.getByRole('complementary', { name: look.t('chat.settings') });
}

function toggle(page: Page, look: Look) {
  return page.getByRole('button', { name: look.t('chat.settings'), exact: true });
}

function sidebar(page: Page, look: Look) {
  return page.getByRole('complementary', { name: look.t('chat.conversations') });
}

/** Elements inside `root` that scroll on their own (content taller than their box, overflow on). */
async function innerScrollers(root: ReturnType<typeof panel>): Promise<string[]> {
  return root.evaluate((box) =>
    [...box.querySelectorAll('*')]
      // A one-line field's text box is the browser's own, never a scrollbar.
      .filter((element) => {
        if (element.tagName === 'INPUT') return false;
        const style = getComputedStyle(element);
        return (
          /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1
        );
      })
      .map((element) => `${element.tagName}.${element.className}`),
  );
}

for (const look of LOOKS) {
  test(`conversation settings are a panel beside the chat, closed by Escape (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const t = look.t;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInLook(page, atelier, look, 'chat');
    await sendAndAwaitIn(page, look, 'A first question');

    await toggle(page, look).click();
    await expect(panel(page, look)).toBeVisible();
    await expect(toggle(page, look)).toHaveAttribute('aria-expanded', 'true');
    await expect(
      panel(page, look).getByRole('textbox', { name: t('chat.systemPrompt') }),
    ).toBeVisible();
    // The chat keeps a readable width beside it, and the answer is not squeezed.
    const chatWidth = await page.locator('.chat-main').evaluate((main) => main.clientWidth);
    expect(chatWidth).toBeGreaterThanOrEqual(480);
    const answer = page.getByRole('article', { name: t('chat.assistantMessage') }).last();
    expect((await answer.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(400);
    // The header keeps the title beside the panel.
    const title = page.locator('.chat-title');
    expect((await title.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(120);
    await docShot(page, `conversation-panel-${look.theme}`);
    // One scroll: nothing inside the panel scrolls on its own.
    await panel(page, look)
      .getByRole('textbox', { name: t('chat.systemPrompt') })
      .fill(Array.from({ length: 40 }, (_, i) => `Rule ${i + 1}.`).join('\n'));
    expect(await innerScrollers(panel(page, look))).toEqual([]);

    // Escape closes it and gives the focus back to its button; the × closes it too.
    await page.keyboard.press('Escape');
    await expect(panel(page, look)).toHaveCount(0);
    await expect(toggle(page, look)).toBeFocused();
    await expect(toggle(page, look)).toHaveAttribute('aria-expanded', 'false');
    await toggle(page, look).click();
    await panel(page, look)
      .getByRole('button', { name: t('chat.closeSettings') })
      .click();
    await expect(panel(page, look)).toHaveCount(0);

    // It stays with its conversation: a new chat opens without it…
    await toggle(page, look).click();
    await page.getByRole('button', { name: t('chat.newChat'), exact: true }).click();
    await expect(panel(page, look)).toHaveCount(0);
    // …unless pinned, when it stays open in every chat.
    await toggle(page, look).click();
    await panel(page, look)
      .getByRole('checkbox', { name: t('chat.pinSettings') })
      .check();
    await sidebar(page, look).getByRole('link').filter({ hasText: 'A first question' }).click();
    await expect(panel(page, look)).toBeVisible();
    await panel(page, look)
      .getByRole('checkbox', { name: t('chat.pinSettings') })
      .uncheck();
  });

  test(`in a narrow window the panel lies over the chat instead of squeezing it (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await page.setViewportSize({ width: 1000, height: 700 });
    await openInLook(page, atelier, look, 'chat');
    await sendAndAwaitIn(page, look, 'A first question');
    const main = page.locator('.chat-main');
    const width = await main.evaluate((element) => element.clientWidth);

    await toggle(page, look).click();
    await expect(panel(page, look)).toBeVisible();
    // The chat keeps its whole width; the panel covers its right side, up to the window's edge.
    expect(await main.evaluate((element) => element.clientWidth)).toBe(width);
    const shown = (await panel(page, look).boundingBox())!;
    const chat = (await page.locator('.chat').boundingBox())!;
    expect(Math.round(shown.x + shown.width)).toBe(Math.round(chat.x + chat.width));
    expect(shown.width).toBeLessThan(chat.width / 2);
    await page.keyboard.press('Escape');
    await expect(panel(page, look)).toHaveCount(0);
  });

  test(`a chat started from an assistant shows the assistant (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const t = look.t;
    const name = TRANSLATOR[look.language];
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInLook(page, atelier, look, 'chat');
    await page.getByRole('button', { name: t('organise.fromAssistant') }).click();
    await page
      .getByRole('menu', { name: t('organise.assistants') })
      .getByRole('menuitem', { name, exact: true })
      .click();

    // The header names it and shows its instructions; its row in the list names it too.
    const header = page.locator('.chat-header');
    await expect(header.getByText(t('chat.fromAssistant', { name }))).toBeVisible();
    await expect(header.getByLabel(t('chat.assistantInstructions', { name }))).toContainText(
      look.language === 'ru' ? /переводчик/ : /translator/,
    );
    await expect(sidebar(page, look).getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // After the first answer the row keeps it under its new title.
    await sendAndAwaitIn(page, look, 'Hello world');
    await expect(sidebar(page, look).locator('.conversation.active')).toContainText(name);
    await toggle(page, look).click();
    await expect(panel(page, look)).toContainText(t('chat.fromAssistant', { name }));
  });
}
