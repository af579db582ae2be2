// Compare models as a person does it: three models chosen, one question, three columns with their figures, one stopped, the second kept, the versions switched, the next turn sent with the kept answer only.
import type { Page } from '@playwright/test';
import { docShot, expect, expectModel, pickModel, reloadApp, test, turnRequests } from './fixtures';
import { makePng } from './files';
import { type Look, LOOKS, openInLook, sendIn, turnEndIn } from './looks';

const MODELS = [
  'openai/gpt-4o-mini',
  'anthropic/claude-3.5-sonnet',
  'meta-llama/llama-3.1-8b-instruct',
];

function column(page: Page, model: string) {
  return page.getByRole('region', { name: model, exact: true });
}

function answers(page: Page, look: Look) {
  return page.getByRole('article', { name: look.t('chat.assistantMessage') });
}

/** The name each simulated answer gives in its first sentence (the model that wrote it). */
async function opening(page: Page, model: string): Promise<string> {
  // Its text, not innerText: the column keeps its end in view, and a block group out of view is
  // skipped by the browser (content-visibility), so it has no rendered text.
  const text = await column(page, model).locator('.compare-text p strong').first().textContent();
  expect(text?.trim()).toBeTruthy();
  return text!.trim();
}

for (const look of LOOKS) {
  test(`three models answer side by side; one stopped, the second kept, versions switched, next turn (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.slow();
    await openInLook(page, atelier, look, 'chat');
    const toggle = page.getByRole('button', { name: look.t('compare.toggle'), exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: look.t('compare.add') }).click();
    for (const [i, model] of MODELS.entries())
      await pickModel(page, model, look.t('compare.model', { n: i + 1 }));

    await sendIn(page, look, 'Which sea is the saltiest? [[slow]]');
    for (const model of MODELS) await expect(column(page, model)).toBeVisible();
    const stop = page.getByRole('button', {
      name: look.t('compare.stopNamed', { model: MODELS[0]! }),
    });
    await expect(column(page, MODELS[0]!).locator('.compare-text p').first()).toBeVisible();
    // While they stream, each column counts its tokens and their pace itself (marked ≈).
    await expect(column(page, MODELS[1]!).locator('dd').nth(2)).toContainText('≈');
    await stop.click();
    await expect(column(page, MODELS[0]!)).toContainText(look.t('compare.stopped'));
    // The others went on to their ends.
    await turnEndIn(page, look, 60_000);
    for (const model of MODELS.slice(1)) {
      const figures = column(page, model).locator('dd');
      await expect(figures).toHaveCount(4);
      for (let i = 0; i < 4; i++)
        await expect(figures.nth(i)).not.toHaveText(look.t('compare.none'));
    }
    await expect(
      page.getByRole('button', { name: look.t('compare.retryNamed', { model: MODELS[0]! }) }),
    ).toBeVisible();
    // The stopped column has only its first words; the two others name the model that wrote them.
    const [second, third] = await Promise.all(MODELS.slice(1).map((m) => opening(page, m)));
    expect(second).not.toBe(third);
    // Side by side in a wide window (the docs' picture), stacked in a narrow one.
    await page.setViewportSize({ width: 1500, height: 900 });
    const group = page.getByRole('group', { name: look.t('compare.answers') });
    // The list may still settle at its end after the resize: scroll until the columns' heads show.
    await expect(async () => {
      await group.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await expect(column(page, MODELS[0]!).getByRole('heading')).toBeInViewport({ timeout: 500 });
    }).toPass();
    const [a, b] = await Promise.all(MODELS.slice(0, 2).map((m) => column(page, m).boundingBox()));
    expect(b!.y).toBe(a!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    await docShot(page, look.language === 'en' ? 'compare-en-light' : 'compare-ru-dark');
    await page.setViewportSize({ width: 1000, height: 800 });
    const [c, d] = await Promise.all(MODELS.slice(0, 2).map((m) => column(page, m).boundingBox()));
    expect(d!.x).toBe(c!.x);
    expect(d!.y).toBeGreaterThan(c!.y + c!.height - 1);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Still columns after a reload, until one is chosen.
    await reloadApp(page);
    await page
      .getByRole('link', { name: /^Which sea/ })
      .first()
      .click();
    for (const model of MODELS) await expect(column(page, model)).toBeVisible();

    await page
      .getByRole('button', { name: look.t('compare.chooseNamed', { model: MODELS[1]! }) })
      .click();
    await expect(column(page, MODELS[1]!)).toHaveCount(0);
    const answer = answers(page, look).last();
    await expect(answer).toContainText(second!);
    await expect(answer.getByText(look.t('chat.versionOf', { index: 2, count: 3 }))).toBeVisible();
    await answer.getByRole('button', { name: look.t('chat.previousVersion') }).click();
    await expect(answers(page, look).last()).not.toContainText(second!);
    await expect(answers(page, look).last()).toContainText(look.t('chat.stopped'));
    await answers(page, look)
      .last()
      .getByRole('button', { name: look.t('chat.nextVersion') })
      .click();
    await answers(page, look)
      .last()
      .getByRole('button', { name: look.t('chat.nextVersion') })
      .click();
    await expect(answers(page, look).last()).toContainText(third!);
    await answers(page, look)
      .last()
      .getByRole('button', { name: look.t('chat.previousVersion') })
      .click();
    await expect(answers(page, look).last()).toContainText(second!);

    // The next question goes as an ordinary turn, with the kept answer only.
    await page.getByRole('button', { name: look.t('compare.toggle'), exact: true }).click();
    await sendIn(page, look, 'And the deepest?');
    await turnEndIn(page, look);
    const last = (await turnRequests(atelier)).at(-1)!;
    const body = String(last.body);
    expect(body).toContain(`**${second}**`);
    expect(body).not.toContain(`**${third}**`);
    expect(body.match(/"role":"assistant"/g)).toHaveLength(1);
  });
}

for (const look of LOOKS) {
  test(`a failed column says why and is retried alone; the keyboard reaches every column (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.slow();
    const [first, second] = ['openai/gpt-4o-mini', 'deepseek/deepseek-r1'] as const;
    await openInLook(page, atelier, look, 'chat');
    await page.getByRole('button', { name: look.t('compare.toggle'), exact: true }).click();
    // Typed, as a person types an id the list may not name.
    await pickModel(page, first, look.t('compare.model', { n: 1 }));
    await pickModel(page, second, look.t('compare.model', { n: 2 }));
    await sendIn(page, look, `Name a lake. [[failonce:${second}]]`);
    await turnEndIn(page, look);
    const failed = column(page, second);
    await expect(failed.getByRole('alert')).toContainText(second);
    await expect(column(page, first).getByRole('alert')).toHaveCount(0);
    const before = (await turnRequests(atelier)).length;
    await failed
      .getByRole('button', { name: look.t('compare.retryNamed', { model: second }) })
      .click();
    // The retried column streams again, then may be chosen like the other.
    await expect(
      page.getByRole('button', { name: look.t('compare.chooseNamed', { model: second }) }),
    ).toBeEnabled({ timeout: 20_000 });
    await expect(
      page.getByRole('button', { name: look.t('compare.chooseNamed', { model: first }) }),
    ).toBeEnabled();
    await expect(failed.getByRole('alert')).toHaveCount(0);
    await expect(failed.locator('dd').first()).not.toHaveText(look.t('compare.none'));
    const retried = (await turnRequests(atelier)).slice(before);
    expect(retried.map((r) => (r.body as { model?: string }).model ?? String(r.body))).toHaveLength(
      1,
    );
    expect(String(JSON.stringify(retried[0]!.body))).toContain(second);

    // Tab goes through each column: its text, then its buttons, then the next column.
    await column(page, first).locator('.compare-text').focus();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: look.t('compare.chooseNamed', { model: first }) }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(failed.locator('.compare-text')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: look.t('compare.chooseNamed', { model: second }) }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(failed).toHaveCount(0);
    await expect(
      answers(page, look)
        .last()
        .getByText(look.t('chat.versionOf', { index: 2, count: 2 })),
    ).toBeVisible();
  });
}

