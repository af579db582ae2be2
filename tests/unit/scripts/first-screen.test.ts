// The first screen goes into the built page after the app's root element, one template per
// language, for the script in the head that shows the chosen one.
import { describe, expect, it } from 'vitest';
import { withFirstScreens } from '../../../scripts/first-screen';

const built = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="./assets/index-a.js"></script>
    <script src="./look-early.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('withFirstScreens', () => {
  it('puts each language in a template after the root, still before the end of the body', () => {
    const html = withFirstScreens(built, {
      en: '<div class="app">Chat</div>',
      ru: '<div class="app">Чат</div>',
    });
    const root = html.indexOf('<div id="root"></div>');
    const en = html.indexOf(
      '<template id="first-screen-en"><div class="app">Chat</div></template>',
    );
    const ru = html.indexOf('<template id="first-screen-ru"><div class="app">Чат</div></template>');
    expect(root).toBeGreaterThan(0);
    expect(en).toBeGreaterThan(root);
    expect(ru).toBeGreaterThan(en);
    expect(html.indexOf('</body>')).toBeGreaterThan(ru);
    // The root itself stays empty, for the script to fill.
    expect(html).toContain('<div id="root"></div>\n');
  });

  it('refuses a page without one root element, or one that has its first screen already', () => {
    const screens = { en: 'a', ru: 'b' };
    expect(() => withFirstScreens(built.replace('<div id="root"></div>', ''), screens)).toThrow(
      /root/,
    );
    const twice = built.replace(
      '<div id="root"></div>',
      '<div id="root"></div><div id="root"></div>',
    );
    expect(() => withFirstScreens(twice, screens)).toThrow(/root/);
    expect(() => withFirstScreens(withFirstScreens(built, screens), screens)).toThrow(/already/);
  });
});
