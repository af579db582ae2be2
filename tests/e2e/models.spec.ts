// The one model picker in both looks: a default from the list in use, picking by keyboard, a typed id, and every tab's choice repaired after the demo and back.
import type { Page } from '@playwright/test';
import { docShot, expect, expectModel, modelPicker, pickModel, section, test } from './fixtures';
import { LOOKS, openInLook, openSettings, type Look } from './looks';

async function useDemo(page: Page, look: Look, on: boolean): Promise<void> {
  await section(page, look.t('nav.settings')).click();
  await page
    .getByRole('button', { name: look.t(on ? 'settings.demo' : 'settings.leaveDemo'), exact: true })
    .click();
  await expect(page.getByText(look.t('settings.demoActive')).first()).toBeVisible({
    visible: on,
  });
}

for (const look of LOOKS) {
  test(`one picker: the list's default, keyboard, a typed id, repaired after the demo (${look.name})`, async ({
    page,
    atelier,
  }) => {
    test.setTimeout(120_000);
    const t = look.t;
    const label = t('models.label');
    await openInLook(page, atelier, look, 'chat');

    // A fresh chat opens on a model of the list, never one "not in the model list".
    await expectModel(page, 'openai/gpt-4o-mini', label);
    await expect(page.getByText(t('models.notListed'))).toHaveCount(0);

    // The list opens with the task's kinds first, each model with its price and context.
    const chat = modelPicker(page, label);
    await chat.click();
    const list = page.getByRole('listbox', { name: label });
    await expect(list).toBeVisible();
    await expect(list.getByRole('group').first()).toContainText(t('models.kind.chat'));
    const mini = list.getByRole('option', { name: /OpenAI: GPT-4o mini openai\/gpt-4o-mini/ });
    await expect(mini).toContainText('128');
    await docShot(page, `picker-${look.theme}`);
    await chat.press('Escape');
    await expect(list).toBeHidden();

    // Images: its own kinds first and the list's default; picked by keyboard alone.
    await section(page, t('nav.images')).click();
    const images = modelPicker(page, label);
    await expectModel(page, /^(img-|openai\/dall-e)/, label);
    await images.focus();
    await images.pressSequentially('sdxl');
    await images.press('ArrowDown');
    await images.press('ArrowUp');
    await expect(images).toHaveAttribute('aria-activedescendant', /row-0$/);
    await images.press('Enter');
    await expectModel(page, 'img-stable/stable-diffusion-xl-1024', label);
    await images.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: label })).toBeVisible();
    await images.press('Escape');
    await expectModel(page, 'img-stable/stable-diffusion-xl-1024', label);

    // An id the list lacks (this account's own mapping) is taken as typed, and kept.
    await pickModel(page, 'sdapi/txt2img', label);
    await expect(page.getByText(t('models.notListed'))).toBeVisible();

    // Into the demo, which has no such mapping: Images switches to the demo list's default and
    // says so; Edit has the demo's edit model.
    await useDemo(page, look, true);
    await section(page, t('nav.images')).click();
    await expectModel(page, /^(img-|openai\/dall-e)/, label, 15_000);
    const repaired = page.getByRole('status').filter({ hasText: 'sdapi/txt2img' });
    await expect(repaired).toBeVisible();
    await page.getByRole('radio', { name: t('images.mode.edit') }).click();
    await expectModel(page, /^img2img-/, label);

    // Chat keeps an id typed for the old service but flags it with a one-click repair.
    await useDemo(page, look, false);
    await section(page, t('nav.chat')).click();
    await pickModel(page, 'my-own/model', label);
    await useDemo(page, look, true);
    await section(page, t('nav.chat')).click();
    await expect(page.getByText(t('models.notOnList', { id: 'my-own/model' }))).toBeVisible({
      timeout: 15_000,
    });
    await expectModel(page, 'my-own/model', label);
    await page
      .getByRole('button', { name: t('models.useDefault', { name: 'OpenAI: GPT-4o mini' }) })
      .click();
    await expectModel(page, 'openai/gpt-4o-mini', label);
    await expect(page.getByText(t('models.notOnList', { id: 'my-own/model' }))).toHaveCount(0);

    // Out of the demo again: the Images choice made there is on the person's list too, and stays.
    await useDemo(page, look, false);
    await section(page, t('nav.images')).click();
    await page.getByRole('radio', { name: t('images.mode.generate') }).click();
    await expectModel(page, /^(img-|openai\/dall-e)/, label, 15_000);
  });
}

for (const look of LOOKS) {
  test(`Settings says which model a new chat takes when none is chosen, and goes back to it (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const t = look.t;
    await openInLook(page, atelier, look);
    await openSettings(page, look, 'models');
    const automatic = t('settings.defaultModelAutomaticNow', { model: 'OpenAI: GPT-4o mini' });
    const label = t('settings.defaultModel');
    // Chosen by hand, then given back to the list's default.
    await pickModel(page, 'sim/tiny-context', label);
    await expectModel(page, 'sim/tiny-context', label);
    await expect(page.getByText(automatic)).toHaveCount(0);
    await page.getByRole('button', { name: t('settings.defaultModelAutomatic') }).click();
    await expect(page.getByRole('status').filter({ hasText: automatic })).toBeVisible();
    // A new chat takes it.
    await section(page, t('nav.chat')).click();
    await page.getByRole('button', { name: t('chat.newChat'), exact: true }).click();
    await expectModel(page, 'openai/gpt-4o-mini', t('models.label'));
  });
}
