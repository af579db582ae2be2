// Runs before the page's first paint: the theme and language the person had last time, so a dark
// start is dark from its first frame and the first screen (first-screen.js) is in their language.
// It reads what src/common/look-hint.ts keeps (a unit test holds the two to the same answers); with
// no hint it follows the system's theme, the setting's default, and keeps the page's English. The
// app's own code then applies the hint and, when they arrive, the saved settings.
(function () {
  var theme = 'system';
  var language = 'en';
  try {
    var look = JSON.parse(window.localStorage.getItem('atelier.look') || 'null');
    if (
      look &&
      ['system', 'light', 'dark'].indexOf(look.theme) >= 0 &&
      ['en', 'ru'].indexOf(look.language) >= 0
    ) {
      theme = look.theme;
      language = look.language;
    }
  } catch {
    // No storage, or not a look: the system's theme.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  document.documentElement.setAttribute('lang', language);
})();
