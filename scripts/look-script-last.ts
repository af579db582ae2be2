// A Vite plugin: the page's one blocking script (the early look) goes after the tags Vite writes for
// the app, so the browser fetches the app's modules while it waits for it.
import type { Plugin } from 'vite';

const LOOK_SCRIPT = /[ \t]*<script src="\.?\/look-early\.js"><\/script>\n?/;

/**
 * Moves the look script to the end of <head>. Written first, it held the app's module requests
 * back until it had run (Chromium's preload scanner did not fetch them ahead; bench first screen).
 * It still runs before the body is parsed, so the first paint is in the person's theme.
 */
export function moveLookScriptLast(html: string): string {
  const found = LOOK_SCRIPT.exec(html);
  if (!found) throw new Error('index.html has no look-early.js script to move');
  const without = html.replace(LOOK_SCRIPT, '');
  const end = without.indexOf('</head>');
  if (end < 0) throw new Error('index.html has no </head>');
  return `${without.slice(0, end)}  ${found[0].trim()}\n  ${without.slice(end)}`;
}

export function lookScriptLast(): Plugin {
  return {
    name: 'atelier-look-script-last',
    // After Vite has written the entry module, its preloads and the stylesheet into <head>.
    transformIndexHtml: { order: 'post', handler: moveLookScriptLast },
  };
}
