// Nothing is lost: a host killed mid-stream keeps the partial answer; a corrupt file is set aside and told, the rest loads.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim } from '../../sim/server';
import {
  assistantMessages,
  connectService,
  expect,
  gotoApp,
  section,
  sendMessage,
  test,
  waitForTurnEnd,
} from './fixtures';
import { countWords } from '../../renderer/src/i18n/counts';
import { LOOKS, openInLook, sendAndAwaitIn } from './looks';

/** Runs the web host as its own process, as `npm run web` does, so the test can kill it outright. */
async function spawnWebHost(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/web.ts'], {
    env: { ...process.env, PORT: '0', ATELIER_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`web host did not start: ${seen}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Atelier is running at (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`web host exited with ${code}: ${seen}`)));
  });
  return { url, child };
}

test('a host killed mid-stream keeps the answer that had arrived', async ({ page }) => {
  const sim = await startSim({ port: 0, debugPort: 0, legacyPort: 0 });
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-crash-'));
  let host = await spawnWebHost(dataDir);
  try {
    await gotoApp(page, host.url);
    await connectService(page, { baseUrl: sim.baseUrl, key: 'sim-fast' });
    await section(page, 'Chat').click();
    await sendMessage(page, 'A long story, slowly [[slow]] [[long:600]]');
    const answer = assistantMessages(page).last();
    // Wait past the partial-save interval so the text on screen has reached the disk.
    await expect.poll(async () => (await answer.innerText()).length).toBeGreaterThan(200);
    await page.waitForTimeout(1500);
    const before = (await answer.innerText()).trim();

    host.child.kill('SIGKILL');
    await new Promise((resolve) => host.child.once('exit', resolve));
    host = await spawnWebHost(dataDir);

    await gotoApp(page, host.url);
    await section(page, 'Chat').click();
    await page.getByRole('link', { name: /A long story, slowly/ }).click();
    const restored = assistantMessages(page).last();
    await expect(restored).toBeVisible();
    // The app promises to lose at most about the last second before the kill: the start of the
    // answer must be there, and most of what was on screen (drawn part by part as it opens).
    const firstLine = before.split('\n').find((line) => line.trim().length > 80) ?? '';
    expect(firstLine.length).toBeGreaterThan(0);
    await expect(restored).toContainText(firstLine.trim().slice(0, 80));
    await expect
      .poll(async () => (await restored.innerText()).trim().length)
      .toBeGreaterThan(before.length * 0.5);
    // The app says the answer was cut off, rather than showing it as finished.
    await expect(restored.getByText(/interrupted/i)).toBeVisible();
  } finally {
    host.child.kill('SIGKILL');
    await sim.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a corrupt conversation file is reported at start and the others still load', async ({
  page,
}) => {
  const sim = await startSim({ port: 0, debugPort: 0, legacyPort: 0 });
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-corrupt-'));
  let host = await spawnWebHost(dataDir);
  try {
    await gotoApp(page, host.url);
    await connectService(page, { baseUrl: sim.baseUrl, key: 'sim-fast' });
    await section(page, 'Chat').click();
    await sendMessage(page, 'Keep this conversation');
    await waitForTurnEnd(page);
    host.child.kill('SIGTERM');
    await new Promise((resolve) => host.child.once('exit', resolve));

    await writeFile(join(dataDir, 'conversations', 'c-broken.json'), '{"id": "c-broken", ');
    host = await spawnWebHost(dataDir);
    await gotoApp(page, host.url);
    await section(page, 'Chat').click();
    await expect(page.getByRole('link', { name: /Keep this conversation/ })).toBeVisible();
    await expect(page.getByText(/could not be read/i)).toBeVisible();
  } finally {
    host.child.kill('SIGKILL');
    await sim.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

for (const look of LOOKS) {
  test(`files set aside at start are told, with where they are and how to get one back (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    await sendAndAwaitIn(page, look, 'Keep this conversation');
    await writeFile(join(atelier.dataDir, 'conversations', 'c-broken.json'), '{"id": "c-broken", ');
    await writeFile(join(atelier.dataDir, 'folders.json'), 'null');
    await gotoApp(page, await atelier.restartHost());

    const notice = page.getByRole('status', { name: look.t('storage.recoveredLabel') });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(
      look.t('storage.recoveredTitle', { files: countWords(look.language, 'units.files', 2) }),
    );
    await notice.getByText(look.t('storage.recoveredWhich')).click();
    await expect(notice.getByText('conversations/c-broken.json', { exact: true })).toBeVisible();
    await expect(notice.getByText('folders.json', { exact: true })).toBeVisible();
    await expect(notice.getByText(/not valid JSON/)).toBeVisible();
    await expect(
      notice.getByText(join(atelier.dataDir, 'recovered'), { exact: true }),
    ).toBeVisible();
    await expect(notice).toContainText(look.t('storage.recoveredHowBack', { note: '.why.txt' }));
    // The rest loaded: the conversation that was whole is listed.
    await expect(page.getByRole('link', { name: /Keep this conversation/ })).toBeVisible();
    await page.screenshot({ path: `test-results/storage-recovered-${look.theme}.png` });

    await notice.getByRole('button', { name: look.t('storage.dismiss'), exact: true }).click();
    await expect(notice).toHaveCount(0);
    // Set aside, never deleted: the bytes are under recovered/ with their reason beside them.
    const recovered = await page.evaluate(async () => {
      const api = (
        window as unknown as {
          atelier: { invoke(c: string, i: unknown): Promise<{ ok: boolean; data: unknown }> };
        }
      ).atelier;
      return (await api.invoke('storage.recovered', {})).data as {
        items: Array<{ file: string; movedTo: string }>;
      };
    });
    const folders = recovered.items.find((i) => i.file === 'folders.json')!;
    expect(await readFile(join(atelier.dataDir, folders.movedTo), 'utf8')).toBe('null');
    expect(await readFile(join(atelier.dataDir, `${folders.movedTo}.why.txt`), 'utf8')).toMatch(
      /folders\.json/,
    );
  });
}
