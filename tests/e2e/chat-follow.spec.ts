// A growing answer keeps its end in view until the person scrolls up, and again once they return.
import { expect, sendMessage, startChatting, test, waitForTurnEnd } from './fixtures';

/** Within this many pixels of the end the list counts as at the bottom (MessageList's slack). */
const AT_END = 48;

test('the list follows a streaming answer until the person scrolls up', async ({
  page,
  atelier,
}) => {
  await startChatting(page, atelier);
  // A first, long answer makes the conversation far taller than the view.
  await sendMessage(page, 'Start with a long one [[long:3000]]');
  await waitForTurnEnd(page);
  // The second grows slowly (one small event per 200 ms), while the person scrolls.
  await sendMessage(page, 'Now slowly [[slow]] [[long:3000]]');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();

  const list = page.getByRole('log', { name: 'Messages' });
  const view = () =>
    list.evaluate((element) => ({
      top: element.scrollTop,
      height: element.scrollHeight,
      fromEnd: element.scrollHeight - element.scrollTop - element.clientHeight,
    }));
  const growsBy = async (pixels: number) => {
    const from = (await view()).height;
    await expect
      .poll(async () => (await view()).height, { timeout: 20_000 })
      .toBeGreaterThan(from + pixels);
  };
  const restingTop = async () => {
    let top = -1;
    await expect
      .poll(async () => {
        const before = (await view()).top;
        await page.waitForTimeout(150);
        top = (await view()).top;
        return top === before;
      })
      .toBe(true);
    return top;
  };

  // Following: the answer grows and its end stays in view.
  await growsBy(60);
  await expect.poll(async () => (await view()).fromEnd).toBeLessThanOrEqual(AT_END);

  // Scrolling up stops the following: the answer grows below while the view stays put.
  await list.hover();
  await page.mouse.wheel(0, -600);
  await expect.poll(async () => (await view()).fromEnd).toBeGreaterThan(300);
  const readingAt = await restingTop();
  await growsBy(60);
  expect(Math.abs((await view()).top - readingAt)).toBeLessThanOrEqual(1);

  // Back at the end, it follows again.
  await page.mouse.wheel(0, 100_000);
  await expect.poll(async () => (await view()).fromEnd).toBeLessThanOrEqual(AT_END);
  await growsBy(60);
  await expect.poll(async () => (await view()).fromEnd).toBeLessThanOrEqual(AT_END);

  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await waitForTurnEnd(page);
});
