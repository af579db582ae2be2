// Organising conversations: folders, the archive, select mode; titles a model makes; assistants a new chat starts from.
import type { Locator, Page } from '@playwright/test';
import { FIRST_ROWS, MORE_ROWS } from '../../renderer/src/common/growing-list';
import { countWords } from '../../renderer/src/i18n/counts';
import {
  expect,
  reloadApp,
  section,
  startChatting,
  test,
  titleRequests,
  turnRequests,
} from './fixtures';
import { applyLook, LOOKS, type Look, openInLook, openSettings, sendAndAwaitIn } from './looks';

function sidebar(page: Page, look: Look) {
  return page.getByRole('complementary', { name: look.t('chat.conversations') });
}

/** Conversations made through core (the setup, not the subject), then the page opened again. */
async function makeConversations(page: Page, titles: string[]) {
  await page.evaluate(async (names) => {
    const api = (
      window as unknown as {
        atelier: { invoke(c: string, i: unknown): Promise<{ ok: boolean; data: { id: string } }> };
      }
    ).atelier;
    for (const title of names) {
      const created = await api.invoke('conversations.create', {});
      await api.invoke('conversations.update', { id: created.data.id, title });
    }
  }, titles);
}

const QUESTIONS = {
  en: {
    text: 'Plan a weekend trip to Lisbon please',
    title: 'Plan a weekend trip to',
    other: 'Suggest three books about gardens',
  },
  ru: {
    text: 'Спланируй поездку в Лиссабон на выходные пожалуйста',
    title: 'Спланируй поездку в Лиссабон на',
    other: 'Посоветуй три книги о садах',
  },
} as const;

const TRANSLATOR = { en: 'Translator', ru: 'Переводчик' } as const;

// Long scenarios of many steps, on a machine the other test runs share.
test.describe.configure({ timeout: 180_000 });

