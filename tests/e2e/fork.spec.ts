// "New chat from here" (issue 42): a branch of a three-turn chat with a picture holds the path up to the chosen answer and the picture, goes on by itself, and keeps the picture once the original is deleted.
import type { Page } from '@playwright/test';
import { expect, pickModel, reloadApp, section, test } from './fixtures';
import { LOOKS, openInLook, sendAndAwaitIn, type Look } from './looks';
import { makePng } from './files';

/** The words core adds to a branch's title, in the look's language. */
const BRANCH_MARK = { en: '(branch)', ru: '(ветка)' } as const;

const userMessages = (page: Page, look: Look) =>
  page.getByRole('article', { name: look.t('chat.userMessage') });
const assistantMessages = (page: Page, look: Look) =>
  page.getByRole('article', { name: look.t('chat.assistantMessage') });

function sidebar(page: Page, look: Look) {
  return page.getByRole('complementary', { name: look.t('chat.conversations') });
}

/** The picture in the first question has loaded from the library (not the "deleted" placeholder). */
async function pictureShows(page: Page, look: Look): Promise<void> {
  const picture = userMessages(page, look).first().getByRole('img', { name: 'teapot.png' });
  // The list draws only the rows in view, and a conversation opens at its end (then its whole
  // list takes the place of that end): scrolled to the top until the first question is drawn.
  await expect
    .poll(async () => {
      await page.locator('.message-scroller').evaluate((list) => list.scrollTo(0, 0));
      return picture.count();
    })
    .toBe(1);
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

for (const look of LOOKS) {
  test(`a new chat from the middle answer keeps the path and its picture, even once the original is deleted (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await pickModel(page, 'vis-openai/gpt-4o-mini', look.t('models.label'));
    await page.getByLabel(look.t('attach.files')).setInputFiles({
      name: 'teapot.png',
      mimeType: 'image/png',
      buffer: makePng(24, 16),
    });
    await expect(page.locator('.attachment-chip')).toHaveCount(1);
    await expect(page.getByText(look.t('attach.waitUploads'))).toHaveCount(0, { timeout: 15_000 });
    await sendAndAwaitIn(page, look, 'What is on this picture?');
    await sendAndAwaitIn(page, look, 'What colour is it?');
    await sendAndAwaitIn(page, look, 'And how old?');
    await expect(userMessages(page, look)).toHaveCount(3);
    const heading = page.getByRole('heading', { level: 1 });
    const originalTitle = (await heading.textContent())!.trim();
    const middleAnswer = (await assistantMessages(page, look)
      .nth(1)
      .locator('.markdown, .plain-text')
      .first()
      .textContent())!;

    const answer2 = look.t('chat.answerN', { n: 2 });
    await page
      .getByRole('button', {
        name: look.t('fork.newChatHereOf', { message: answer2 }),
        exact: true,
      })
      .click();
    const branchTitle = `${originalTitle} ${BRANCH_MARK[look.language]}`;
    await expect(heading).toHaveText(branchTitle);
    await expect(userMessages(page, look).last()).toContainText('What colour is it?');
    await expect(page.getByText('And how old?')).toHaveCount(0);
    await expect(assistantMessages(page, look).last()).toContainText(
      middleAnswer.trim().slice(0, 40),
    );
    await pictureShows(page, look);
    const list = sidebar(page, look);
    await expect(list.getByRole('link', { name: branchTitle, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(list.getByRole('link', { name: originalTitle, exact: true })).toBeVisible();

    // The branch goes on by itself; the original keeps its three turns.
    await sendAndAwaitIn(page, look, 'Who made it?');
    await expect(userMessages(page, look).last()).toContainText('Who made it?');
    await list.getByRole('link', { name: originalTitle, exact: true }).click();
    await expect(userMessages(page, look).last()).toContainText('And how old?');

    // The original deleted: the branch still shows its picture, after a reload too.
    await list
      .getByRole('group', { name: look.t('chat.conversationActions', { title: originalTitle }) })
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await list
      .getByRole('alertdialog', { name: look.t('common.delete') })
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await expect(list.getByRole('link', { name: originalTitle, exact: true })).toHaveCount(0);
    await list.getByRole('link', { name: branchTitle, exact: true }).click();
    await pictureShows(page, look);
    await reloadApp(page);
    await section(page, look.t('nav.chat')).click();
    await sidebar(page, look).getByRole('link', { name: branchTitle, exact: true }).click();
    await expect(userMessages(page, look).last()).toContainText('Who made it?');
    await pictureShows(page, look);
  });
}
