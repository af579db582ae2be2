// Mermaid blocks in answers: drawn once complete (the library fetched only then), source one click away, hostile diagrams inert.
import type { Page } from '@playwright/test';
import { docShot, expect, test } from './fixtures';
import { LOOKS, openInLook, sendAndAwaitIn, sendIn, turnEndIn, type Look } from './looks';
import { hostileServer } from './hostile-server';

/** Text only mermaid's own chunk holds (its bomb diagram's words): a script with it is mermaid. */
const MERMAID_MARK = 'Syntax error in text';

/** Every script the page received, marked when it is mermaid's. */
function recordScripts(page: Page): { url: string; mermaid: boolean }[] {
  const scripts: { url: string; mermaid: boolean }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .text()
      .then((body) => scripts.push({ url: response.url(), mermaid: body.includes(MERMAID_MARK) }))
      .catch(() => undefined);
  });
  return scripts;
}

function flowchart(look: Look): string {
  const [question, gateway, chat, picture, speech, answer] =
    look.language === 'ru'
      ? ['Вопрос', 'Один ключ', 'Чат', 'Картинка', 'Голос', 'Ответ']
      : ['Question', 'One key', 'Chat', 'Picture', 'Voice', 'Answer'];
  return [
    'flowchart LR',
    `  Q[${question}] --> G{${gateway}}`,
    `  G -->|text| C[${chat}]`,
    `  G -->|image| I[${picture}]`,
    `  G -->|tts| S[${speech}]`,
    `  C --> A[${answer}]`,
    '  I --> A',
    '  S --> A',
  ].join('\n');
}

const fenced = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test('a mermaid block streams as source, is drawn once closed, and its source is one click away', async ({
      page,
      atelier,
    }) => {
      const scripts = recordScripts(page);
      await openInLook(page, atelier, look);
      // The first screen and the markdown renderer (fetched once the page is idle) are in, and
      // no diagram code with them.
      await expect
        .poll(() => scripts.some((script) => script.url.includes('MarkdownBlock')))
        .toBe(true);
      expect(scripts.filter((script) => script.mermaid)).toEqual([]);

      const source = flowchart(look);
      const ask =
        look.language === 'ru'
          ? 'Нарисуй, как один ключ ведёт ко всем моделям'
          : 'Draw how one key reaches every model';
      await sendIn(
        page,
        look,
        `${ask} [[slow]] [[echo]]\n${fenced('mermaid', source)}\n\n${look.language === 'ru' ? 'Всё идёт через один ключ.' : 'Everything goes through one key.'}`,
      );
      const answer = page.getByRole('article', { name: look.t('chat.assistantMessage') }).last();
      const block = answer.locator('.diagram-block');
      // Still arriving: its source, with Diagram not yet offered.
      await expect(block.locator('pre')).toContainText('flowchart LR');
      await expect(page.locator('article[aria-busy="true"]')).toHaveCount(1);
      await expect(
        block.getByRole('button', { name: look.t('preview.diagram'), exact: true }),
      ).toBeDisabled();
      await expect(block.locator('.diagram svg')).toHaveCount(0);
      await turnEndIn(page, look);

      const diagram = block.getByRole('img', { name: look.t('preview.diagram') });
      await expect(diagram.locator('svg')).toBeVisible();
      await expect(diagram).toContainText(look.language === 'ru' ? 'Один ключ' : 'One key');
      expect(scripts.filter((script) => script.mermaid).length).toBeGreaterThan(0);
      // The diagram is drawn in the app's look: dark nodes on dark, light ones on light.
      const lightness = await nodeLightness(page);
      if (look.theme === 'dark') expect(lightness).toBeLessThan(100);
      else expect(lightness).toBeGreaterThan(160);
      await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await docShot(page, `diagram-${look.language}-${look.theme}`);

      await block.getByRole('button', { name: look.t('preview.source'), exact: true }).click();
      await expect(block.locator('pre')).toContainText(source.split('\n')[1]!.trim());
      await expect(diagram).toHaveCount(0);
      await block.getByRole('button', { name: look.t('preview.diagram'), exact: true }).click();
      await expect(diagram.locator('svg')).toBeVisible();
      await block.getByRole('button', { name: look.t('preview.copySource') }).click();
      await expect(block.getByText(look.t('common.copied'), { exact: true })).toBeVisible();
    });

    test('a diagram that does not parse shows its source and the parser’s words', async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look);
      const broken = 'flowchart LR\n  A --> ((B\n  this is not a diagram -->';
      await sendAndAwaitIn(page, look, `[[echo]]\n${fenced('mermaid', broken)}`);
      const block = page.locator('article .diagram-block').last();
      await expect(block.getByText(look.t('preview.diagramFailed'))).toBeVisible();
      await expect(block.locator('.diagram-error-message')).toContainText(/parse error|expecting/i);
      await expect(block.locator('pre')).toContainText('this is not a diagram');
      await expect(block.locator('svg')).toHaveCount(0);
      // Mermaid's own error picture is never put into the page.
      await expect(page.locator('body > [id^="datelier-diagram"], body > svg')).toHaveCount(0);
    });
  });
}

