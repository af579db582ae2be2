// Structured answers (Answer format: JSON with a schema from a template, JSON) and the Sources of a
// web-search answer, opened only through the link confirmation. In both looks.
import type { Page } from '@playwright/test';
import { type Atelier, expect, pickModel, simRequests, test, turnRequests } from './fixtures';
import { LOOKS, openInLook, sendIn, turnEndIn, type Look } from './looks';

async function pick(page: Page, look: Look, id: string) {
  await pickModel(page, id, look.t('models.label'));
}

async function send(page: Page, look: Look, text: string) {
  await sendIn(page, look, text);
  // The list follows its end: the question is shown, then an answer after it (counting answers
  // would count only the rows the virtualized list draws).
  await expect(
    page.getByRole('article', { name: look.t('chat.userMessage') }).filter({ hasText: text }),
  ).toBeVisible();
  await expect(page.getByRole('article').last()).toHaveAccessibleName(
    look.t('chat.assistantMessage'),
    { timeout: 20_000 },
  );
  await turnEndIn(page, look);
}

/** The last answer request the app sent (the background title request skipped). */
async function lastAnswerRequest(atelier: Atelier): Promise<Record<string, unknown>> {
  const body = (await turnRequests(atelier)).at(-1)!.body;
  return (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>;
}

/** Opens the conversation settings; they create the conversation, so wait until they show. */
async function openSettings(page: Page, look: Look) {
  await page.getByRole('button', { name: look.t('chat.settings') }).click();
  await expect(page.getByRole('region', { name: look.t('chat.settings') })).toBeVisible();
}

for (const look of LOOKS) {
  test(`JSON with a schema from a template, a model that fences it, and JSON mode (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await openSettings(page, look);
    await pick(page, look, 'openai/gpt-4o-mini');
    const format = page.getByRole('combobox', { name: look.t('format.answerFormat') });
    await expect(format).toHaveValue('text');
    await format.selectOption({ label: look.t('format.jsonSchema') });

    // Not JSON, then not a JSON Schema: each refused in words, nothing saved.
    const editor = page.getByRole('textbox', { name: look.t('format.schema'), exact: true });
    await editor.fill('{"type": "object",');
    await page.getByRole('button', { name: look.t('format.saveSchema') }).click();
    await expect(
      page.getByText(look.t('format.notJson', { reason: '' }).trim().replace(/:$/, '')),
    ).toBeVisible();
    await editor.fill('{"type": "strin"}');
    await page.getByRole('button', { name: look.t('format.saveSchema') }).click();
    await expect(page.getByText(/not a valid JSON Schema/)).toBeVisible();

    // A template fills a real schema; saved, it is what the request carries.
    await page.getByRole('button', { name: look.t('format.template.person'), exact: true }).click();
    await expect(page.getByRole('textbox', { name: look.t('format.schemaName') })).toHaveValue(
      'person',
    );
    await expect(editor).toHaveValue(/"required": \[/);
    await page.getByRole('button', { name: look.t('format.saveSchema') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: look.t('format.schemaSaved') }),
    ).toBeVisible();

    await send(page, look, 'Tell me about Ann');
    const body = await lastAnswerRequest(atelier);
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'person', strict: true, schema: { required: ['name', 'age', 'email'] } },
    });
    const answers = page.getByRole('article', { name: look.t('chat.assistantMessage') });
    const json = answers.last().getByRole('region', { name: look.t('format.jsonAnswer') });
    await expect(json.locator('pre')).toContainText('{\n  "name": ');
    await expect(json.getByRole('status')).toHaveText(look.t('format.matches'));
    await expect(json.getByRole('button', { name: look.t('format.copyJson') })).toBeVisible();

    // A model without the structured-outputs badge wraps the JSON in a fence: still parsed, and said.
    await pick(page, look, 'anthropic/claude-3.5-sonnet');
    await send(page, look, 'Tell me about Bob');
    const fenced = answers.last().getByRole('region', { name: look.t('format.jsonAnswer') });
    await expect(fenced.getByRole('status')).toHaveText(look.t('format.matches'));
    await expect(fenced.getByText(look.t('format.fenced'))).toBeVisible();
    await expect(fenced.locator('pre')).not.toContainText('```');

    // JSON mode: best effort, no schema.
    await format.selectOption({ label: look.t('format.json') });
    await expect(page.getByText(look.t('format.jsonHint'))).toBeVisible();
    await pick(page, look, 'openai/gpt-4o-mini');
    await send(page, look, 'Tell me about Cy');
    expect((await lastAnswerRequest(atelier)).response_format).toEqual({ type: 'json_output' });
    const plain = answers.last().getByRole('region', { name: look.t('format.jsonAnswer') });
    await expect(plain.getByRole('status')).toHaveText(look.t('format.validJson'));
    await expect(plain.locator('pre')).toContainText('"answer": ');

    // Free text again: no response_format, the answer is markdown.
    await format.selectOption({ label: look.t('format.text') });
    await send(page, look, 'Hello again');
    expect('response_format' in (await lastAnswerRequest(atelier))).toBe(false);
    await expect(
      answers.last().getByRole('region', { name: look.t('format.jsonAnswer') }),
    ).toHaveCount(0);
  });

  test(`a web-search answer lists its Sources, each opening through the link confirmation (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await openSettings(page, look);
    await pick(page, look, 'perplexity/sonar');
    await send(page, look, 'Tea harvest news');
    const answer = page.getByRole('article', { name: look.t('chat.assistantMessage') }).last();
    const sources = answer.getByRole('region', { name: look.t('format.sources') });
    await expect(sources.getByRole('heading', { name: look.t('format.sources') })).toBeVisible();
    const links = sources.getByRole('listitem');
    await expect(links).toHaveCount(2);
    await expect(links.first()).toContainText('example.org');
    await expect(links.nth(1)).toContainText('example.com');

    const first = sources.getByRole('link').first();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/example\.org\/search\?q=tea/);
    await first.click();
    const dialog = page.getByRole('dialog', { name: look.t('link.confirmTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(look.t('link.address'))).toHaveText(href);
    await dialog.getByRole('button', { name: look.t('common.cancel') }).click();
    await expect(dialog).toHaveCount(0);
    // Nothing went to those sites: the simulator saw only the app's own requests.
    const hosts = (await simRequests(atelier)).map((r) => r.path);
    expect(hosts.some((path) => path.includes('example.org'))).toBe(false);
  });
}