for (const look of LOOKS) {
  test(`a picture: the compared model that is not vis- is asked beside its picker, switched in one click (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.slow();
    const [plain, vision, variant] = [
      'openai/gpt-4o-mini',
      'vis-anthropic/claude-3.5-sonnet',
      'vis-openai/gpt-4o-mini',
    ] as const;
    await openInLook(page, atelier, look, 'chat');
    await page
      .getByLabel(look.t('attach.files'))
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(8, 8) });
    await expect(page.locator('.attachment-chip')).toHaveCount(1);
    await expect(page.getByText(look.t('attach.waitUploads'))).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('button', { name: look.t('compare.toggle'), exact: true }).click();
    await pickModel(page, plain, look.t('compare.model', { n: 1 }));
    await pickModel(page, vision, look.t('compare.model', { n: 2 }));
    const bar = page.getByRole('group', { name: look.t('compare.models') });
    // The advice for the plain model only, in the bar; the composer does not ask a second time.
    await expect(
      bar.getByRole('note', { name: look.t('compare.vision.label', { model: plain }) }),
    ).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(1);
    const box = page.getByRole('textbox', { name: look.t('chat.message'), exact: true });
    await box.fill('What is on it?');
    const send = page.getByRole('button', { name: look.t('chat.send'), exact: true });
    await expect(send).toBeDisabled();
    await box.press('Enter');
    await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toBeVisible();
    await bar.screenshot({ path: test.info().outputPath(`compare-vision-${look.name}.png`) });
    expect(await turnRequests(atelier)).toHaveLength(0);

    await bar
      .getByRole('button', { name: look.t('attach.vision.switch', { vision: variant }) })
      .click();
    await expectModel(page, variant, look.t('compare.model', { n: 1 }));
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.getByText(look.t('attach.vision.chooseFirst'))).toHaveCount(0);
    await send.click();
    await turnEndIn(page, look, 60_000);
    await expect.poll(async () => (await turnRequests(atelier)).length).toBe(2);
    const models = (await turnRequests(atelier)).map(
      (r) => (JSON.parse(String(r.body)) as { model: string }).model,
    );
    expect(models.sort()).toEqual([variant, vision].sort());
  });
}
