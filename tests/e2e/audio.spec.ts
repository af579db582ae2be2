// The Audio tab as a person uses it: speech and music played on a waveform, transcription by file, bad input.
import type { Page } from '@playwright/test';
import { wavOf } from './files';
import {
  type Atelier,
  connectService,
  expect,
  expectModel,
  failNextRequests,
  openApp,
  pickModel,
  reloadApp,
  section,
  simRequests,
  test,
} from './fixtures';
import { E2E_CHROMIUM, E2E_CHROMIUM_ARGS } from './browser';

// Chromium's fake capture device (a beep) stands in for a microphone, granted without a prompt.
test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: E2E_CHROMIUM,
    args: [
      ...E2E_CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function openAudio(page: Page, atelier: Atelier): Promise<void> {
  await openApp(page, atelier);
  await connectService(page, { baseUrl: atelier.simBaseUrl, key: 'sim-fast' });
  await section(page, 'Audio').click();
  await expect(page.getByRole('heading', { name: 'Audio', level: 1 })).toBeVisible();
}

/**
 * Silence as a 16-bit mono WAV at a very low rate: a valid recording of the asked length that
 * stays small, so the simulator's request log (2,000 characters a body) still shows the form fields.
 */
function silentWav(seconds: number, rate = 100): Buffer {
  return wavOf(Buffer.alloc(seconds * rate * 2), rate);
}

/** The file input beside "Transcribe file" (the hidden chat keeps its own). */
function audioFileInput(page: Page) {
  return page.getByRole('tabpanel', { name: 'Audio' }).locator('input[type="file"]');
}

/** About five seconds of simulated speech (0.06 s a character). */
const SPEECH = 'Hello from the speech test, long enough to be paused while it is playing.';

function playerAudio(page: Page) {
  return page.getByRole('group', { name: /^Player:/ }).locator('audio');
}

async function currentTime(page: Page): Promise<number> {
  return playerAudio(page).evaluate((element) => (element as HTMLAudioElement).currentTime);
}

test('speech is made, saved to the history and played on its waveform', async ({
  page,
  atelier,
}) => {
  await openAudio(page, atelier);
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(SPEECH);
  await expectModel(page, 'tts-openai/tts-1');
  await page.getByRole('combobox', { name: 'Voice' }).selectOption('nova');
  await page.getByRole('combobox', { name: 'Format' }).selectOption('wav');
  await page.getByRole('button', { name: 'Speak', exact: true }).click();

  const player = page.getByRole('group', { name: `Player: ${SPEECH}` });
  await expect(player).toBeVisible();
  await expect(player.getByRole('slider', { name: 'Position' })).toHaveAttribute(
    'aria-valuemax',
    /^[1-9]/,
  );
  await expect(page.getByRole('button', { name: `Play ${SPEECH}` })).toBeVisible();

  const [request] = await simRequests(atelier, '/audio/speech');
  expect(JSON.parse(String(request?.body))).toMatchObject({
    model: 'tts-openai/tts-1',
    voice: 'nova',
    response_format: 'wav',
  });

  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.2);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  const paused = await currentTime(page);
  await page.waitForTimeout(400);
  expect(await currentTime(page)).toBeCloseTo(paused, 1);

  // Kept in the library: still listed after a reload.
  await reloadApp(page);
  await section(page, 'Audio').click();
  await expect(page.getByRole('button', { name: `Play ${SPEECH}` })).toBeVisible();
});

