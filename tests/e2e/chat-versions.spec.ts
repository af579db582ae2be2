// A conversation keeps its history: versions of answers and edits, delete with undo, continue a cut answer, long messages folded.
import type { Page } from '@playwright/test';
import { type Atelier, expect, reloadApp, test, turnRequests } from './fixtures';
import { type Look, LOOKS, openInLook, sendIn } from './looks';

function users(page: Page, look: Look) {
  return page.getByRole('article', { name: look.t('chat.userMessage') });
}

function answers(page: Page, look: Look) {
  return page.getByRole('article', { name: look.t('chat.assistantMessage') });
}

async function turnEnd(page: Page, look: Look) {
  await expect(answers(page, look).last()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: look.t('chat.stop'), exact: true })).toHaveCount(
    0,
    { timeout: 20_000 },
  );
  await expect(page.locator('article[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** The user messages of each turn request the simulator received (its log keeps the body's start). */
async function sentQuestions(atelier: Atelier): Promise<string[][]> {
  const requests = await turnRequests(atelier);
  return requests.map((r) =>
    [...String(r.body).matchAll(/"role":"user","content":("(?:[^"\\]|\\.)*")/g)].map(
      (match) => JSON.parse(match[1]!) as string,
    ),
  );
}

for (const look of LOOKS) {
  test(`regenerate keeps versions, edit forks, the switcher shows a branch and that branch is sent (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // Several turns in each look, on a machine shared with other runs.
    test.slow();
    await openInLook(page, atelier, look, 'chat');
    await sendIn(page, look, 'Tell me about teapots');
    await turnEnd(page, look);
    await answers(page, look)
      .last()
      .getByRole('button', { name: look.t('chat.regenerate') })
      .click();
    await turnEnd(page, look);
    const answer = answers(page, look).last();
    await expect(answer.getByText(look.t('chat.versionOf', { index: 2, count: 2 }))).toBeVisible();
    const next = answer.getByRole('button', { name: look.t('chat.nextVersion') });
    await expect(next).toBeDisabled();
    await answer.getByRole('button', { name: look.t('chat.previousVersion') }).click();
    await expect(answer.getByText(look.t('chat.versionOf', { index: 1, count: 2 }))).toBeVisible();
    await expect(
      answer.getByRole('button', { name: look.t('chat.previousVersion') }),
    ).toBeDisabled();

    // Edit forks at the question: the old question and its answers stay as version 1.
    const question = users(page, look).first();
    await question.getByRole('button', { name: look.t('chat.edit') }).click();
    await page
      .getByRole('textbox', { name: look.t('chat.editLabel') })
      .fill('Tell me about kettles');
    await page.getByRole('button', { name: look.t('chat.saveAndSend') }).click();
    await turnEnd(page, look);
    await expect(users(page, look)).toHaveCount(1);
    await expect(users(page, look).first()).toContainText('Tell me about kettles');
    await expect(
      users(page, look)
        .first()
        .getByText(look.t('chat.versionOf', { index: 2, count: 2 })),
    ).toBeVisible();
    await expect(answers(page, look).last()).toContainText('Tell me about kettles');
    // The new answer has no versions of its own.
    await expect(
      answers(page, look)
        .last()
        .getByRole('group', { name: look.t('chat.versions') }),
    ).toHaveCount(0);

    // Back to the first question: its answers come back with it, version 1 of 2 still chosen.
    await users(page, look)
      .first()
      .getByRole('button', { name: look.t('chat.previousVersion') })
      .click();
    await expect(users(page, look).first()).toContainText('Tell me about teapots');
    await expect(
      answers(page, look)
        .last()
        .getByText(look.t('chat.versionOf', { index: 1, count: 2 })),
    ).toBeVisible();

    // The branch on screen is the one sent, and it survives a reload.
    await sendIn(page, look, 'And their lids?');
    await turnEnd(page, look);
    const sent = await sentQuestions(atelier);
    expect(sent.at(-1)).toEqual(['Tell me about teapots', 'And their lids?']);
    await reloadApp(page);
    await page
      .getByRole('link', { name: /^Tell me about/ })
      .first()
      .click();
    await expect(users(page, look)).toHaveCount(2);
    await expect(users(page, look).first()).toContainText('Tell me about teapots');
  });

  test(`a message is deleted and Undo puts it back where it was (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // Several turns in each look, on a machine shared with other runs.
    test.slow();
    await openInLook(page, atelier, look, 'chat');
    await sendIn(page, look, 'First question');
    await turnEnd(page, look);
    await sendIn(page, look, 'Second question');
    await turnEnd(page, look);
    await expect(answers(page, look)).toHaveCount(2);
    await answers(page, look)
      .first()
      .getByRole('button', { name: look.t('chat.deleteMessage') })
      .click();
    await expect(answers(page, look)).toHaveCount(1);
    const notice = page.getByRole('status').filter({ hasText: look.t('chat.messageDeleted') });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: look.t('chat.undo') }).click();
    await expect(notice).toHaveCount(0);
    await expect(answers(page, look)).toHaveCount(2);
    await expect(answers(page, look).first()).toContainText('First question');
    await expect(users(page, look).nth(1)).toContainText('Second question');

    // A place with versions loses only the shown version, and says so.
    await answers(page, look)
      .last()
      .getByRole('button', { name: look.t('chat.regenerate') })
      .click();
    await turnEnd(page, look);
    const last = answers(page, look).last();
    await last.getByRole('button', { name: look.t('chat.deleteVersion') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: look.t('chat.versionDeleted') }),
    ).toBeVisible();
    await expect(answers(page, look)).toHaveCount(2);
    await expect(
      answers(page, look)
        .last()
        .getByRole('group', { name: look.t('chat.versions') }),
    ).toHaveCount(0);
    // Saved in core: a reload shows the same path.
    await reloadApp(page);
    await page.getByRole('link', { name: /^First question/ }).click();
    await expect(answers(page, look)).toHaveCount(2);
  });

  test(`deleting a question offers its answer too, Undo puts both back, and the answer is no longer sent (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // Several turns in each look, on a machine shared with other runs.
    test.slow();
    await openInLook(page, atelier, look, 'chat');
    await sendIn(page, look, 'First question');
    await turnEnd(page, look);
    await sendIn(page, look, 'Second question');
    await turnEnd(page, look);
    const ask = page.getByRole('alertdialog', { name: look.t('chat.deleteQuestionLabel') });
    const deleteFirst = () =>
      users(page, look)
        .first()
        .getByRole('button', { name: look.t('chat.deleteMessage') })
        .click();

    // "The question and its answer" is the default: Enter takes it.
    await deleteFirst();
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(look.t('chat.deleteQuestionAsk'));
    await expect(
      ask.getByRole('button', { name: look.t('chat.deleteQuestionAndAnswer') }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(users(page, look)).toHaveCount(1);
    await expect(answers(page, look)).toHaveCount(1);
    await expect(answers(page, look).first()).not.toContainText('First question');
    const notice = page.getByRole('status').filter({ hasText: look.t('chat.turnDeleted') });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: look.t('chat.undo') }).click();
    await expect(users(page, look)).toHaveCount(2);
    await expect(answers(page, look)).toHaveCount(2);
    await expect(answers(page, look).first()).toContainText('First question');

    // "Only the question" leaves the answer.
    await deleteFirst();
    await ask.getByRole('button', { name: look.t('chat.deleteOnlyQuestion') }).click();
    await expect(users(page, look)).toHaveCount(1);
    await expect(answers(page, look)).toHaveCount(2);
    await page
      .getByRole('status')
      .filter({ hasText: look.t('chat.messageDeleted') })
      .getByRole('button', { name: look.t('chat.undo') })
      .click();
    await expect(users(page, look)).toHaveCount(2);

    // Both gone, the next turn carries neither.
    await deleteFirst();
    await ask.getByRole('button', { name: look.t('chat.deleteQuestionAndAnswer') }).click();
    await expect(users(page, look)).toHaveCount(1);
    await sendIn(page, look, 'Third question');
    await turnEnd(page, look);
    const turn = (await turnRequests(atelier)).at(-1)!;
    expect(String(turn.body)).toContain('Third question');
    expect(String(turn.body)).not.toContain('First question');
  });

  test(`Continue finishes a cut answer in place, and a very long message folds (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // Several turns in each look, on a machine shared with other runs.
    test.slow();
    await openInLook(page, atelier, look, 'chat');
    await sendIn(page, look, 'Write at length [[cut]]');
    await turnEnd(page, look);
    const answer = answers(page, look).last();
    await expect(answer.getByRole('alert')).toBeVisible();
    // The cut answer keeps what arrived (the simulator's answer begins by naming itself).
    await expect(answer).toContainText('Here is the simulated answer');
    await answer.getByRole('button', { name: look.t('chat.continue') }).click();
    await turnEnd(page, look);
    await expect(answers(page, look)).toHaveCount(1);
    await expect(answer.getByRole('alert')).toHaveCount(0);
    await expect(answer).toContainText('Continue your previous answer');
    await expect(answer.getByRole('button', { name: look.t('chat.continue') })).toHaveCount(0);
    const sent = await sentQuestions(atelier);
    expect(sent).toHaveLength(2);
    expect(sent[1]![0]).toBe('Write at length [[cut]]');
    expect(sent[1]![1]).toMatch(/^Continue your previous answer/);

    // Sixty lines: folded to forty with "Show all", and back with "Show less".
    const lines = Array.from({ length: 60 }, (_, i) => `Line number ${i + 1}`).join('\n');
    await sendIn(page, look, lines);
    await turnEnd(page, look);
    const long = users(page, look).last();
    await expect(long).toContainText('Line number 40');
    await expect(long).not.toContainText('Line number 41');
    await long.getByRole('button', { name: look.t('chat.showAll') }).click();
    await expect(long).toContainText('Line number 60');
    await long.getByRole('button', { name: look.t('chat.showLess') }).click();
    await expect(long).not.toContainText('Line number 60');
  });
}
