// Hostile HTML and SVG in a Preview: no script runs, nothing reaches a local server, the app's window is untouched.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hostileServer, type HostileServer } from './hostile-server';
import { LOOKS, openInLook, sendAndAwaitIn } from './looks';

const LOOK = LOOKS[0]!;

function hostileHtml(server: HostileServer): string {
  const at = server.url;
  return [
    `<h1 id="hostile">Hostile page</h1>`,
    `<img src="${at}/img"><img src="x" onerror="parent.__pwned='onerror'">`,
    `<link rel="stylesheet" href="${at}/css"><link rel="prefetch" href="${at}/prefetch">`,
    `<iframe src="${at}/frame"></iframe><object data="${at}/object"></object>`,
    `<video src="${at}/video" autoplay></video><audio src="${at}/audio" autoplay></audio>`,
    `<div style="background:url(${at}/background)">background</div>`,
    `<style>@import url(${at}/import); @font-face{font-family:x;src:url(${at}/font)} h1{font-family:x}</style>`,
    `<meta http-equiv="refresh" content="0;url=${at}/refresh">`,
    `<form action="${at}/form" method="post" target="_top"><input name="a" value="1"><button id="submit">Send</button></form>`,
    `<a id="top-link" href="${at}/top-link" target="_top">top</a>`,
    `<a id="self-link" href="${at}/self-link">self</a>`,
    `<a id="new-link" href="${at}/new-link" target="_blank">new</a>`,
    `<svg onload="parent.__pwned='svg-onload'"></svg>`,
    '<script>',
    `  document.body.dataset.ran = 'yes';`,
    `  try { parent.__pwned = 'parent'; } catch {}`,
    `  try { top.__pwned = 'top'; } catch {}`,
    `  fetch('${at}/fetch').catch(() => {});`,
    `  try { const x = new XMLHttpRequest(); x.open('GET', '${at}/xhr'); x.send(); } catch {}`,
    `  try { navigator.sendBeacon('${at}/beacon', 'x'); } catch {}`,
    `  try { new WebSocket('${server.wsUrl}/ws'); } catch {}`,
    `  try { document.cookie = 'pwned=1'; } catch {}`,
    `  try { localStorage.setItem('pwned', '1'); } catch {}`,
    `  try { window.open('${at}/open'); } catch {}`,
    `  try { document.forms[0].submit(); } catch {}`,
    `  try { top.location = '${at}/top-location'; } catch {}`,
    '</script>',
  ].join('\n');
}

function hostileSvg(server: HostileServer): string {
  const at = server.url;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="160" onload="parent.__pwned='svg-root-onload'">`,
    `<script>parent.__pwned = 'svg-script'; fetch('${at}/svg-fetch');</script>`,
    `<rect id="svg-shown" width="240" height="40" fill="#ffd166"/>`,
    `<image href="${at}/svg-image" x="0" y="40" width="20" height="20"/>`,
    `<image xlink:href="${at}/svg-xlink-image" x="20" y="40" width="20" height="20"/>`,
    `<foreignObject x="0" y="60" width="240" height="60"><div xmlns="http://www.w3.org/1999/xhtml">`,
    `<img src="${at}/foreign-img"/><iframe src="${at}/foreign-frame"></iframe>`,
    `<p onclick="parent.__pwned='foreign-click'" id="foreign">inside</p></div></foreignObject>`,
    `<a href="javascript:parent.__pwned='svg-js'"><text id="svg-js-link" x="10" y="140">js</text></a>`,
    `<a href="${at}/svg-link" target="_top"><text id="svg-top-link" x="80" y="140">top</text></a>`,
    `<use href="${at}/sprite.svg#x"/>`,
    '</svg>',
  ].join('\n');
}

/** The app's window as a hostile page would leave it: any mark, cookie or stored item it set. */
async function windowState(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    cookie: document.cookie.includes('pwned'),
    stored: localStorage.getItem('pwned'),
    url: location.href,
  }));
}

async function previewOf(page: Page, kind: 'html' | 'svg') {
  const block = page
    .locator('article .preview-block')
    .filter({ has: page.locator('.code-language', { hasText: kind }) })
    .last();
  await block.getByRole('button', { name: LOOK.t('preview.preview'), exact: true }).click();
  return block.frameLocator('iframe');
}

test('a hostile HTML preview runs no script, reaches no server and leaves the app’s window as it was', async ({
  page,
  atelier,
}) => {
  const server = await hostileServer();
  try {
    await openInLook(page, atelier, LOOK);
    const before = await windowState(page);
    await sendAndAwaitIn(page, LOOK, `[[echo]]\n\`\`\`html\n${hostileHtml(server)}\n\`\`\``);
    const frame = await previewOf(page, 'html');
    await expect(frame.locator('#hostile')).toHaveText('Hostile page');
    // What a person could do in it: send the form, follow each link.
    await frame.locator('#submit').click();
    await expect(frame.locator('body')).not.toHaveAttribute('data-ran', 'yes');
    // The last one would take the frame itself away from the page (the app's policy refuses it).
    for (const link of ['#top-link', '#new-link', '#self-link']) await frame.locator(link).click();

    expect(await server.settledRequests()).toEqual([]);
    expect(await windowState(page)).toEqual(before);
    expect(page.context().pages()).toHaveLength(1);
  } finally {
    await server.close();
  }
});

test('a hostile SVG preview runs no script and loads no picture, link or foreign content from a server', async ({
  page,
  atelier,
}) => {
  const server = await hostileServer();
  try {
    await openInLook(page, atelier, LOOK);
    const before = await windowState(page);
    await sendAndAwaitIn(page, LOOK, `[[echo]]\n\`\`\`svg\n${hostileSvg(server)}\n\`\`\``);
    const frame = await previewOf(page, 'svg');
    await expect(frame.locator('#svg-shown')).toBeVisible();
    await frame.locator('#foreign').click();
    await frame.locator('#svg-js-link').click();
    await frame.locator('#svg-top-link').click();

    expect(await server.settledRequests()).toEqual([]);
    expect(await windowState(page)).toEqual(before);
    expect(page.context().pages()).toHaveLength(1);
  } finally {
    await server.close();
  }
});
