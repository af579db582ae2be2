// What a person noticed in the looks: disabled primary buttons readable, placeholders whole in
// Russian, Settings cards evenly spaced, the microphone's error beside the composer, one button
// style per row in Documents. Each check measures the page as drawn, in both looks.
import type { Page } from '@playwright/test';
import { expect, section, test } from './fixtures';
import { LOOKS, openInLook, openSettings } from './looks';

/** The WCAG contrast ratio between an element's text colour and the colour behind it. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rgb = (value: string): number[] => {
        const match = value.match(/rgba?\(([^)]+)\)/);
        if (!match) throw new Error(`not a colour: ${value}`);
        return match[1]!.split(',').map((part) => Number(part.trim()));
      };
      /** The first opaque background from the element up. */
      const backdrop = (start: Element): number[] => {
        for (let node: Element | null = start; node; node = node.parentElement) {
          const colour = rgb(getComputedStyle(node).backgroundColor);
          if ((colour[3] ?? 1) > 0.5) return colour;
        }
        return [255, 255, 255];
      };
      const luminance = ([r, g, b]: number[]): number => {
        const channel = (v: number) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      };
      const style = getComputedStyle(element);
      const opacity = Number(style.opacity);
      const back = backdrop(element);
      // Opacity blends the text into what is behind it.
      const text = rgb(style.color)
        .slice(0, 3)
        .map((v, i) => v * opacity + back[i]! * (1 - opacity));
      const [light, dark] = [luminance(text), luminance(back)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    });
}

/** Inputs whose placeholder is wider than the room the input gives it. */
async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.offsetParent === null || input.placeholder === '') continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) cut.push(input.placeholder);
    }
    return cut;
  });
}

for (const look of LOOKS) {
  test(`the looks hold: readable disabled buttons, whole placeholders, even cards, one style per row (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look);

    // Chat: Send is disabled while the message box is empty, and still readable.
    await section(page, look.t('nav.chat')).click();
    const send = page.getByRole('button', { name: look.t('chat.send'), exact: true });
    await expect(send).toBeDisabled();
    expect(await contrastOf(page, '.composer .button.primary:disabled')).toBeGreaterThanOrEqual(3);
    expect(await cutPlaceholders(page)).toEqual([]);

    for (const tab of ['nav.images', 'nav.audio', 'nav.video', 'nav.documents'] as const) {
      await section(page, look.t(tab)).click();
      // The section's own panel (Audio holds a panel of its own modes inside).
      await expect(page.getByRole('tabpanel', { name: look.t(tab), exact: true })).toBeVisible();
      expect(await cutPlaceholders(page), look.t(tab)).toEqual([]);
    }

    // Documents: every row of actions uses one button style.
    await expect(page.locator('.form-actions').first()).toBeVisible();
    const rows = await page
      .locator('.form-actions')
      .evaluateAll((elements) =>
        elements.map((row) => [
          ...new Set(
            [...row.querySelectorAll('button')].map((button) =>
              [...button.classList].filter((c) => c !== 'button').join(' '),
            ),
          ),
        ]),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((styles) => styles.length > 1)).toEqual([]);

    // Settings: in every section of several cards, they stand at one even distance from each other.
    const gaps: number[] = [];
    for (const part of ['money', 'tools', 'data', 'advanced'] as const) {
      await openSettings(page, look, part);
      const cards = page.locator('.settings .card');
      await expect(cards.first()).toBeVisible();
      gaps.push(
        ...(await cards.evaluateAll((elements) => {
          const boxes = elements
            .map((card) => card.getBoundingClientRect())
            .filter((box) => box.height > 0)
            .sort((a, b) => a.top - b.top);
          return boxes.slice(1).map((box, i) => Math.round(box.top - boxes[i]!.bottom));
        })),
      );
    }
    expect(gaps.length).toBeGreaterThan(1);
    expect(new Set(gaps).size).toBe(1);
    expect(gaps[0]).toBeGreaterThan(0);
    expect(await cutPlaceholders(page)).toEqual([]);
  });

  test(`the microphone's refusal is said under the composer without breaking it (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    const box = page.getByRole('textbox', { name: look.t('chat.message'), exact: true });
    const send = page.getByRole('button', { name: look.t('chat.send'), exact: true });
    const before = { box: await box.boundingBox(), send: await send.boundingBox() };

    // No microphone here (a headless browser has none, and the page is not allowed one).
    await page.getByRole('button', { name: look.t('attach.record') }).click();
    const problem = page
      .locator('.composer')
      .getByText(look.t('attach.micUnavailable', { reason: '' }).trim().split(':')[0]!);
    await expect(problem).toBeVisible();

    const after = { box: await box.boundingBox(), send: await send.boundingBox() };
    const said = (await problem.boundingBox())!;
    // The message box and Send keep their width and stay side by side with the bar.
    expect(after.box!.width).toBeCloseTo(before.box!.width, 0);
    expect(after.send!.width).toBeCloseTo(before.send!.width, 0);
    // The refusal takes its own line: it overlaps neither the message box nor Send.
    const overlaps = (a: typeof said, b: typeof said) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(said, after.box!)).toBe(false);
    expect(overlaps(said, after.send!)).toBe(false);
  });
}

test('a start comes up in the look the person had: dark from its first paint, its first frame with the Message box dark and in Russian', async ({
  page,
  atelier,
}) => {
  const look = LOOKS.find((one) => one.language === 'ru' && one.theme === 'dark')!;
  await openInLook(page, atelier, look);
  // Noted in the frame that first draws the box (a frame callback runs before that frame paints).
  await page.addInitScript(() => {
    const holder = window as unknown as { firstBox?: Record<string, string>; atBody?: string };
    // The theme when the body is parsed: what the page's first paint, before any module, shows.
    const parsing = new MutationObserver(() => {
      if (!document.body) return;
      holder.atBody = document.documentElement.dataset.theme ?? '';
      parsing.disconnect();
    });
    parsing.observe(document, { childList: true, subtree: true });
    const check = () => {
      const box = document.querySelector('textarea.composer-input');
      if (!box) {
        requestAnimationFrame(check);
        return;
      }
      holder.firstBox = {
        beforeScripts: holder.atBody ?? '',
        label: box.getAttribute('aria-label') ?? '',
        theme: document.documentElement.dataset.theme ?? '',
        background: getComputedStyle(document.body).backgroundColor,
      };
    };
    requestAnimationFrame(check);
  });
  const firstFrameAfterReload = async () => {
    await page.reload();
    return page
      .waitForFunction(() => (window as unknown as { firstBox?: object }).firstBox)
      .then((handle) => handle.jsonValue());
  };
  const settled = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  expect(await firstFrameAfterReload()).toEqual({
    beforeScripts: 'dark',
    label: look.t('chat.message'),
    theme: 'dark',
    background: await settled(),
  });

  // The saved settings stay the truth: changed in core, the open window follows them, and the
  // next start comes up in the new look.
  const english = LOOKS.find((one) => one.language === 'en' && one.theme === 'light')!;
  await page.evaluate(async () => {
    const api = (
      window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
    ).atelier;
    await api.invoke('settings.update', { language: 'en', theme: 'light' });
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(
    page.getByRole('textbox', { name: english.t('chat.message'), exact: true }),
  ).toBeVisible();
  const lightBackground = await settled();
  expect(await firstFrameAfterReload()).toEqual({
    beforeScripts: 'light',
    label: english.t('chat.message'),
    theme: 'light',
    background: lightBackground,
  });
});
