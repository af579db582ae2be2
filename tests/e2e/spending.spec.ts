// Money before and after a click: the threshold and a budget ask before Send with their figures, a red
// account asks before any request goes out, and the Spending view opens from the meter, lists the
// turn and exports a CSV whose total is the view's.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { countWords } from '../../renderer/src/i18n/counts';
import { moneyWords } from '../../renderer/src/i18n/money';
import { creditsForInput } from '../../renderer/src/common/credits-input';
import { localeOf } from '../../renderer/src/i18n/translate';
import { sumCredits } from '../../shared/prices';
import { en, type MessageKey } from '../../renderer/src/i18n/en';
import { ru } from '../../renderer/src/i18n/ru';
import { expect, section, startChatting, test, turnRequests } from './fixtures';
import {
  LOOKS,
  applyLook,
  openSettings,
  sendAndAwaitIn,
  sendIn,
  turnEndIn,
  type Look,
} from './looks';

/** A sentence of the app with its money figures left open: what the question must read like. */
function sentencePattern(look: Look, key: MessageKey, fixed: Record<string, string>): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const raw = (look.language === 'ru' ? ru : en)[key];
  const pattern = raw
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      // A figure not given: any amount in words ("0.0025 credits", "0,0025 кредита").
      return name in fixed ? escape(fixed[name]!) : '[\\d\\s\\u00a0.,]+ \\S+';
    })
    .join('');
  return new RegExp(pattern);
}

/** The fields of one CSV line (RFC 4180 quoting). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  const field = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = field.exec(line); m && m[0] !== ''; m = field.exec(line)) {
    const text = m[1]!;
    fields.push(text.startsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text);
    if (m[2] === '') break;
  }
  return fields;
}

function question(page: Page) {
  return page.getByRole('alertdialog');
}

/** Sets the Money limits in Settings as a person types them, in the look's locale. */
async function setLimits(
  page: Page,
  look: Look,
  limits: { askAbove?: string; daily?: string },
): Promise<void> {
  const t = look.t;
  const locale = localeOf(look.language);
  await openSettings(page, look, 'money');
  const card = page.getByRole('region', { name: t('spending.settings.title') });
  if (limits.askAbove !== undefined)
    await card
      .getByRole('textbox', { name: t('spending.settings.askAbove') })
      .fill(creditsForInput(limits.askAbove, locale));
  if (limits.daily !== undefined)
    await card
      .getByRole('textbox', { name: t('spending.settings.daily') })
      .fill(creditsForInput(limits.daily, locale));
  await card.getByRole('button', { name: t('spending.settings.save') }).click();
  await expect(card.getByText(t('spending.settings.saved'))).toBeVisible();
  await section(page, t('nav.chat')).click();
}

for (const look of LOOKS) {
  test.describe(`spending (${look.name})`, () => {
    test(`the threshold asks before Send with the figure; Don't sends nothing (${look.name})`, async ({
      page,
      atelier,
    }) => {
      const t = look.t;
      await startChatting(page, atelier);
      await applyLook(page, look);
      await setLimits(page, look, { askAbove: '0.0001' });

      await sendIn(page, look, 'How much is this?');
      const asked = question(page);
      await expect(asked).toBeVisible();
      await expect(asked.getByRole('heading')).toHaveText(t('spending.ask.chat'));
      await expect(asked).toContainText(
        sentencePattern(look, 'spending.why.threshold', {
          threshold: moneyWords('0.0001', look.language),
        }),
      );
      await asked.getByRole('button', { name: t('spending.ask.stop') }).click();
      await expect(asked).toHaveCount(0);
      expect(await turnRequests(atelier)).toHaveLength(0);
      // The words wait in the box.
      await expect(page.getByRole('textbox', { name: t('chat.message'), exact: true })).toHaveValue(
        'How much is this?',
      );

      await page.getByRole('button', { name: t('chat.send'), exact: true }).click();
      await question(page)
        .getByRole('button', { name: t('spending.ask.go') })
        .click();
      await turnEndIn(page, look);
      // Exactly one: the turn let go; the one declined never went out.
      await expect.poll(async () => (await turnRequests(atelier)).length).toBe(1);
    });

    test(`a daily budget asks, naming the budget and what the turn adds (${look.name})`, async ({
      page,
      atelier,
    }) => {
      const t = look.t;
      await startChatting(page, atelier);
      await applyLook(page, look);
      await setLimits(page, look, { daily: '0.00001' });
      await sendIn(page, look, 'Within budget?');
      await expect(question(page)).toContainText(
        sentencePattern(look, 'spending.why.daily', {
          budget: moneyWords('0.00001', look.language),
        }),
      );
      await question(page)
        .getByRole('button', { name: t('spending.ask.stop') })
        .click();
      expect(await turnRequests(atelier)).toHaveLength(0);
    });

    test(`a red account asks before any request goes out, in the service's words (${look.name})`, async ({
      page,
      atelier,
    }) => {
      const t = look.t;
      await startChatting(page, atelier, 'sim-broke');
      await applyLook(page, look);
      const serviceText = 'No funds: the account is not operational. Top up the balance.';
      await expect(page.getByRole('status', { name: t('balance.label') })).toContainText(
        serviceText,
      );
      await sendIn(page, look, 'Anything?');
      const asked = question(page);
      await expect(asked).toContainText(t('spending.why.redText', { text: serviceText }));
      await expect(asked).toContainText(
        t('spending.why.noBalance', { balance: moneyWords('0', look.language, 'down') }),
      );
      await asked.getByRole('button', { name: t('spending.ask.stop') }).click();
      expect(await turnRequests(atelier)).toHaveLength(0);
    });

    test(`the Spending view opens from the meter, lists the turn, and its CSV has the view's total (${look.name})`, async ({
      page,
      atelier,
    }) => {
      const t = look.t;
      await startChatting(page, atelier);
      await applyLook(page, look);
      // One paid call only: no title asked for in the background.
      await page.evaluate(async () => {
        const api = (
          window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
        ).atelier;
        await api.invoke('settings.update', { autoTitle: false });
      });
      await sendAndAwaitIn(page, look, 'What does a turn cost?');
      // The header says what the conversation has cost once the ledger has the turn.
      await expect(page.getByLabel(t('spending.conversation.costLabel'))).toBeVisible();

      await page.getByRole('button', { name: t('spending.view.open'), exact: true }).click();
      const view = page.getByRole('dialog', { name: t('spending.view.title') });
      await expect(view).toBeVisible();
      const calls = view.getByRole('region', { name: t('spending.view.entries') });
      await expect(calls.getByRole('row')).toHaveCount(2);
      await expect(calls.getByRole('row').nth(1)).toContainText(t('spending.feature.chat'));
      const today = await view
        .locator('.spending-total')
        .filter({ hasText: t('spending.view.today') })
        .locator('dd')
        .textContent();

      const download = page.waitForEvent('download');
      await view.getByRole('button', { name: t('spending.view.export') }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^atelier-spending-.*\.csv$/);
      const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r\n/);
      const charge = csvFields(lines[0]!).indexOf('charge');
      const total = sumCredits(lines.slice(1).map((line) => csvFields(line)[charge] || '0'));
      expect(moneyWords(total, look.language)).toBe(today);
      await expect(
        view.getByText(
          t('spending.view.exported', {
            entries: countWords(look.language, 'units.entries', lines.length - 1),
          }),
        ),
      ).toBeVisible();
    });
  });
}
