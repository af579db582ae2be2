// Renderer entry: finds window.atelier, then mounts the app (or a screen saying why it cannot).
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';
import { NoBridgeScreen } from './shell/NoBridgeScreen';
import {
  FirstScreenHandOver,
  firstScreenBox,
  takeFirstScreenText,
} from './shell/FirstScreenHandOver';
import { connectPlatform } from './platform';
import { startApp } from './bootstrap';
import { loadLanguage } from './i18n/translate';
import { lookAtStart } from './common/look-hint';
import { applyTheme } from './theme';

async function mount(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  // The first screen stays until the app's first render replaces it (createRoot clears the
  // element in that commit), so the window never goes blank in between.
  const shownBox = firstScreenBox(container);
  const root = createRoot(container);
  const api = await connectPlatform();
  if (!api) {
    // It speaks both languages, since no settings can say which.
    await loadLanguage('ru').catch(() => undefined);
    root.render(<NoBridgeScreen />);
    return;
  }
  startApp();
  // The look the person had last time, so the first frame is in it rather than turning once
  // settings arrive: the theme at once, the language's strings before the first render.
  const look = lookAtStart();
  if (look) {
    applyTheme(look.theme);
    await loadLanguage(look.language).catch(() => undefined);
  }
  takeFirstScreenText(shownBox);
  root.render(
    <StrictMode>
      <App />
      <FirstScreenHandOver box={shownBox} />
    </StrictMode>,
  );
}

void mount();
