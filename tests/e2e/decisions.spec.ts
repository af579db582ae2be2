// Decisions in both looks: questions named by the person (q1, q2 … when left empty) and answered by those names, and a list with no decision model.
import type { Page } from '@playwright/test';
import { expect, expectModel, simRequests, test } from './fixtures';
import { LOOKS, openInLook, type Look } from './looks';

function question(page: Page, look: Look, number: number) {
  return page.getByRole('group', { name: look.t('decisions.question', { number }) });
}

async function withText(page: Page, look: Look): Promise<void> {
  await page
    .getByRole('textbox', { name: look.t('documents.text') })
    .fill('Invoice 42: the payment is due in thirty days.');
}

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test('each question goes by the name given it, q2 when left empty, and the answers say so', async ({
      page,
      atelier,
    }) => {
      await openInLook(page, atelier, look, 'documents');
      await withText(page, look);
      const first = question(page, look, 1);
      await first.getByRole('textbox', { name: look.t('decisions.name') }).fill('is_invoice');
      await first
        .getByRole('textbox', { name: look.t('decisions.instructions'), exact: true })
        .fill('Is it an invoice?');
      await page.getByRole('button', { name: look.t('decisions.add') }).click();
      const second = question(page, look, 2);
      await expect(second.getByRole('textbox', { name: look.t('decisions.name') })).toHaveAttribute(
        'placeholder',
        'q2',
      );
      await second
        .getByRole('textbox', { name: look.t('decisions.instructions'), exact: true })
        .fill('Is a payment due?');

      // A name two questions share is said plainly, and nothing is asked.
      const ask = page.getByRole('button', { name: look.t('decisions.ask'), exact: true });
      await second.getByRole('textbox', { name: look.t('decisions.name') }).fill('is_invoice');
      await expect(
        page.getByText(look.t('decisions.nameRepeated', { name: 'is_invoice' })),
      ).toBeVisible();
      await expect(ask).toBeDisabled();
      await second.getByRole('textbox', { name: look.t('decisions.name') }).fill('');
      await ask.click();

      const answers = page.getByRole('region', { name: look.t('decisions.answers') });
      await expect(answers.getByText('is_invoice', { exact: true })).toBeVisible();
      await expect(answers.getByText('q2', { exact: true })).toBeVisible();
      const body = JSON.parse(String((await simRequests(atelier, '/decisions')).at(-1)?.body)) as {
        questions: Record<string, unknown>;
      };
      expect(Object.keys(body.questions)).toEqual(['is_invoice', 'q2']);
    });

    test('with no decision model on the list, the person is asked to choose one', async ({
      page,
      atelier,
    }) => {
      // A service whose list has no decision model: the web host's core runs in this process.
      const real = globalThis.fetch;
      globalThis.fetch = async (input, init) => {
        const answer = await real(input, init);
        const url = input instanceof Request ? input.url : String(input);
        if (!url.endsWith('/v1/models')) return answer;
        const list = (await answer.json()) as { data: Array<{ id: string }> };
        return Response.json({
          ...list,
          data: list.data.filter((m) => !/decision|judge|classif/i.test(m.id)),
        });
      };
      try {
        await openInLook(page, atelier, look, 'documents');
        await withText(page, look);
        await page
          .getByRole('textbox', { name: look.t('decisions.instructions'), exact: true })
          .fill('Is it an invoice?');
        await expect(page.getByText(look.t('decisions.chooseModel'))).toBeVisible();
        await expect(
          page.getByRole('button', { name: look.t('decisions.ask'), exact: true }),
        ).toBeDisabled();
        await expectModel(page, '', look.t('decisions.model'));
      } finally {
        globalThis.fetch = real;
      }
      expect(await simRequests(atelier, '/decisions')).toHaveLength(0);
    });
  });
}
