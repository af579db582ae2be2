// Runs once the page is parsed (deferred), before the app's module entry: puts the first screen,
// rendered at build time in each language (scripts/first-screen.ts), into the page in the language
// look-early.js chose, so the window shows the app at its first paint. The app's first render
// replaces it and takes over what was typed in its Message box (src/shell/FirstScreenHandOver.tsx).
// Until then the box is the one thing that takes input: everything else is inert, so no click or
// key is lost on a button that does nothing yet.
(function () {
  var root = document.getElementById('root');
  var language = document.documentElement.getAttribute('lang') === 'ru' ? 'ru' : 'en';
  var template = document.getElementById('first-screen-' + language);
  if (!root || !template || root.firstChild) return;
  root.appendChild(template.content.cloneNode(true));
  var screen = root.firstElementChild;
  if (!screen) return;
  screen.setAttribute('data-first-screen', '');
  var box = screen.querySelector('textarea');
  if (!box) {
    screen.inert = true;
    return;
  }
  for (var node = box; node !== screen; node = node.parentElement) {
    for (var other = node.parentElement.firstElementChild; other; other = other.nextElementSibling)
      if (other !== node) other.inert = true;
  }
})();
