// What a person puts on the message box: a file pasted or dropped, or text pasted, as the browser delivers them.
import type { Page } from '@playwright/test';

/** Puts a file on the page as the browser would for a paste or a drop. */
export async function sendFileEvent(
  page: Page,
  kind: 'paste' | 'drop',
  file: { name: string; type: string; bytes: Buffer },
  messageLabel = 'Message',
): Promise<void> {
  const target =
    kind === 'paste'
      ? page.getByRole('textbox', { name: messageLabel, exact: true })
      : page.locator('.composer');
  await target.evaluate(
    (element, { kind, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      if (kind === 'paste') {
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      } else {
        for (const type of ['dragenter', 'dragover', 'drop'])
          element.dispatchEvent(
            new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
          );
      }
    },
    { kind, name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
}

/**
 * Pastes `text` into the Message box: the paste event the page hears, then the text where the
 * caret is, as the browser's own paste would put it (a synthetic paste inserts nothing itself).
 */
export async function pasteText(page: Page, text: string, messageLabel = 'Message'): Promise<void> {
  const box = page.getByRole('textbox', { name: messageLabel, exact: true });
  await box.focus();
  const inserted = await box.evaluate((element, pasted) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', pasted);
    const event = new ClipboardEvent('paste', {
      clipboardData: transfer,
      bubbles: true,
      cancelable: true,
    });
    return element.dispatchEvent(event);
  }, text);
  // The page let the paste through (it prevents only pasted files): the text goes in.
  if (inserted) await page.keyboard.insertText(text);
}
