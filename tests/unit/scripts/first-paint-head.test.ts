// The built page's head comes in the order its first paint needs: the look, the first screen, the
// styles, then the app's code, fetched but not compiled before that paint.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstPaintHead } from '../../../scripts/first-paint-head';

const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script src="./look-early.js"></script>
    <script defer src="./first-screen.js"></script>
    <title>Atelier</title>
    <script type="module" crossorigin src="./assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/react-b.js">
    <link rel="stylesheet" crossorigin href="./assets/index-c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const app = {
  styles: ['./assets/main-d.css', './assets/index-c.css'],
  scripts: ['./assets/main-e.js', './assets/react-b.js'],
};

describe('firstPaintHead', () => {
  it('orders the look, the first screen, the styles, the entry, then plain preloads', () => {
    const html = firstPaintHead(built, app);
    const at = (text: string) => {
      expect(html.split(text)).toHaveLength(2);
      return html.indexOf(text);
    };
    const order = [
      at('<script src="./look-early.js"></script>'),
      at('<script defer src="./first-screen.js"></script>'),
      at('href="./assets/index-c.css"'),
      at('<link rel="stylesheet" crossorigin href="./assets/main-d.css">'),
      at('<script type="module" crossorigin src="./assets/index-a.js"></script>'),
      at('<link rel="preload" as="script" crossorigin href="./assets/main-e.js">'),
      at('<link rel="preload" as="script" crossorigin href="./assets/react-b.js">'),
      at('</head>'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(order[0]).toBeGreaterThan(html.indexOf('<title>'));
    // Module preloads would be compiled before the first paint: none is left.
    expect(html).not.toContain('modulepreload');
  });

  it('finds the scripts in the page as written in renderer/index.html', () => {
    const source = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8')
      .replace('src="/look-early.js"', 'src="./look-early.js"')
      .replace('src="/first-screen.js"', 'src="./first-screen.js"')
      .replace(/<script type="module" src="[^"]+"><\/script>/, '')
      .replace(
        '</head>',
        '<script type="module" crossorigin src="./assets/index-a.js"></script></head>',
      );
    const html = firstPaintHead(source, app);
    expect(html.indexOf('look-early.js')).toBeLessThan(html.indexOf('first-screen.js'));
    expect(html.indexOf('first-screen.js')).toBeLessThan(html.indexOf('index-a.js'));
  });

  it('refuses a page without one of its scripts, so a renamed one cannot go unnoticed', () => {
    expect(() => firstPaintHead(built.replace('look-early', 'look'), app)).toThrow(/look-early/);
    expect(() => firstPaintHead(built.replace('defer src', 'src'), app)).toThrow(/first-screen/);
    expect(() => firstPaintHead(built.replace('type="module" ', ''), app)).toThrow(/module/);
  });
});
