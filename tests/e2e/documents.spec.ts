// The Documents tab: extract text and OCR with page images, save, send to chat, history, decisions, bad input.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  type Atelier,
  connectService,
  expect,
  expectModel,
  openApp,
  pickModel,
  reloadApp,
  section,
  simRequests,
  test,
  turnRequests,
  userMessages,
  waitForTurnEnd,
} from './fixtures';
import { makeDocx, makePdf } from './files';

async function openDocuments(page: Page, atelier: Atelier, baseUrl = atelier.simBaseUrl) {
  await openApp(page, atelier);
  await connectService(page, { baseUrl, key: 'sim-fast' });
  await expect(page.getByText('Settings saved.').or(page.getByText('Key saved.'))).toBeVisible();
  await section(page, 'Documents').click();
}

async function chooseDocument(
  page: Page,
  name: string,
  buffer: Buffer,
  mimeType = 'application/pdf',
) {
  await page.getByLabel('Document file').setInputFiles({ name, mimeType, buffer });
}

const extracted = (page: Page) => page.getByRole('textbox', { name: 'Extracted text' });

test('extracts a DOCX, keeps it in the history after a reload, and saves it as .txt', async ({
  page,
  atelier,
}) => {
  await openDocuments(page, atelier);
  await expect(page.getByRole('button', { name: 'Choose document' })).toBeVisible();
  await chooseDocument(
    page,
    'letter.docx',
    makeDocx(['Dear reader,', 'The garden is in bloom.']),
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  await expect(page.getByRole('combobox', { name: 'Mode', exact: true })).toHaveValue('extract');
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  await expect(extracted(page)).toHaveValue(/The garden is in bloom\./);
  const history = page.getByRole('complementary', { name: 'History' });
  await expect(history.getByRole('link', { name: /letter\.docx/ })).toBeVisible();
  const request = (await simRequests(atelier, '/extract_text')).at(-1);
  expect(String(request?.body)).toContain('"model":"utils/extract-text-1.0"');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save as .txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('letter.txt');
  expect(await readFile(await file.path(), 'utf8')).toContain('The garden is in bloom.');

  await reloadApp(page);
  await section(page, 'Documents').click();
  await page
    .getByRole('complementary', { name: 'History' })
    .getByRole('link', { name: /letter\.docx/ })
    .click();
  await expect(extracted(page)).toHaveValue(/The garden is in bloom\./);
});

test('OCR returns per-page markdown and a gallery of page images', async ({ page, atelier }) => {
  await openDocuments(page, atelier);
  await chooseDocument(
    page,
    'scan.pdf',
    makePdf([
      { text: 'Invoice 42', images: 2 },
      { text: 'Terms and conditions', images: 1 },
    ]),
  );
  await page.getByRole('combobox', { name: 'Mode', exact: true }).selectOption({ label: 'OCR' });
  await page.getByRole('checkbox', { name: 'Return page images' }).check();
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  await expect(extracted(page)).toHaveValue(/Invoice 42/);
  const gallery = page.getByRole('group', { name: 'Page images' });
  await expect(gallery.getByRole('img')).toHaveCount(3);
  await expect(gallery.getByRole('img', { name: 'Page 2, image 1' })).toBeVisible();
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(page.getByText('Page 2', { exact: true })).toBeVisible();
  const request = (await simRequests(atelier, '/extract_text')).at(-1);
  expect(String(request?.body)).toContain('"model":"utils/pdf-ocr-1.0"');
  expect(String(request?.body)).toContain('"return_images":true');
});

test('decisions with yes/no, choice and score show probabilities and are kept', async ({
  page,
  atelier,
}) => {
  await openDocuments(page, atelier);
  await extracted(page).fill('The payment is due in thirty days. Payment by bank transfer.');
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .first()
    .fill('Is a payment due?');
  await page.getByRole('button', { name: 'Add question' }).click();
  const second = page.getByRole('group', { name: 'Question 2' });
  await second.getByRole('combobox', { name: 'Question type' }).selectOption('choice');
  await second.getByRole('textbox', { name: 'Question', exact: true }).fill('What is it about?');
  await second.getByRole('textbox', { name: 'Option 1', exact: true }).fill('payment');
  await second
    .getByRole('textbox', { name: 'Description of option 1' })
    .fill('money and payment terms');
  await second.getByRole('textbox', { name: 'Option 2', exact: true }).fill('shipping');
  await second.getByRole('textbox', { name: 'Description of option 2' }).fill('delivery of goods');
  await page.getByRole('button', { name: 'Add question' }).click();
  const third = page.getByRole('group', { name: 'Question 3' });
  await third.getByRole('combobox', { name: 'Question type' }).selectOption('score');
  await third.getByRole('textbox', { name: 'Question', exact: true }).fill('How urgent is it?');
  await third.getByRole('textbox', { name: /Scale labels/ }).fill('calm, soon, urgent');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();

  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers).toContainText('Is a payment due?');
  await expect(answers).toContainText('Answer: payment');
  await expect(answers).toContainText(/Score 0\.\d+ of 1/);
  await expect(answers).toContainText(/Confidence \d+%/);
  // yes/no: 2 bars, choice: 2, score: 3.
  await expect(answers.getByRole('meter')).toHaveCount(7);
  const body = String((await simRequests(atelier, '/decisions')).at(-1)?.body);
  expect(body).toContain('"type":"noul"');
  expect(body).toContain('"type":"choice"');
  expect(body).toContain('"criteria":["calm","soon","urgent"]');

  // Pasted text is kept as a document with its decisions.
  await reloadApp(page);
  await section(page, 'Documents').click();
  await page.getByRole('complementary', { name: 'History' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Answers' })).toContainText('Answer: payment');
});

test('the Decision model picker lists every model and takes a typed id', async ({
  page,
  atelier,
}) => {
  await openDocuments(page, atelier);
  await extracted(page).fill('The payment is due in thirty days.');
  // The list's likely decision model is chosen first; no id is invented.
  const picker = page.getByRole('combobox', { name: 'Decision model' });
  await expectModel(page, 'decisions/judge-1.0', 'Decision model');
  // Every model stays reachable, not only the likely ones.
  await picker.fill('openai/gpt-4o-mini');
  await expect(page.getByRole('option', { name: /openai\/gpt-4o-mini/ }).first()).toBeVisible();
  await picker.press('Escape');
  // An id the list does not have, typed and confirmed with Enter, is what is sent.
  await pickModel(page, 'decisions/my-own-judge', 'Decision model');
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .first()
    .fill('Is a payment due?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.getByText(/The service said: .*decisions\/my-own-judge/)).toBeVisible();
  const body = String((await simRequests(atelier, '/decisions')).at(-1)?.body);
  expect(body).toContain('"model":"decisions/my-own-judge"');
});

test('Send to new chat attaches the document to a new conversation', async ({ page, atelier }) => {
  await openDocuments(page, atelier);
  await chooseDocument(page, 'notes.pdf', makePdf([{ text: 'Remember the lighthouse keeper' }]));
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  await expect(extracted(page)).toHaveValue(/lighthouse keeper/);
  await page.getByRole('button', { name: 'Send to new chat' }).click();
  await expect(page.getByRole('list', { name: 'Attachments' }).first()).toContainText('notes.pdf');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Who is remembered?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(userMessages(page).last()).toContainText('notes.pdf');
  await expect
    .poll(async () => String((await turnRequests(atelier)).at(-1)?.body))
    .toContain('lighthouse keeper');
  await waitForTurnEnd(page);
});

test('refuses a wrong, an empty and an unreadable document with clear messages', async ({
  page,
  atelier,
}) => {
  await openDocuments(page, atelier);
  await chooseDocument(page, 'empty.pdf', Buffer.alloc(0));
  await expect(page.getByRole('alert')).toContainText('“empty.pdf” is empty (0 bytes)');

  await chooseDocument(page, 'fake.pdf', Buffer.from('just some words'));
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    '“fake.pdf” is not a PDF file, although its name says so.',
  );
  expect(await simRequests(atelier, '/extract_text')).toHaveLength(0);

  await chooseDocument(page, 'broken.pdf', Buffer.from('%PDF-1.4\nnothing readable\n'));
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  await expect(page.getByText('The service could not read this document')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Could not extract text');
});

test('page images with invalid base64 are left out with a warning; the text is kept', async ({
  page,
  atelier,
}) => {
  // A proxy in front of the simulator that breaks the OCR answer's first image.
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const target = `${atelier.simRoot}${req.url}`;
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          ([k]) => !['host', 'content-length', 'connection'].includes(k),
        ),
      ) as Record<string, string>;
      const upstream = await fetch(target, {
        method: req.method,
        headers,
        body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      if (req.url?.endsWith('/extract_text') && upstream.ok) {
        const json = JSON.parse(body.toString('utf8')) as {
          pages: Array<{ images: Array<{ image_base64: string }> }>;
        };
        json.pages[0]!.images[0]!.image_base64 = 'data:image/png;base64,@@not*base64@@';
        body = Buffer.from(JSON.stringify(json));
      }
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as AddressInfo).port;
  try {
    await openDocuments(page, atelier, `http://127.0.0.1:${port}/v1`);
    await chooseDocument(page, 'pictures.pdf', makePdf([{ text: 'Two pictures here', images: 2 }]));
    await page.getByRole('combobox', { name: 'Mode', exact: true }).selectOption({ label: 'OCR' });
    await page.getByRole('checkbox', { name: 'Return page images' }).check();
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    await expect(extracted(page)).toHaveValue(/Two pictures here/);
    await expect(
      page.getByText('The text is kept, without 1 page image that could not be read.'),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Page images' }).getByRole('img')).toHaveCount(1);
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
  }
});
