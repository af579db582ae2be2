// Search: every word in any order with accents folded and the matched words highlighted, a hit
// opening at its message far up a long conversation, a long one opened from the list holding all
// its messages; semantic search: the cost estimate first,
// background embedding once turned on, hits by meaning labelled after word hits.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  expect,
  gotoApp,
  section,
  sendMessage,
  simRequests,
  startChatting,
  test,
  waitForTurnEnd,
} from './fixtures';
import { LOOKS, openInLook, openSettings, sendIn, turnEndIn } from './looks';

/** A conversation file put in the data folder, as the app writes it (read at the next start). */
async function seedConversation(
  dataDir: string,
  id: string,
  title: string,
  texts: readonly string[],
): Promise<void> {
  const at = '2030-01-01T00:00:00.000Z';
  const conversation = {
    version: 1,
    id,
    title,
    titleEdited: true,
    pinned: false,
    createdAt: at,
    updatedAt: at,
    model: 'openai/gpt-4o-mini',
    messageCount: texts.length,
    systemPrompt: '',
    temperature: null,
    maxTokens: null,
    contextStart: 0,
    messages: texts.map((content, i) => ({
      id: `${id}-m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content,
      createdAt: at,
      status: 'done',
    })),
  };
  await writeFile(join(dataDir, 'conversations', `${id}.json`), JSON.stringify(conversation));
}

/** The message a search is after: the 21st of 500, with markup that must stay text. */
const FAR_UP = 20;
const HOSTILE =
  'Directions: <img src=x onerror="window.__injected=1"> take the Zebra crossing near the café, then <b>left</b>.';

for (const look of LOOKS) {
  test(`finds every word in any order, accents aside, highlights them as text, and opens at the message (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // 500 messages to seed, read and lay out: more time than a plain test on a loaded machine.
    test.slow();
    await openInLook(page, atelier, look);
    const texts = Array.from({ length: 500 }, (_, i) =>
      i === FAR_UP ? HOSTILE : `Filler message ${i} about ordinary things, line after line.`,
    );
    await seedConversation(atelier.dataDir, 'travel', 'Travel notes', texts);
    await seedConversation(atelier.dataDir, 'recipes', 'Рецепты', [
      'Ёлочка и пирог с яблоками',
      'Отличный выбор.',
    ]);
    await gotoApp(page, await atelier.restartHost());
    await section(page, look.t('nav.chat')).click();

    const sidebar = page.getByRole('complementary', { name: look.t('chat.conversations') });
    const search = sidebar.getByRole('searchbox', { name: look.t('chat.searchLabel') });
    const hits = sidebar.getByRole('link');
    // Out of order, without the accent, the last word still being typed.
    await search.fill('CAFE zebra cross');
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).toContainText('Travel notes');
    await expect(hits.first().locator('mark')).toHaveText(['Zebra', 'crossing', 'café']);
    // The message's markup is shown as its text, never made into elements.
    await expect(hits.first()).toContainText('<b>left</b>');
    await expect(sidebar.locator('img, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBe(
      undefined,
    );
    // A word that is nowhere: nothing, though the others match.
    await search.fill('zebra giraffe');
    await expect(sidebar.getByText(look.t('chat.noResults'))).toBeVisible();
    // Russian, ё written as е.
    await search.fill('пирог елочка');
    await expect(hits).toHaveCount(1);
    await expect(hits.first().locator('mark')).toHaveText(['Ёлочка', 'пирог']);

    await search.fill('café zebra');
    await expect(hits).toHaveCount(1);
    // The Russian hit stays until the new answer comes: wait for this one.
    await expect(hits.first()).toContainText('Travel notes');
    await hits.first().click();
    const found = page.locator('[aria-current="true"]').getByRole('article');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('Zebra crossing');
    await expect(found).toBeInViewport();
    // The list opened far from its end: the last message is not on screen.
    await expect(page.getByText('Filler message 499 about')).not.toBeInViewport();
  });
}

for (const look of LOOKS) {
  test(`finds words in an attached text file and in another version of a message, and says where (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // Two turns and two searches on a machine shared with other runs.
    test.slow();
    await openInLook(page, atelier, look, 'chat');
    await page.getByLabel(look.t('attach.files')).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Shopping list: pangolin food and tea.\n'),
    });
    await sendIn(page, look, 'Tell me about walruses');
    await turnEndIn(page, look);

    const sidebar = page.getByRole('complementary', { name: look.t('chat.conversations') });
    const search = sidebar.getByRole('searchbox', { name: look.t('chat.searchLabel') });
    const hits = sidebar.getByRole('link');
    await search.fill('pangolin');
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).toContainText(look.t('chat.foundInFile', { name: 'notes.txt' }));
    await expect(hits.first().locator('mark')).toHaveText(['pangolin']);
    await search.fill('');

    const question = page.getByRole('article', { name: look.t('chat.userMessage') });
    await question.getByRole('button', { name: look.t('chat.edit') }).click();
    await question
      .getByRole('textbox', { name: look.t('chat.editLabel') })
      .fill('Tell me about otters');
    await page.getByRole('button', { name: look.t('chat.saveAndSend') }).click();
    await turnEndIn(page, look);
    await search.fill('walruses');
    await expect(hits.filter({ hasText: look.t('chat.foundInVersion') }).first()).toBeVisible();
    await expect(
      hits
        .filter({ hasText: look.t('chat.foundInVersion') })
        .first()
        .locator('mark'),
    ).toHaveText(['walruses']);
    await search.fill('otters');
    await expect(hits.first()).not.toContainText(look.t('chat.foundInVersion'));
  });
}

test('a long conversation clicked in the list opens at its end, and holds all its messages', async ({
  page,
  atelier,
}) => {
  // 300 messages to seed, read and lay out.
  test.slow();
  await startChatting(page, atelier);
  const texts = Array.from({ length: 300 }, (_, i) => `Numbered message ${i} of the long one.`);
  await seedConversation(atelier.dataDir, 'long', 'Long talk', texts);
  await gotoApp(page, await atelier.restartHost());
  await page.getByRole('link', { name: 'Long talk', exact: true }).click();
  const list = page.getByRole('log', { name: 'Messages' });
  // Its end shows first (core sends the last messages before the whole conversation).
  await expect(list.getByText('Numbered message 299 of')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Long talk' })).toBeVisible();
  // The whole one took its place: the very first message is there to scroll to.
  // Home, again if rows measured on the way moved the list (as a person presses it again).
  await list.focus();
  await expect(async () => {
    await page.keyboard.press('Home');
    await expect(list.getByText('Numbered message 0 of')).toBeInViewport({ timeout: 1000 });
  }).toPass();
  await expect(list.getByText('Numbered message 299 of')).not.toBeInViewport();
});

test('after turning it on with the estimate shown, search finds messages by meaning', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'The quick brown fox jumps over the lazy dog');
  await waitForTurnEnd(page);
  await page.getByRole('button', { name: 'New chat', exact: true }).click();
  await sendMessage(page, 'Recipes for tomato soup');
  await waitForTurnEnd(page);

  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('sleepy fox');
  await expect(page.getByText('Nothing found.')).toBeVisible();

  await openSettings(page, LOOKS[0]!, 'data');
  const card = page.getByRole('region', { name: 'Semantic search' });
  await expect(card).toContainText('Off. Search finds words only.');
  await card.getByRole('button', { name: 'Estimate the cost' }).click();
  await expect(card).toContainText(
    /To embed (1 passage|([2-9]|[1-9]\d+) passages) \(.*\), about [\d,]+ tokens: about [\d.]+ credits\. One request per passage: about \d+ sec at the account’s current request rate/,
  );
  expect(await simRequests(atelier, '/embeddings')).toHaveLength(0);
  await card.getByRole('button', { name: 'Turn on semantic search' }).click();
  await expect(card).toContainText(
    /On: (1 passage|([2-9]|[1-9]\d+) passages) embedded, 0 waiting\./,
    {
      timeout: 20_000,
    },
  );
  const embedded = await simRequests(atelier, '/embeddings');
  expect(String(embedded[0]?.body)).toContain('"model":"emb-openai/text-embedding-3-small"');

  await section(page, 'Chat').click();
  await search.fill('');
  // Passages hold the question with its answer, so the query says a little more than two words;
  // one of them ("foxes") is not in the text, so only the meaning can find it.
  await search.fill('the lazy dog jumps over the quick brown foxes');
  const hits = page.getByRole('complementary', { name: 'Conversations' }).getByRole('link');
  await expect(hits.first()).toContainText('by meaning');
  await expect(hits.first()).toContainText('The quick brown fox');
  await expect(hits.filter({ hasText: 'Recipes for tomato soup' })).toHaveCount(0);

  // Words first: a query that matches literally is listed before the meaning hits.
  await search.fill('brown fox');
  await expect(hits.first()).not.toContainText('by meaning');
  await expect(hits.first()).toContainText('brown fox');
});
