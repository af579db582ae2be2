// HTML and SVG blocks in answers: Preview in a sandboxed frame, Copy, Save as file; hostile samples run nothing and reach nothing.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PREVIEW_POLICY } from '../../renderer/src/chat/markdown/preview-document';
import { docShot, expect, test } from './fixtures';
import { LOOKS, openInLook, sendAndAwaitIn, type Look } from './looks';

const fenced = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

function page(look: Look): string {
  const [title, text, rows] =
    look.language === 'ru'
      ? ['Счёт за ноябрь', 'Оплатить до 10 декабря.', ['Чат', 'Картинки', 'Голос']]
      : ['November invoice', 'Due by 10 December.', ['Chat', 'Pictures', 'Voice']];
  return [
    '<style>body{font:15px system-ui;margin:16px;color:#223}h1{color:#0b8b6b;margin:0 0 8px}',
    'td{padding:4px 12px;border-bottom:1px solid #dde}</style>',
    `<h1>${title}</h1><p>${text}</p>`,
    `<table>${rows.map((row, i) => `<tr><td>${row}</td><td>${(i + 1) * 1.25} cr</td></tr>`).join('')}</table>`,
  ].join('\n');
}

const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100">' +
  '<rect id="sun-sky" width="160" height="100" fill="#cfe8ff"/>' +
  '<circle cx="120" cy="30" r="18" fill="#ffb703"/>' +
  '<path d="M0 100 L50 45 L90 100 Z" fill="#2a9d8f"/></svg>';

/** The last answer's block that shows `language`. */
function blockOf(page: Page, kind: 'html' | 'svg') {
  return page
    .locator('article .preview-block')
    .filter({ has: page.locator('.code-language', { hasText: kind }) })
    .last();
}

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test('an HTML and an SVG block preview in a sandboxed frame, with Copy and Save as file', async ({
      page: tab,
      atelier,
    }) => {
      await openInLook(tab, atelier, look);
      const html = page(look);
      await sendAndAwaitIn(
        tab,
        look,
        `${look.language === 'ru' ? 'Сделай счёт и картинку' : 'Make an invoice page and a picture'} [[echo]]\n${fenced('html', html)}\n\n${fenced('svg', PICTURE)}`,
      );
      const htmlBlock = blockOf(tab, 'html');
      await expect(htmlBlock.locator('pre')).toContainText('<h1>');
      await htmlBlock.getByRole('button', { name: look.t('preview.preview'), exact: true }).click();
      const frame = htmlBlock.locator('iframe');
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(frame).toHaveAttribute('srcdoc', new RegExp(`content="${PREVIEW_POLICY}"`));
      await expect(frame).toHaveAccessibleName(look.t('preview.htmlTitle'));
      const inside = htmlBlock.frameLocator('iframe');
      await expect(inside.locator('h1')).toHaveText(
        look.language === 'ru' ? 'Счёт за ноябрь' : 'November invoice',
      );
      await expect(inside.locator('td')).toHaveCount(6);
      await expect(htmlBlock.getByText(look.t('preview.frameNote'))).toBeVisible();

      const download = tab.waitForEvent('download');
      await htmlBlock.getByRole('button', { name: look.t('preview.save'), exact: true }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe('preview.html');
      expect(await readFile((await saved.path())!, 'utf8')).toBe(html);
      await htmlBlock.getByRole('button', { name: look.t('preview.copySource') }).click();
      await expect(htmlBlock.getByText(look.t('common.copied'), { exact: true })).toBeVisible();

      const svgBlock = blockOf(tab, 'svg');
      await svgBlock.getByRole('button', { name: look.t('preview.preview'), exact: true }).click();
      await expect(svgBlock.frameLocator('iframe').locator('#sun-sky')).toBeVisible();
      const svgDownload = tab.waitForEvent('download');
      await svgBlock.getByRole('button', { name: look.t('preview.save'), exact: true }).click();
      expect((await svgDownload).suggestedFilename()).toBe('picture.svg');
      await htmlBlock.scrollIntoViewIfNeeded();
      await expect(inside.locator('h1')).toBeVisible();
      await docShot(tab, `preview-${look.language}-${look.theme}`);

      // The source is one click back.
      await htmlBlock.getByRole('button', { name: look.t('preview.source'), exact: true }).click();
      await expect(htmlBlock.locator('iframe')).toHaveCount(0);
      await expect(htmlBlock.locator('pre')).toContainText('<table>');
    });
  });
}
