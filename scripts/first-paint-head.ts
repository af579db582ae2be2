// A Vite plugin: the page's head in the order its first paint needs. That paint shows the first
// screen (public/first-screen.js, rendered at build time by scripts/first-screen.ts), which needs
// the look script, the first-screen script and the app's styles; the app's code runs after it
// (src/entry.ts imports ./main once the first screen is painted), so it is only fetched meanwhile.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const LOOK_SCRIPT = /[ \t]*<script src="\.?\/look-early\.js"><\/script>\n?/;
const FIRST_SCREEN_SCRIPT = /[ \t]*<script defer src="\.?\/first-screen\.js"><\/script>\n?/;
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
const MODULE_ENTRY = /[ \t]*<script type="module"[^>]*><\/script>\n?/;

/** The chunk made from `module`, with every chunk it imports statically, each once. */
export function chunksOf(bundle: OutputBundle, module: RegExp): OutputChunk[] {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === 'chunk',
  );
  const root = chunks.find((chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId));
  if (!root) throw new Error(`no chunk is made from ${String(module)}`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
    }
  };
  visit(root);
  return [...found.values()];
}

function take(html: string, tag: RegExp, what: string): [string, string] {
  const found = tag.exec(html);
  if (!found) throw new Error(`index.html has no ${what}`);
  return [html.replace(tag, ''), found[0].trim()];
}

/**
 * The head, in order: the look script (it blocks the parser, so it comes first, before anything
 * fills the connections), the first-screen script (deferred: it runs once the body is parsed,
 * before the module entry), the styles the first screen is drawn with (the app's own, which Vite
 * would link only when the import runs), the module entry, then the app's chunks as plain
 * preloads: fetched, but not compiled before the paint as module preloads are.
 */
export function firstPaintHead(
  html: string,
  app: { styles: readonly string[]; scripts: readonly string[] },
): string {
  const [afterLook, look] = take(html, LOOK_SCRIPT, 'look-early.js script');
  const [afterFirst, firstScreen] = take(
    afterLook,
    FIRST_SCREEN_SCRIPT,
    'deferred first-screen.js script',
  );
  const [withoutEntry, entry] = take(afterFirst, MODULE_ENTRY, 'module entry');
  const styles = [...(withoutEntry.match(STYLESHEET) ?? [])].map((tag) => tag.trim());
  const rest = withoutEntry.replace(STYLESHEET, '').replace(MODULE_PRELOAD, '');
  for (const href of app.styles) {
    const tag = `<link rel="stylesheet" crossorigin href="${href}">`;
    if (!styles.some((have) => have.includes(`href="${href}"`))) styles.push(tag);
  }
  const preloads = app.scripts.map(
    (href) => `<link rel="preload" as="script" crossorigin href="${href}">`,
  );
  const end = rest.indexOf('</head>');
  if (end < 0) throw new Error('index.html has no </head>');
  const head = [look, firstScreen, ...styles, entry, ...preloads].join('\n    ');
  return `${rest.slice(0, end)}  ${head}\n  ${rest.slice(end)}`;
}

export function firstPaintHeadPlugin(module = /[\\/]renderer[\\/]src[\\/]main\.tsx$/): Plugin {
  return {
    name: 'atelier-first-paint-head',
    apply: 'build',
    // After Vite has written the entry module, its preloads and the stylesheet into <head>.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const chunks = chunksOf(context.bundle, module);
        const styles = new Set<string>();
        for (const chunk of chunks)
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`./${css}`);
        // The entry is the page's module script already.
        const scripts = chunks.filter((chunk) => !chunk.isEntry).map((c) => `./${c.fileName}`);
        return firstPaintHead(html, { styles: [...styles], scripts });
      },
    },
  };
}