test('a music clip plays from the keyboard and seeks with the arrows', async ({
  page,
  atelier,
}) => {
  await openAudio(page, atelier);
  await page.getByRole('tab', { name: 'Music' }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('calm piano and rain');
  await expectModel(page, /^tta-/);
  await pickModel(page, 'tta-stable/stable-audio', 'Model');
  await page.getByRole('spinbutton', { name: 'Seconds' }).fill('12');
  await page.getByRole('button', { name: 'Make music' }).click();

  const player = page.getByRole('group', { name: 'Player: calm piano and rain' });
  const position = player.getByRole('slider', { name: 'Position' });
  await expect(position).toHaveAttribute('aria-valuemax', '12');
  const [request] = await simRequests(atelier, '/audio/speech');
  expect(JSON.parse(String(request?.body))).toMatchObject({
    model: 'tta-stable/stable-audio',
    seconds_total: 12,
    response_format: 'wav',
  });

  await position.focus();
  await page.keyboard.press('Space');
  await expect(position).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(5);
  await page.keyboard.press('Space');
  await expect(position).toHaveAttribute('data-state', 'paused');
});

test('music longer than any app cap is offered; the service says when a model cannot', async ({
  page,
  atelier,
}) => {
  await openAudio(page, atelier);
  await page.getByRole('tab', { name: 'Music' }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('a long slow drone');
  await pickModel(page, 'tta-stable/stable-audio', 'Model');
  await expect(page.getByText(/does not say how long this model can go/)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Seconds' }).fill('120');
  await page.getByRole('button', { name: 'Make music' }).click();
  await expect(
    page.getByText(/The service said: .*seconds_total must be within 1\.\.47/),
  ).toBeVisible();
  const body = String((await simRequests(atelier, '/audio/speech')).at(-1)?.body);
  expect(body).toContain('"seconds_total":120');
});

test('a file is transcribed into the Transcript box', async ({ page, atelier }) => {
  await openAudio(page, atelier);
  await page.getByRole('tab', { name: 'Transcription' }).click();
  // A person can choose a file once the model list has arrived and a model is chosen.
  await expect(page.getByRole('button', { name: 'Transcribe file' })).toBeEnabled();
  await pickModel(page, 'stt-openai/whisper-1', 'Model');
  await expect(page.getByRole('checkbox', { name: 'Speakers and timestamps' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Language' }).fill('en');
  await audioFileInput(page).setInputFiles({
    name: 'note.wav',
    mimeType: 'audio/wav',
    buffer: silentWav(2),
  });

  const transcript = page.getByRole('textbox', { name: 'Transcript', exact: true });
  await expect(transcript).toHaveValue(/simulated transcript of note\.wav, about 2 seconds long/);
  const [request] = await simRequests(atelier, '/audio/transcriptions');
  expect(String(request?.body)).toContain('name="response_format"\r\n\r\njson');
  expect(String(request?.body)).toContain('name="language"\r\n\r\nen');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save as text' })).toBeVisible();
});

test('a diarization model gives the transcript by speaker with timestamps', async ({
  page,
  atelier,
}) => {
  await openAudio(page, atelier);
  await page.getByRole('tab', { name: 'Transcription' }).click();
  // A person can choose a file once the model list has arrived and a model is chosen.
  await expect(page.getByRole('button', { name: 'Transcribe file' })).toBeEnabled();
  await pickModel(page, 'stt-elevenlabs/scribe-v1', 'Model');
  await expect(page.getByRole('checkbox', { name: 'Speakers and timestamps' })).toBeChecked();
  await audioFileInput(page).setInputFiles({
    name: 'meeting.wav',
    mimeType: 'audio/wav',
    buffer: silentWav(6),
  });

  const turns = page.getByRole('list', { name: 'Transcript by speaker' }).getByRole('listitem');
  await expect(turns.first()).toContainText('Speaker 1');
  await expect(turns.nth(1)).toContainText('Speaker 2');
  await expect(turns.first()).toContainText('0:00–');
  await expect(page.getByRole('textbox', { name: 'Transcript', exact: true })).toHaveValue(
    /^\[0:00\] Speaker 1: This is the simulated transcript of meeting\.wav/,
  );
  const [request] = await simRequests(atelier, '/audio/transcriptions');
  expect(String(request?.body)).toContain('name="response_format"\r\n\r\nverbose_json');
});

test('a busy service is retried, and the person is told so', async ({ page, atelier }) => {
  await openAudio(page, atelier);
  await failNextRequests(atelier, { status: 429, count: 1, path: '/audio/speech' });
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Once more, please.');
  await page.getByRole('button', { name: 'Speak', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /trying again \(\d of \d\)/ }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Player: Once more, please.' })).toBeVisible();
  expect(await simRequests(atelier, '/audio/speech')).toHaveLength(2);
  // MP3 (the default format) has no peaks from core: wavesurfer decodes it in the page.
  const position = page
    .getByRole('group', { name: 'Player: Once more, please.' })
    .getByRole('slider', { name: 'Position' });
  await expect(position).toHaveAttribute('aria-valuemax', /^[1-9]/);
  await expect(page.getByText('This recording cannot be played here.')).toHaveCount(0);
});

test('an answer that is not audio is refused and nothing is saved', async ({ page, atelier }) => {
  await openAudio(page, atelier);
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Broken [[notaudio]]');
  await page.getByRole('button', { name: 'Speak', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('could not read');
  await expect(alert).toContainText('not audio');
  await expect(page.getByText('Nothing yet. What you make is kept here.')).toBeVisible();
  // The text is still there to try again.
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(
    'Broken [[notaudio]]',
  );
});

test('a file that is not audio is refused before transcription', async ({ page, atelier }) => {
  await openAudio(page, atelier);
  await page.getByRole('tab', { name: 'Transcription' }).click();
  // A person can choose a file once the model list has arrived and a model is chosen.
  await expect(page.getByRole('button', { name: 'Transcribe file' })).toBeEnabled();
  await audioFileInput(page).setInputFiles({
    name: 'song.wav',
    mimeType: 'audio/wav',
    buffer: Buffer.from('<!DOCTYPE html><html><body>not a song</body></html>'),
  });
  await expect(page.getByRole('alert')).toContainText('is not a WAV file');
  expect(await simRequests(atelier, '/audio/transcriptions')).toHaveLength(0);

  await audioFileInput(page).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('just text'),
  });
  await expect(page.getByRole('alert')).toContainText('notes.txt is not an audio file');
});

test('a microphone recording is transcribed', async ({ page, atelier }) => {
  await openAudio(page, atelier);
  await page.getByRole('tab', { name: 'Transcription' }).click();
  // A person can choose a file once the model list has arrived and a model is chosen.
  await expect(page.getByRole('button', { name: 'Transcribe file' })).toBeEnabled();
  await pickModel(page, 'stt-openai/whisper-1', 'Model');
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText(/Recording… [1-9] s/)).toBeVisible();
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('textbox', { name: 'Transcript', exact: true })).toHaveValue(
    /simulated transcript of recording-[\d-]+\.webm/,
  );
});
