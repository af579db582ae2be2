// After `vite build`: renders the app's first screen at build time, in each language, and writes it
// into dist/renderer/index.html, so the window shows the app (and a Message box one can type in) at
// its first paint instead of after its scripts have loaded and rendered (bench/REPORT.md, figure 3).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { LANGUAGES } from '../shared/looks';
import type { Language } from '../shared/types';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INDEX_HTML = join(
  process.env.ATELIER_RENDERER_OUT ?? join(ROOT, 'dist/renderer'),
  'index.html',
);
// Inside the project, so the server build's imports of react and react-dom resolve; one per build.
const SERVER_BUILD = join(ROOT, `node_modules/.cache/atelier-first-screen-${process.pid}`);
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The page with each language's first screen in a template after the app's root element, for the
 * script that puts the chosen one into it (renderer/public/first-screen.js, deferred in the head).
 */
export function withFirstScreens(html: string, screens: Record<Language, string>): string {
  const at = html.indexOf(ROOT_ELEMENT);
  if (at < 0 || html.indexOf(ROOT_ELEMENT, at + 1) >= 0)
    throw new Error(`index.html must hold ${ROOT_ELEMENT} once`);
  if (html.includes('<template id="first-screen-'))
    throw new Error('index.html already has its first screen');
  const templates = LANGUAGES.map(
    (language) => `<template id="first-screen-${language}">${screens[language]}</template>`,
  );
  const end = at + ROOT_ELEMENT.length;
  return `${html.slice(0, end)}\n    ${templates.join('\n    ')}${html.slice(end)}`;
}

async function renderFirstScreens(): Promise<Record<Language, string>> {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/shell/first-screen-markup.tsx',
      outDir: SERVER_BUILD,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const { firstScreenMarkup } = (await import(
    pathToFileURL(join(SERVER_BUILD, 'first-screen-markup.js')).href
  )) as { firstScreenMarkup: (language: Language) => Promise<string> };
  const screens = {} as Record<Language, string>;
  // One at a time: the markup is rendered from the store and the language the module holds.
  for (const language of LANGUAGES) screens[language] = await firstScreenMarkup(language);
  return screens;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const screens = await renderFirstScreens();
  await writeFile(INDEX_HTML, withFirstScreens(await readFile(INDEX_HTML, 'utf8'), screens));
  await rm(SERVER_BUILD, { recursive: true, force: true });
}