for (const look of LOOKS) {
  test(`a model names the conversation after the first answer, unless the setting is off (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    const q = QUESTIONS[look.language];
    await sendAndAwaitIn(page, look, q.text);
    const list = sidebar(page, look);
    await expect(list.getByRole('link', { name: q.title, exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(q.title);
    expect(await titleRequests(atelier)).toHaveLength(1);

    await openSettings(page, look, 'chat');
    const card = page.getByRole('region', { name: look.t('organise.titles') });
    await card.getByRole('checkbox', { name: look.t('organise.autoTitle') }).uncheck();
    await expect(
      card.getByRole('checkbox', { name: look.t('organise.autoTitle') }),
    ).not.toBeChecked();
    await section(page, look.t('nav.chat')).click();
    await page.getByRole('button', { name: look.t('chat.newChat'), exact: true }).click();
    await sendAndAwaitIn(page, look, q.other);
    // At the test's rate a title request would go out at once, as the first one did.
    await page.waitForTimeout(1000);
    await expect(list.getByRole('link', { name: q.other, exact: true })).toBeVisible();
    expect(await titleRequests(atelier)).toHaveLength(1);
  });

  test(`folders, drag to a folder, select with shift, archive, delete selected, delete a folder (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await startChatting(page, atelier);
    await makeConversations(page, ['Alpha notes', 'Beta notes', 'Gamma notes', 'Delta notes']);
    await applyLook(page, look);
    await section(page, look.t('nav.chat')).click();
    const list = sidebar(page, look);
    await expect(list.getByRole('link', { name: 'Delta notes' })).toBeVisible();

    await list.getByRole('button', { name: look.t('organise.newFolder') }).click();
    await list.getByRole('textbox', { name: look.t('organise.folderName') }).fill('Work');
    await list.getByRole('textbox', { name: look.t('organise.folderName') }).press('Enter');
    const folder = list.getByRole('button', { name: /Work/ });
    await expect(folder).toHaveAttribute('aria-expanded', 'true');
    const folderItem = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /Work/ }) });
    await expect(folderItem).toContainText(look.t('organise.emptyFolder'));

    // Drag a conversation onto the folder.
    await list.getByRole('link', { name: 'Delta notes' }).dragTo(folder);
    await expect(folderItem.getByRole('link', { name: 'Delta notes' })).toBeVisible();
    await folder.click();
    await expect(folder).toHaveAttribute('aria-expanded', 'false');
    await expect(list.getByRole('link', { name: 'Delta notes' })).toHaveCount(0);
    await folder.click();

    // Select mode: a click, then shift-click for the range (newest first: Gamma, Beta, Alpha).
    await page.getByRole('button', { name: look.t('organise.select'), exact: true }).click();
    const bar = page.getByRole('group', { name: look.t('organise.selectionActions') });
    await list.getByRole('checkbox', { name: 'Gamma notes' }).click();
    await list.getByRole('checkbox', { name: 'Alpha notes' }).click({ modifiers: ['Shift'] });
    await expect(bar.getByRole('status')).toHaveText(look.t('organise.selected', { count: 3 }));
    await expect(list.getByRole('checkbox', { name: 'Beta notes' })).toBeChecked();
    await expect(list.getByRole('checkbox', { name: 'Delta notes' })).not.toBeChecked();

    await bar.getByRole('combobox', { name: look.t('organise.moveToFolder') }).selectOption({
      label: 'Work',
    });
    await expect(folderItem.getByRole('checkbox')).toHaveCount(4);
    await expect(bar.getByRole('status')).toHaveText(look.t('organise.selected', { count: 0 }));

    await list.getByRole('checkbox', { name: 'Beta notes' }).click();
    await bar.getByRole('button', { name: look.t('organise.archiveSelected') }).click();
    await expect(list.getByRole('checkbox', { name: 'Beta notes' })).toHaveCount(0);

    await list.getByRole('checkbox', { name: 'Alpha notes' }).click();
    await list.getByRole('checkbox', { name: 'Gamma notes' }).click();
    await bar.getByRole('button', { name: look.t('organise.deleteSelected') }).click();
    const confirm = page.getByRole('alertdialog', { name: look.t('organise.deleteSelected') });
    await expect(confirm).toContainText(
      look.t('organise.deleteSelectedConfirm', {
        conversations: countWords(look.language, 'units.selectedConversations', 2),
      }),
    );
    await confirm.getByRole('button', { name: look.t('common.delete') }).click();
    await expect(list.getByRole('checkbox', { name: 'Alpha notes' })).toHaveCount(0);
    await expect(list.getByRole('checkbox', { name: 'Gamma notes' })).toHaveCount(0);
    await bar.getByRole('button', { name: look.t('organise.doneSelecting') }).click();

    // Deleting the folder keeps its conversation, now in no folder.
    await folder.hover();
    await list.getByRole('button', { name: look.t('organise.deleteFolder') }).click();
    const folderConfirm = page.getByRole('alertdialog', { name: look.t('organise.deleteFolder') });
    await expect(folderConfirm).toContainText(
      look.t('organise.deleteFolderConfirm', { name: 'Work' }),
    );
    await folderConfirm.getByRole('button', { name: look.t('common.delete') }).click();
    await expect(folder).toHaveCount(0);
    await expect(list.getByRole('link', { name: 'Delta notes' })).toBeVisible();

    // The archive: Beta is there, and comes back with Restore; all of it survives a reload.
    await list.getByRole('button', { name: look.t('organise.showArchived', { count: 1 }) }).click();
    const archived = list.getByRole('listitem').filter({ hasText: 'Beta notes' });
    await archived.hover();
    await archived.getByRole('button', { name: look.t('organise.restore') }).click();
    await expect(list.getByText(look.t('organise.noArchived'))).toBeVisible();
    await list.getByRole('button', { name: look.t('organise.backToList') }).click();
    await reloadApp(page);
    await section(page, look.t('nav.chat')).click();
    await expect(list.getByRole('link', { name: 'Beta notes' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Delta notes' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Alpha notes' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: /Work/ })).toHaveCount(0);
  });

  test(`a conversation's own actions: pin under the pointer, rename and delete from the keyboard (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await startChatting(page, atelier);
    await makeConversations(page, ['Alpha notes', 'Beta notes']);
    await applyLook(page, look);
    await section(page, look.t('nav.chat')).click();
    const list = sidebar(page, look);
    const actionsOf = (title: string) =>
      list.getByRole('group', { name: look.t('chat.conversationActions', { title }) });
    await expect(list.getByRole('link', { name: 'Alpha notes' })).toBeVisible();
    // Neither is open, under the pointer or focused: their actions are not shown.
    await expect(actionsOf('Alpha notes')).toHaveCount(0);
    await expect(actionsOf('Beta notes')).toHaveCount(0);

    // The pointer brings a row's actions; Pin moves it under "Pinned".
    await list.getByRole('link', { name: 'Alpha notes' }).hover();
    await actionsOf('Alpha notes')
      .getByRole('button', { name: look.t('chat.pin'), exact: true })
      .click();
    await expect(list.getByRole('heading', { name: look.t('chat.pinned') })).toBeVisible();
    await list.getByRole('link', { name: 'Alpha notes' }).hover();
    await expect(
      actionsOf('Alpha notes').getByRole('button', { name: look.t('chat.unpin') }),
    ).toBeVisible();
    // The pointer moves on: the row it left no longer holds its actions.
    await list.getByRole('link', { name: 'Beta notes' }).hover();
    await expect(actionsOf('Beta notes')).toBeVisible();
    await expect(actionsOf('Alpha notes')).toHaveCount(0);

    // The keyboard, the pointer away: → from the row's link reaches Pin, then Rename.
    const messageBox = page.getByRole('textbox', { name: look.t('chat.message'), exact: true });
    await messageBox.hover();
    await expect(actionsOf('Beta notes')).toHaveCount(0);
    await list.getByRole('link', { name: 'Beta notes' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      actionsOf('Beta notes').getByRole('button', { name: look.t('chat.pin'), exact: true }),
    ).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(
      actionsOf('Beta notes').getByRole('button', { name: look.t('chat.rename') }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    const titleBox = list.getByRole('textbox', { name: look.t('chat.renameLabel') });
    await expect(titleBox).toBeFocused();
    await titleBox.fill('Beta plans');
    await titleBox.press('Enter');
    await expect(list.getByRole('link', { name: 'Beta plans' })).toBeVisible();
    // Focus went with the title box: the row does not keep its actions.
    await messageBox.focus();
    await expect(actionsOf('Beta plans')).toHaveCount(0);

    // Delete, from the keyboard too: the question takes focus, Enter answers it.
    await list.getByRole('link', { name: 'Beta plans' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(
      actionsOf('Beta plans').getByRole('button', { name: look.t('common.delete') }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = list.getByRole('alertdialog', { name: look.t('common.delete') });
    await expect(confirm).toContainText(look.t('chat.deleteConfirm', { title: 'Beta plans' }));
    await page.keyboard.press('Enter');
    await expect(list.getByRole('link', { name: 'Beta plans' })).toHaveCount(0);

    await reloadApp(page);
    await section(page, look.t('nav.chat')).click();
    await expect(list.getByRole('heading', { name: look.t('chat.pinned') })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Alpha notes' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Beta plans' })).toHaveCount(0);
  });

  test(`a new chat starts from an assistant; the person copies, edits and deletes their own (${look.name})`, async ({
    page,
    atelier,
  }) => {
    await openInLook(page, atelier, look, 'chat');
    const picker = page.getByRole('button', { name: look.t('organise.fromAssistant') });
    await picker.click();
    const menu = page.getByRole('menu', { name: look.t('organise.assistants') });
    await menu.getByRole('menuitem', { name: TRANSLATOR[look.language], exact: true }).click();
    // The new conversation is made at once and opened.
    await expect(
      sidebar(page, look).getByRole('link', { name: look.t('chat.untitled') }),
    ).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: look.t('chat.settings') }).click();
    const prompt = page.getByRole('textbox', { name: look.t('chat.systemPrompt') });
    await expect(prompt).toHaveValue(look.language === 'ru' ? /переводчик/ : /translator/);
    await expect(page.getByRole('spinbutton', { name: look.t('chat.temperature') })).toHaveValue(
      '0.3',
    );
    await sendAndAwaitIn(page, look, 'Hello world');
    const chats = await turnRequests(atelier);
    expect(JSON.stringify(chats[0]!.body)).toContain(
      look.language === 'ru' ? 'переводчик' : 'translator',
    );

    // Manage: a built-in can be copied but not deleted; the copy is the person's own.
    await picker.click();
    await menu.getByRole('menuitem', { name: look.t('organise.manageAssistants') }).click();
    const dialog = page.getByRole('dialog', { name: look.t('organise.assistants') });
    const builtIn = dialog.getByRole('group', {
      name: look.t('organise.assistantActions', { name: TRANSLATOR[look.language] }),
    });
    await expect(builtIn.getByRole('button', { name: look.t('common.delete') })).toHaveCount(0);
    await builtIn.getByRole('button', { name: look.t('organise.copyAssistant') }).click();
    const form = dialog.getByRole('form', { name: look.t('organise.assistantForm') });
    const name = form.getByRole('textbox', { name: look.t('organise.assistantName') });
    await expect(name).toHaveValue(
      look.t('organise.copyName', { name: TRANSLATOR[look.language] }),
    );
    await name.fill('Pirate');
    await form
      .getByRole('textbox', { name: look.t('chat.systemPrompt') })
      .fill('Talk like a pirate.');
    await form.getByRole('textbox', { name: look.t('chat.maxTokens') }).fill('300');
    await form.getByRole('button', { name: look.t('common.save') }).click();
    const mine = dialog.getByRole('group', {
      name: look.t('organise.assistantActions', { name: 'Pirate' }),
    });
    await expect(mine).toBeVisible();

    await mine.getByRole('button', { name: look.t('organise.editAssistant') }).click();
    await form.getByRole('textbox', { name: look.t('organise.assistantName') }).fill('Captain');
    await form.getByRole('button', { name: look.t('common.save') }).click();
    const captain = dialog.getByRole('group', {
      name: look.t('organise.assistantActions', { name: 'Captain' }),
    });
    await captain.getByRole('button', { name: look.t('organise.startChat') }).click();
    await expect(dialog).toHaveCount(0);
    // The conversation panel stays with the conversation it was opened for: open it for this one.
    await page.getByRole('button', { name: look.t('chat.settings'), exact: true }).click();
    await expect(page.getByRole('textbox', { name: look.t('chat.systemPrompt') })).toHaveValue(
      'Talk like a pirate.',
    );
    await expect(page.getByRole('spinbutton', { name: look.t('chat.maxTokens') })).toHaveValue(
      '300',
    );

    await picker.click();
    await menu.getByRole('menuitem', { name: look.t('organise.manageAssistants') }).click();
    await captain.getByRole('button', { name: look.t('common.delete') }).click();
    await dialog
      .getByRole('alertdialog')
      .getByRole('button', { name: look.t('common.delete') })
      .click();
    await expect(captain).toHaveCount(0);
    await dialog.getByRole('button', { name: look.t('common.close') }).click();
    await picker.click();
    await expect(menu.getByRole('menuitem', { name: 'Captain' })).toHaveCount(0);
  });
}

/** Files the conversation titled `title` in a new folder named `folderName`, through the bridge. */
async function fileInNewFolder(page: Page, title: string, folderName: string): Promise<void> {
  await page.evaluate(
    async ({ title, folderName }) => {
      type Answer = { ok: boolean; data: { id: string; items: { id: string; title: string }[] } };
      const api = (
        window as unknown as { atelier: { invoke(c: string, i: unknown): Promise<Answer> } }
      ).atelier;
      const folder = await api.invoke('folders.create', { name: folderName });
      const list = await api.invoke('conversations.list', {});
      const item = list.data.items.find((entry) => entry.title === title)!;
      await api.invoke('conversations.update', { id: item.id, folderId: folder.data.id });
    },
    { title, folderName },
  );
}

/** A long list not scrolled yet: its first rows, and at most one step more. */
async function expectFirstRowsOnly(rows: Locator): Promise<void> {
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThanOrEqual(FIRST_ROWS);
  expect(drawn).toBeLessThanOrEqual(FIRST_ROWS + MORE_ROWS);
}

for (const look of LOOKS) {
  test(`a long list draws its first rows, then more as it scrolls, and the open conversation always (${look.name})`, async ({
    page,
    atelier,
  }) => {
    const titles = Array.from({ length: 260 }, (_, i) => `Chat ${String(i + 1).padStart(3, '0')}`);
    await atelier.seedConversations(titles);
    await openInLook(page, atelier, look, 'chat');
    // One of the oldest, far beyond the list's first page, filed in a folder.
    await fileInNewFolder(page, 'Chat 002', 'Old things');
    await reloadApp(page);
    const list = sidebar(page, look);
    const rows = list.getByRole('link', { name: /^Chat \d{3}$/ });
    // The start paints the list's first page, then the rest comes: the folder holds its
    // conversation, and its count says so, once the whole list is in.
    const folder = list.getByRole('listitem').filter({
      has: page.getByRole('button', { name: /Old things/ }),
    });
    await expect(folder.getByRole('link', { name: 'Chat 002', exact: true })).toBeVisible();
    await expect(folder.getByRole('button', { name: /Old things/ })).toContainText('1');
    await expect(folder).not.toContainText(look.t('organise.emptyFolder'));
    // The newest first: the first screen's rows are drawn at once (a step more may follow while
    // the end is within a screen), the oldest not yet.
    await expect(list.getByRole('link', { name: 'Chat 260', exact: true })).toBeVisible();
    await expectFirstRowsOnly(rows);
    await expect(list.getByRole('link', { name: 'Chat 001', exact: true })).toHaveCount(0);
    // Scrolling to the end draws the rest, step by step.
    await expect(async () => {
      await rows.last().scrollIntoViewIfNeeded();
      await expect(list.getByRole('link', { name: 'Chat 001', exact: true })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(rows).toHaveCount(260);

    // Opened from search, a conversation beyond the first rows is drawn in the list too.
    await reloadApp(page);
    await expect(list.getByRole('link', { name: 'Chat 260', exact: true })).toBeVisible();
    await expectFirstRowsOnly(rows);
    const search = page.getByRole('searchbox', { name: look.t('chat.searchLabel') });
    await search.fill('Chat 007');
    await list
      .getByRole('link', { name: /Chat 007/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat 007');
    await search.fill('');
    await expect(list.getByRole('link', { name: 'Chat 007', exact: true })).toBeVisible();
  });
}

test('when the rest of the list cannot be read, the first page stays, says so, and Retry brings the rest', async ({
  page,
  atelier,
}) => {
  const look = LOOKS[LOOKS.length - 1]!;
  const titles = Array.from({ length: 130 }, (_, i) => `Chat ${String(i + 1).padStart(3, '0')}`);
  await atelier.seedConversations(titles);
  await openInLook(page, atelier, look, 'chat');
  await fileInNewFolder(page, 'Chat 002', 'Old things');
  // The bridge answers the first call for the whole list with a failure; the rest pass through.
  let refused = 0;
  await page.routeWebSocket(/\/bridge/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === 'string' && refused === 0) {
        const call = JSON.parse(message) as { id: number; channel: string; input: object };
        if (call.channel === 'conversations.list' && !('limit' in call.input)) {
          refused += 1;
          const error = { code: 'unknown', message: 'disk', status: null, retryable: false };
          ws.send(JSON.stringify({ kind: 'answer', id: call.id, envelope: { ok: false, error } }));
          return;
        }
      }
      server.send(message);
    });
  });
  await reloadApp(page);
  const list = sidebar(page, look);
  const folderButton = list.getByRole('button', { name: /Old things/ });
  const notice = list.getByRole('alert');
  await expect(notice).toBeVisible();
  expect(refused).toBe(1);
  await expect(list).toContainText(look.t('chat.listFailed'));
  // The first page stays, newest first; the folder's count waits for the whole list.
  await expect(list.getByRole('link', { name: 'Chat 130', exact: true })).toBeVisible();
  await expect(folderButton.locator('.folder-count')).toHaveCount(0);
  await notice.getByRole('button', { name: look.t('common.retry') }).click();
  await expect(notice).toHaveCount(0);
  await expect(list).not.toContainText(look.t('chat.listFailed'));
  const folder = list.getByRole('listitem').filter({
    has: page.getByRole('button', { name: /Old things/ }),
  });
  await expect(folder.getByRole('link', { name: 'Chat 002', exact: true })).toBeVisible();
  await expect(folderButton.locator('.folder-count')).toHaveText('1');
});
