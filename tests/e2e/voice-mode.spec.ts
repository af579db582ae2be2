// Voice mode with a fake microphone: two spoken rounds ask two questions, get two answers and read both aloud, each step in the ledger.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Envelope } from '../../shared/types';
import type { SpendEntry } from '../../shared/spending';
import { fakeMicrophoneWav, SPOKEN_QUESTION } from '../../sim/media/voice-signature';
import { chromiumWith } from './browser';
import { docShot, expect, test } from './fixtures';
import { LOOKS, openInLook } from './looks';

// Chromium plays this file in a loop as the microphone: tone bursts, then a silence longer than
// voice mode's pause, so each round ends by itself.
const microphoneFile = join(tmpdir(), `atelier-fake-microphone-${process.pid}.wav`);
writeFileSync(microphoneFile, fakeMicrophoneWav());

test.use({
  // The rich list states the per-minute price of transcription, so every step has an estimate.
  atelierOptions: { modelsProfile: 'rich' },
  launchOptions: chromiumWith([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${microphoneFile}`,
  ]),
});

async function ledger(page: Page): Promise<SpendEntry[]> {
  const answer = await page.evaluate(async () => {
    const api = (
      window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<unknown> } }
    ).atelier;
    return api.invoke('spending.entries', {});
  });
  const envelope = answer as Envelope<SpendEntry[]>;
  if (!envelope.ok) throw new Error(`spending.entries failed: ${JSON.stringify(envelope.error)}`);
  return envelope.data;
}

for (const look of LOOKS) {
  test(`two spoken rounds ask two questions and read both answers aloud (${look.name})`, async ({
    page,
    atelier,
  }) => {
    // Each reply is read aloud in real time (the simulator's speech is about 0.06 s a character).
    test.setTimeout(150_000);
    await openInLook(page, atelier, look, 'chat');
    await page.getByRole('button', { name: look.t('voice.start'), exact: true }).click();
    const panel = page.getByRole('region', { name: look.t('voice.region') });
    const state = panel.getByRole('status');
    await expect(state).toHaveText(look.t('voice.phase.listening'));
    await expect(state).toHaveText(look.t('voice.phase.speaking'), { timeout: 20_000 });
    await docShot(page, `voice-mode-${look.language}-${look.theme}`);

    await expect(panel).toHaveAttribute('data-replies-played', '2', { timeout: 120_000 });
    await expect(state).toHaveText(look.t('voice.phase.listening'));
    // Played to their end: the audio elements' ended events, counted by the app.
    const played = Number(await panel.getAttribute('data-sentences-played'));
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: look.t('voice.start'), exact: true }),
    ).toBeVisible();

    const questions = page.getByRole('article', { name: look.t('chat.userMessage') });
    const answers = page.getByRole('article', { name: look.t('chat.assistantMessage') });
    await expect(questions).toHaveCount(2);
    await expect(questions.nth(0)).toContainText(SPOKEN_QUESTION.en);
    await expect(questions.nth(1)).toContainText(SPOKEN_QUESTION.en);
    await expect(answers).toHaveCount(2);
    await expect(answers.nth(1)).toContainText('I received 3 messages');

    // Every step of both rounds is in the ledger, each with the figure said before it.
    const entries = await ledger(page);
    const of = (feature: SpendEntry['feature']) => entries.filter((e) => e.feature === feature);
    expect(of('transcription')).toHaveLength(2);
    expect(of('chat')).toHaveLength(2);
    // Each reply has several sentences, each made once and played once.
    expect(played).toBeGreaterThanOrEqual(4);
    expect(of('speech')).toHaveLength(played);
    for (const entry of [...of('transcription'), ...of('chat'), ...of('speech')])
      expect(entry.estimate, entry.feature).not.toBeNull();
  });
}

for (const look of LOOKS) {
  test(`says in words what to do when the microphone is refused (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await openInLook(page, atelier, look, 'chat');
    const voice = page.getByRole('button', { name: look.t('voice.start'), exact: true });
    await voice.click();
    const panel = page.getByRole('region', { name: look.t('voice.region') });
    await expect(panel.getByRole('alert')).toHaveText(look.t('voice.problem.microphone-refused'));
    await expect(voice).toHaveAttribute('aria-pressed', 'false');
    await panel.getByRole('button', { name: look.t('voice.dismiss') }).click();
    await expect(panel).toHaveCount(0);
  });
}
