// The early look script is moved behind the app's module tags, so it no longer holds their fetches back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveLookScriptLast } from '../../../scripts/look-script-last';

const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script src="./look-early.js"></script>
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

describe('moveLookScriptLast', () => {
  it('puts the look script after the module, preload and stylesheet tags, still in <head>', () => {
    const html = moveLookScriptLast(built);
    const look = html.indexOf('<script src="./look-early.js"></script>');
    expect(look).toBeGreaterThan(html.indexOf('./assets/index-a.js'));
    expect(look).toBeGreaterThan(html.indexOf('./assets/react-b.js'));
    expect(look).toBeGreaterThan(html.indexOf('./assets/index-c.css'));
    expect(look).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/look-early\.js/g)).toHaveLength(1);
    // Nothing else moved or went missing.
    expect(html.replace(/\s+/g, '')).toHaveLength(built.replace(/\s+/g, '').length);
  });

  it('finds the script in the page as written in renderer/index.html', () => {
    const source = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8');
    const html = moveLookScriptLast(source);
    expect(html.indexOf('look-early.js')).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.indexOf('look-early.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a page without the script, so a renamed script cannot go unnoticed', () => {
    expect(() => moveLookScriptLast(built.replace('look-early', 'look'))).toThrow(/look-early/);
  });
});
