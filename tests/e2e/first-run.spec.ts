// The first minutes: the welcome screen checks the address and key at once, offers the demo, and a
// message sent with nothing set up leads there without leaving an empty conversation behind.
import { MODELS } from '../../sim/models';
import { type Atelier, expect, gotoApp, section, test, turnRequests } from './fixtures';
import { countWords } from '../../renderer/src/i18n/counts';
import { moneyWords } from '../../renderer/src/i18n/money';
import { LOOKS, applyLook, type Look, sendIn } from './looks';
import type { Page } from '@playwright/test';

async function openFresh(page: Page, atelier: Atelier, look: Look): Promise<void> {
  await gotoApp(page, atelier.url);
  await expect(section(page, 'Settings')).toBeVisible();
  await applyLook(page, look);
}

function answers(page: Page, look: Look) {
  return page.getByRole('article', { name: look.t('chat.assistantMessage') });
}

async function conversationCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const api = (
      window as unknown as {
        atelier: { invoke(c: string, i: unknown): Promise<{ data: { items: unknown[] } }> };
      }
    ).atelier;
    return (await api.invoke('conversations.list', {})).data.items.length;
  });
}

for (const look of LOOKS) {
  test(`the welcome screen says at once what the service thinks of the key (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    const t = look.t;
    await expect(page.getByRole('heading', { name: t('firstrun.title') })).toBeVisible();
    const address = page.getByRole('textbox', { name: t('settings.baseUrl') });
    await expect(address).toBeFocused();

    // A key the service does not know: its own words, and nothing kept.
    await address.fill(atelier.simBaseUrl);
    await page.getByRole('textbox', { name: t('settings.apiKey') }).fill('nobody-knows-this-key');
    await page.getByRole('button', { name: t('firstrun.connect'), exact: true }).click();
    const refused = page
      .getByRole('alert')
      .filter({ hasText: t('firstrun.refused', { words: '' }) });
    await expect(refused).toContainText(/not found/i);
    await expect(refused).toContainText(t('firstrun.nothingSaved'));
    await expect(page.getByRole('heading', { name: t('firstrun.title') })).toBeVisible();

    // The right key: the number of models and the balance, in words.
    await page.getByRole('textbox', { name: t('settings.apiKey') }).fill('sim-fast');
    await page.getByRole('button', { name: t('firstrun.connect'), exact: true }).click();
    await expect(
      page.getByText(
        t('firstrun.connected', {
          models: countWords(look.language, 'units.models', MODELS.length),
          credits: moneyWords('100.00', look.language, 'down'),
        }),
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: t('firstrun.start'), exact: true }).click();
    await sendIn(page, look, 'Hello after the welcome');
    await expect(answers(page, look).last()).toContainText('Hello after the welcome', {
      timeout: 20_000,
    });
    const last = (await turnRequests(atelier)).at(-1);
    expect(String(last?.headers.authorization)).toBe('Bearer sim-fast');
  });

  test(`an address where nothing answers is named, and nothing is kept (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    const t = look.t;
    await page.getByRole('textbox', { name: t('settings.baseUrl') }).fill('http://127.0.0.1:9/v1');
    await page.getByRole('textbox', { name: t('settings.apiKey') }).fill('sim-fast');
    await page.getByRole('button', { name: t('firstrun.connect'), exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(
      t('firstrun.unreachable', { host: '127.0.0.1:9' }),
    );
    await section(page, t('nav.settings')).click();
    await expect(page.getByRole('textbox', { name: t('settings.baseUrl') })).toHaveValue('');
    await expect(page.getByText(t('settings.keyNotSet'))).toBeVisible();
  });

  test(`a message sent with nothing set up leads to the welcome and leaves no conversation (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    const t = look.t;
    await page.getByRole('button', { name: t('firstrun.later'), exact: true }).click();
    await sendIn(page, look, 'Is anyone there?');
    await expect(page.getByRole('heading', { name: t('firstrun.title') })).toBeVisible();
    await expect(page.getByText(t('firstrun.waiting'))).toBeVisible();
    expect(await conversationCount(page)).toBe(0);
    await expect(page.getByRole('article', { name: look.t('chat.userMessage') })).toHaveCount(0);

    // The navigation still works, and the words wait in the box once a service is set.
    await section(page, t('nav.settings')).click();
    await expect(page.getByRole('textbox', { name: t('settings.baseUrl') })).toBeVisible();
    await section(page, t('nav.chat')).click();
    await page.getByRole('button', { name: t('settings.demo'), exact: true }).click();
    await expect(page.getByRole('textbox', { name: t('chat.message') })).toHaveValue(
      'Is anyone there?',
    );
  });

  test(`the demo from the welcome, and leaving it for a real key (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    const t = look.t;
    await page.getByRole('button', { name: t('settings.demo'), exact: true }).click();
    await sendIn(page, look, 'Hello from the demo');
    await expect(answers(page, look).last()).toContainText('Hello from the demo', {
      timeout: 20_000,
    });

    // Leaving a demo begun with nothing set: an empty address to fill, focused, not the demo's.
    await section(page, t('nav.settings')).click();
    await page.getByRole('button', { name: t('settings.leaveDemo'), exact: true }).click();
    const address = page.getByRole('textbox', { name: t('settings.baseUrl') });
    await expect(address).toHaveValue('');
    await expect(address).toBeFocused();
    await expect(page.getByText(t('firstrun.enterAddress'))).toBeVisible();
    await section(page, t('nav.chat')).click();
    await expect(page.getByRole('heading', { name: t('firstrun.title') })).toBeVisible();
  });

  test(`Settings says "Key saved" only for a key the service accepts (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openFresh(page, atelier, look);
    const t = look.t;
    await section(page, t('nav.settings')).click();
    await page.getByRole('textbox', { name: t('settings.baseUrl') }).fill(atelier.simBaseUrl);
    await page
      .getByRole('textbox', { name: t('settings.apiKey') })
      .fill('sk-proj-0123456789abcdef');
    await page.getByRole('button', { name: t('common.save'), exact: true }).click();
    await expect(page.getByText(t('firstrun.keyKeptRefused'))).toBeVisible();
    await expect(page.getByText(t('firstrun.keyNotWorking'))).toBeVisible();
    await expect(page.getByText(t('settings.keySaved'))).toHaveCount(0);

    await page.getByRole('textbox', { name: t('settings.apiKey') }).fill('sim-fast');
    await page.getByRole('button', { name: t('common.save'), exact: true }).click();
    await expect(page.getByText(t('settings.keySaved'))).toBeVisible();
    await expect(
      page.getByText(
        t('firstrun.connected', {
          models: countWords(look.language, 'units.models', MODELS.length),
          credits: moneyWords('100.00', look.language, 'down'),
        }),
      ),
    ).toBeVisible();
    await expect(page.getByText(t('firstrun.keyWorking'))).toBeVisible();
    await expect(page.getByText(t('firstrun.keyNotWorking'))).toHaveCount(0);
  });
}
