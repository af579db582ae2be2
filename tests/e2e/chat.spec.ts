// Chatting as a person does: streaming markdown, Stop, Regenerate and Edit & resend (kept as versions), reload and search.
import type { Locator, Page } from '@playwright/test';
import {
  assistantMessages,
  expect,
  expectModel,
  reloadApp,
  sendMessage,
  startChatting,
  test,
  turnRequests,
  userMessages,
  waitForTurnEnd,
} from './fixtures';

test('an answer streams in and is shown as markdown', async ({ page, atelier }) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'Please explain streams [[long:300]]');
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page).first()).toContainText('Please explain streams');
  await waitForTurnEnd(page);
  const answer = assistantMessages(page).last();
  // The simulated answer has paragraphs, a list and a code block: rendered, not shown as raw markdown.
  await expect(answer.getByRole('list').first()).toBeVisible();
  await expect(answer.locator('pre code').first()).toBeVisible();
  await expect(answer).not.toContainText('```');
  // The new chat takes its title from the first message, in its header as in the list.
  await expect(
    page.getByRole('heading', { name: 'Please explain streams [[long:300]]' }),
  ).toBeVisible();
});

/**
 * Asks for a long block and waits until, still growing, it shows more than two `part`s inside
 * `pieces` (its start frozen into pieces parsed once).
 */
async function growingInPieces(page: Page, question: string, pieces: Locator, part: string) {
  await sendMessage(page, question);
  await expect.poll(() => pieces.locator(part).count(), { timeout: 30_000 }).toBeGreaterThan(2);
}

/**
 * The answer once finished, as the person watched it: still shown in full (an answer watched as
 * it arrived does not fold when it ends; it offers "Show less") and in the pieces it grew in, not
 * parsed again.
 */
async function finishedAsShown(page: Page): Promise<Locator> {
  await waitForTurnEnd(page);
  const answer = assistantMessages(page).last();
  await expect(answer.getByRole('button', { name: 'Show less' })).toBeVisible();
  await expect(answer.locator('.tail-pieces')).toHaveCount(1);
  return answer;
}

/** The answer after a reload, opened from disk and shown whole: parsed whole, no pieces. */
async function reopenedWhole(page: Page, title: RegExp): Promise<Locator> {
  await reloadApp(page);
  await page.getByRole('link', { name: title }).click();
  const answer = assistantMessages(page).last();
  await expect(answer.locator('.markdown > *').first()).toBeVisible();
  const showAll = answer.getByRole('button', { name: 'Show all' });
  if ((await showAll.count()) > 0) await showAll.click();
  await expect(answer.getByRole('button', { name: 'Show less' })).toBeVisible();
  await expect(answer.locator('.tail-pieces')).toHaveCount(0);
  return answer;
}

test('a long list streams in pieces that read as one list, stays so when it ends, and opens again as one', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  // While it grows, its start is frozen into lists of their own, each numbered on from the last.
  const growing = page.locator('.streaming-tail .tail-pieces.list');
  await growingInPieces(page, 'List them all [[list:150]]', growing, ':scope > ol');
  // The same pieces, whether the answer is still streaming or has just ended (it keeps them).
  const pieces = assistantMessages(page).last().locator('.tail-pieces.list');
  await expect.poll(() => pieces.locator(':scope > ol > li').count()).toBeGreaterThan(100);
  const seen = await pieces.evaluate((element) => {
    const lists = Array.from(element.querySelectorAll(':scope > ol'));
    const items = lists.flatMap((list) =>
      Array.from(list.querySelectorAll(':scope > li')).map((item, index) => ({
        shown: Number(list.getAttribute('start') ?? '1') + index,
        written: Number(/point (\d+):/.exec(item.textContent ?? '')?.[1]),
        top: item.getBoundingClientRect().top,
        bottom: item.getBoundingClientRect().bottom,
        left: Math.round(item.getBoundingClientRect().left),
      })),
    );
    const gaps = items.slice(1).map((item, i) => Math.round(item.top - items[i]!.bottom));
    return { items, gaps };
  });
  // Every item shows the number it was written with, and the lists stack as evenly as one list's
  // items do (the gap between two pieces is the gap between two items).
  // (The last item may be still arriving, without its number written yet.)
  for (const item of seen.items.slice(0, -1)) expect(item.shown).toBe(item.written);
  expect(new Set(seen.gaps).size).toBe(1);
  // and their items share one left edge, whichever piece counts past 99.
  expect(new Set(seen.items.map((item) => item.left)).size).toBe(1);

  // Finished, it stays as it grew, its last item still in view (the person was following its end).
  let answer = await finishedAsShown(page);
  await expect(answer.locator('.tail-pieces.list > ol').first()).toBeVisible();
  await expect(answer.locator('ol > li')).toHaveCount(150);
  await expect(answer.locator('ol > li').last()).toContainText('point 150:');
  await expect(answer.locator('ol > li').last()).toBeInViewport();

  // Opened again, it is parsed whole: one list of all the items.
  answer = await reopenedWhole(page, /^List them all/);
  await expect(answer.locator('ol')).toHaveCount(1);
  await expect(answer.locator('ol > li')).toHaveCount(150);
  await expect(answer.locator('ol > li').last()).toContainText('point 150:');
  // Its numbers have room: "150. " fits in the list's left padding, where the browser draws it.
  const room = await answer.locator('ol').evaluate((list) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(list.lastElementChild!).font;
    return {
      padding: parseFloat(getComputedStyle(list).paddingLeft),
      number: context.measureText('150. ').width,
    };
  });
  expect(room.padding).toBeGreaterThanOrEqual(room.number);
});

