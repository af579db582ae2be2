// A growing answer keeps its end in view until the person scrolls up, and again once they return.
import type { Page } from '@playwright/test';
import {
  expect,
  reloadApp,
  sendMessage,
  startChatting,
  test,
  waitForTurnEnd,
  type Atelier,
} from './fixtures';

/** Within this many pixels of the end the list counts as at the bottom (MessageList's slack). */
const AT_END = 48;

/**
 * A first, long answer makes the conversation far taller than the view; a second one then grows
 * slowly (one small event per 200 ms) and is still streaming when this returns.
 */
async function streamSlowlyAfterALongAnswer(page: Page, atelier: Atelier): Promise<void> {
  await startChatting(page, atelier);
  await sendMessage(page, 'Start with a long one [[long:3000]]');
  await waitForTurnEnd(page);
  await sendMessage(page, 'Now slowly [[slow]] [[long:3000]]');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
}

test('the list follows a streaming answer until the person scrolls up', async ({
  page,
  atelier,
}) => {
  await streamSlowlyAfterALongAnswer(page, atelier);

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

  // The answer that ends becomes a measured row of the list; its end stays in view.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await waitForTurnEnd(page);
  await expect.poll(async () => (await view()).fromEnd).toBeLessThanOrEqual(AT_END);
  await page.waitForTimeout(300);
  expect((await view()).fromEnd).toBeLessThanOrEqual(AT_END);
});

test('a long answer opened from disk scrolls evenly, down from the top and up from the end', async ({
  page,
  atelier,
}) => {
  // Ten wheel steps, each waited out and measured: a long scenario when two tests share the CPUs.
  test.slow();
  await startChatting(page, atelier);
  await sendMessage(page, 'A very long one [[long:8000]]');
  await waitForTurnEnd(page);
  // After a reload the answer comes from disk: none of its parts has been on screen yet.
  await reloadApp(page);
  await page.getByRole('link', { name: /^A very long one/ }).click();
  const list = page.getByRole('log', { name: 'Messages' });
  await expect(list.locator('.markdown p').first()).toBeVisible();
  // So long an answer opens folded; the person opens it whole to read it.
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByRole('button', { name: 'Show less' })).toBeVisible();

  /** Text near the middle of the view and where it is, to follow it through one wheel step. */
  const probe = () =>
    list.evaluate((scroller) => {
      const box = scroller.getBoundingClientRect();
      const x = box.left + box.width / 2;
      for (let y = box.top + box.height / 2; y < box.bottom; y += 10) {
        const element = document.elementFromPoint(x, y);
        if (element && element !== scroller && scroller.contains(element)) {
          element.setAttribute('data-probe', '');
          return { top: element.getBoundingClientRect().top, scrollTop: scroller.scrollTop };
        }
      }
      throw new Error('nothing under the middle of the list');
    });
  const probed = () =>
    list.evaluate((scroller) => {
      const element = scroller.querySelector('[data-probe]');
      element?.removeAttribute('data-probe');
      return element ? element.getBoundingClientRect().top : null;
    });

  const wheelAndCheck = async (deltaY: number) => {
    const before = await probe();
    await page.mouse.wheel(0, deltaY);
    await expect.poll(async () => list.evaluate((s) => s.scrollTop)).not.toBe(before.scrollTop);
    await page.waitForTimeout(250); // parts that came into view are laid out, the list measured
    const scrolled = (await list.evaluate((s) => s.scrollTop)) - before.scrollTop;
    const moved = (await probed())! - before.top;
    // What was under the eye moved exactly as far as the list scrolled, and in the wheel's direction.
    expect(Math.sign(scrolled)).toBe(Math.sign(deltaY));
    expect(Math.abs(moved + scrolled)).toBeLessThanOrEqual(1);
  };

  // Steps of two screens' worth of wheel: each brings parts never laid out into view.
  await list.hover();
  for (let step = 0; step < 4; step++) await wheelAndCheck(-800);
  await list.press('Home');
  await expect.poll(async () => list.evaluate((s) => s.scrollTop)).toBe(0);
  for (let step = 0; step < 6; step++) await wheelAndCheck(800);
});

test('a followed answer is at its end in the same task that shows each update', async ({
  page,
  atelier,
}) => {
  await streamSlowlyAfterALongAnswer(page, atelier);

  // A mutation observer's callback runs right after the task (or microtask) that changed the page,
  // before any frame: the list must already be scrolled to the end there, not a frame later.
  const seen = await page.getByRole('log', { name: 'Messages' }).evaluate(
    (list) =>
      new Promise<number[]>((resolve) => {
        const fromEnd: number[] = [];
        const observer = new MutationObserver(() => {
          if (!list.querySelector('article[aria-busy="true"]')) return;
          fromEnd.push(list.scrollHeight - list.scrollTop - list.clientHeight);
          if (fromEnd.length === 8) {
            observer.disconnect();
            resolve(fromEnd);
          }
        });
        observer.observe(list, { subtree: true, childList: true, characterData: true });
      }),
  );
  expect(seen).toHaveLength(8);
  for (const distance of seen) expect(distance).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await waitForTurnEnd(page);
});
