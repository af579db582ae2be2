// Semantic search: the cost estimate first, background embedding once turned on, hits by meaning labelled after word hits.
import {
  expect,
  section,
  sendMessage,
  simRequests,
  startChatting,
  test,
  waitForTurnEnd,
} from './fixtures';

test('after turning it on with the estimate shown, search finds messages by meaning', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  await sendMessage(page, 'The quick brown fox jumps over the lazy dog');
  await waitForTurnEnd(page);
  await page.getByRole('button', { name: 'New chat' }).click();
  await sendMessage(page, 'Recipes for tomato soup');
  await waitForTurnEnd(page);

  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('lazy fox');
  await expect(page.getByText('Nothing found.')).toBeVisible();

  await section(page, 'Settings').click();
  const card = page.getByRole('region', { name: 'Semantic search' });
  await expect(card).toContainText('Off. Search finds words only.');
  await card.getByRole('button', { name: 'Estimate the cost' }).click();
  await expect(card).toContainText(
    /To embed \d+ passage\(s\) .*, about \d+ tokens: about [\d.]+ credits\. One request per passage: about \d+ sec at the account’s current request rate/,
  );
  expect(await simRequests(atelier, '/embeddings')).toHaveLength(0);
  await card.getByRole('button', { name: 'Turn on semantic search' }).click();
  await expect(card).toContainText(/On: [1-9]\d* passage\(s\) embedded, 0 waiting\./, {
    timeout: 20_000,
  });
  const embedded = await simRequests(atelier, '/embeddings');
  expect(String(embedded[0]?.body)).toContain('"model":"emb-openai/text-embedding-3-small"');

  await section(page, 'Chat').click();
  await search.fill('');
  // Passages hold the question with its answer, so the query says a little more than two words.
  await search.fill('the lazy dog jumps over the quick brown fox');
  const hits = page.getByRole('complementary', { name: 'Conversations' }).getByRole('link');
  await expect(hits.first()).toContainText('by meaning');
  await expect(hits.first()).toContainText('The quick brown fox');
  await expect(hits.filter({ hasText: 'Recipes for tomato soup' })).toHaveCount(0);

  // Words first: a query that matches literally is listed before the meaning hits.
  await search.fill('brown fox');
  await expect(hits.first()).not.toContainText('by meaning');
  await expect(hits.first()).toContainText('brown fox');
});