/** The mean of a diagram node's fill channels: dark nodes are below 100, light ones above 160. */
async function nodeLightness(page: Page): Promise<number> {
  const fill = await page
    .locator('article .diagram .node rect, article .diagram .node polygon')
    .first()
    .evaluate((node) => getComputedStyle(node).fill);
  const [r = 0, g = 0, b = 0] = (fill.match(/\d+/g) ?? []).map(Number);
  return (r + g + b) / 3;
}

test('a drawn diagram follows the app when its theme changes', async ({ page, atelier }) => {
  const look = LOOKS[0]!;
  await openInLook(page, atelier, look);
  await sendAndAwaitIn(page, look, `[[echo]]\n${fenced('mermaid', flowchart(look))}`);
  await expect(page.locator('article .diagram svg')).toBeVisible();
  expect(await nodeLightness(page)).toBeGreaterThan(160);
  await page.evaluate(() =>
    (
      window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
    ).atelier.invoke('settings.update', { theme: 'dark' }),
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => nodeLightness(page)).toBeLessThan(100);
});

test('a hostile diagram runs no script, loads nothing and leaves the window where it was', async ({
  page,
  atelier,
}) => {
  const server = await hostileServer();
  try {
    await openInLook(page, atelier, LOOKS[0]!);
    const before = page.url();
    const at = server.url;
    const hostile = [
      '%%{init: {"securityLevel": "loose", "htmlLabels": true}}%%',
      'flowchart LR',
      `  A["<img src='${at}/label-img' onerror='window.__pwned=1'>Hello"] --> B["<a href='javascript:window.__pwned=2'>link</a>"]`,
      `  B --> C["<iframe src='${at}/label-frame'></iframe><script>window.__pwned=3</script>"]`,
      '  click A call alert("x")',
      '  click B "javascript:window.__pwned=4"',
      `  click C "${at}/click" _top`,
    ].join('\n');
    await sendAndAwaitIn(page, LOOKS[0]!, `[[echo]]\n${fenced('mermaid', hostile)}`);
    const diagram = page.locator('article .diagram').last();
    await expect(diagram.locator('svg')).toBeVisible();
    await expect(diagram).toContainText('Hello');
    const risky = await diagram.evaluate((element) => {
      const found: string[] = [];
      for (const node of element.querySelectorAll('*')) {
        for (const attribute of node.attributes) {
          const value = attribute.value.trim().toLowerCase();
          if (attribute.name.startsWith('on')) found.push(`${node.tagName} ${attribute.name}`);
          if (value.startsWith('javascript:')) found.push(`${node.tagName} ${attribute.name}`);
        }
        if (['SCRIPT', 'IFRAME'].includes(node.tagName.toUpperCase())) found.push(node.tagName);
      }
      return found;
    });
    expect(risky).toEqual([]);
    for (const node of await diagram.locator('.node').all()) await node.click({ force: true });
    // Its one web link opens, like every link, only through the confirm, which shows the address.
    const confirm = page.getByRole('dialog', { name: LOOKS[0]!.t('link.confirmTitle') });
    await expect(confirm.getByLabel(LOOKS[0]!.t('link.address'))).toHaveText(`${at}/click`);
    await confirm.getByRole('button', { name: LOOKS[0]!.t('common.cancel'), exact: true }).click();
    await expect(confirm).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBe(
      undefined,
    );
    expect(page.url()).toBe(before);
    expect(page.context().pages()).toHaveLength(1);
    expect(await server.settledRequests()).toEqual([]);
  } finally {
    await server.close();
  }
});