test('a long table streams in pieces that share one table and its columns, and opens again whole', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  const table = page.locator('.streaming-tail .tail-pieces.table table');
  // While it grows, its rows come in pieces (one tbody each), all in the one table.
  await growingInPieces(page, 'Compare them all [[table:120]]', table, ':scope > tbody');
  const seen = await table.evaluate((element) => {
    const rows = Array.from(element.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr'));
    return {
      heads: element.querySelectorAll('thead').length,
      numbers: rows.map((row) => Number(row.querySelector('td')?.textContent)),
      // Where each row's second cell starts: one column, one left edge.
      lefts: new Set(rows.map((row) => Math.round(row.cells[1]!.getBoundingClientRect().left)))
        .size,
    };
  });
  expect(seen.heads).toBe(1);
  expect(seen.numbers).toEqual(seen.numbers.map((_, i) => i + 1));
  expect(seen.lefts).toBe(1);

  let answer = await finishedAsShown(page);
  await expect(answer.locator('table')).toHaveCount(1);
  await expect(answer.locator('table tbody tr')).toHaveCount(120);
  answer = await reopenedWhole(page, /^Compare them all/);
  await expect(answer.locator('table')).toHaveCount(1);
  await expect(answer.locator('table tbody')).toHaveCount(1);
  await expect(answer.locator('table tbody tr')).toHaveCount(120);
});

test('a long answer streams without a warning or error in the console', async ({
  page,
  atelier,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  await startChatting(page, atelier);
  await sendMessage(page, 'A long one please [[long:1500]]');
  await waitForTurnEnd(page);
  await expect(assistantMessages(page).last().locator('pre code').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('Stop keeps the text that already arrived', async ({ page, atelier }) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'Tell me slowly [[slow]] [[long:400]]');
  const answer = assistantMessages(page).last();
  // Enough text to hold a whole line, yet far from the end of a 400-token answer at 200 ms a chunk.
  await expect.poll(async () => (await answer.innerText()).length).toBeGreaterThan(120);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await waitForTurnEnd(page);
  const partial = (await answer.innerText()).trim();
  expect(partial.length).toBeGreaterThan(0);
  await page.waitForTimeout(800);
  expect((await answer.innerText()).trim()).toBe(partial);

  // A line of the answer itself, not the article's labels, to find again after the reload.
  const kept = partial
    .split('\n')
    .find((line) => line.trim().length > 24)
    ?.trim()
    .slice(0, 24);
  expect(kept).toBeTruthy();
  await reloadApp(page);
  await page.getByRole('link', { name: /^Tell me slowly/ }).click();
  await expect(assistantMessages(page).last()).toContainText(kept!);
});

test('Regenerate asks again and shows the new answer, the earlier one kept as a version', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'Name three colours');
  await waitForTurnEnd(page);
  await expect(assistantMessages(page)).toHaveCount(1);
  await assistantMessages(page).last().hover();
  await page.getByRole('button', { name: 'Regenerate' }).last().click();
  await waitForTurnEnd(page);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page).last()).toContainText('Name three colours');
  // The turns only: the background title request may come before or after the second.
  await expect.poll(async () => (await turnRequests(atelier)).length).toBe(2);
  await expect(assistantMessages(page).last().getByText('2 / 2')).toBeVisible();
});

test('Edit & resend forks: the edited question and its answer are shown, the original stays a version', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'What is a teapot?');
  await waitForTurnEnd(page);
  const question = userMessages(page).last();
  await question.hover();
  await question.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edited text' }).fill('What is a kettle?');
  await page.getByRole('button', { name: 'Save & send' }).click();
  await waitForTurnEnd(page);
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page).last()).toContainText('What is a kettle?');
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page).last()).toContainText('What is a kettle?');
  // Gone from the messages on screen (the model-made title may still name it).
  await expect(page.getByRole('article').filter({ hasText: 'What is a teapot?' })).toHaveCount(0);
  // The original question is kept as version 1 of 2 at the same place.
  await expect(userMessages(page).last().getByText('2 / 2')).toBeVisible();
  await userMessages(page).last().getByRole('button', { name: 'Previous version' }).click();
  await expect(userMessages(page).last()).toContainText('What is a teapot?');
  await expect(assistantMessages(page).last()).toContainText('What is a teapot?');
});

test('after a reload the conversation is in the list and found by search', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'Remember the word pomegranate');
  await waitForTurnEnd(page);
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await sendMessage(page, 'Something about rivers');
  await waitForTurnEnd(page);

  await reloadApp(page);
  await expect(page.getByText('Remember the word pomegranate').first()).toBeVisible();
  const search = page
    .getByRole('searchbox', { name: 'Search conversations' })
    .or(page.getByRole('textbox', { name: 'Search conversations' }));
  await search.fill('pomegranate');
  const hit = page.getByText(/pomegranate/).first();
  await expect(hit).toBeVisible();
  await expect(page.getByText('Something about rivers')).toHaveCount(0);
  await hit.click();
  await expect(userMessages(page).first()).toContainText('Remember the word pomegranate');
});

test('a model id typed in the Model picker is used even when the list does not have it', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  const search = page.getByRole('combobox', { name: 'Model', exact: true });
  // gpt-4 is one of the document's short ids: the list has no such entry, the service takes it.
  await search.fill('gpt-4');
  await expect(page.getByText('Enter uses “gpt-4”.')).toBeVisible();
  await search.press('Enter');
  await expectModel(page, 'gpt-4');
  await expect(page.getByText(/Not in the model list/)).toBeVisible();
  await sendMessage(page, 'Hello by a short id');
  await waitForTurnEnd(page);
  await expect(assistantMessages(page).last()).not.toBeEmpty();
  const [request] = (await turnRequests(atelier)).slice(-1);
  expect(String(request?.body)).toContain('"model":"gpt-4"');
});
