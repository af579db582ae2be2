// Shown when window.atelier is missing: the page was opened outside Electron and the web host.
import { translate } from '../i18n/translate';
import './shell.css';

export function NoBridgeScreen() {
  // Settings cannot be read without the bridge, so both languages are shown.
  return (
    <main className="no-bridge" role="alert">
      {(['en', 'ru'] as const).map((language) => (
        <section key={language} lang={language}>
          <h1>{translate(language, 'app.noBridge.title')}</h1>
          <p>{translate(language, 'app.noBridge.body')}</p>
        </section>
      ))}
    </main>
  );
}
