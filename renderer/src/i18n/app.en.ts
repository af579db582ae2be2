// English strings of app.*: the window itself: its title and the screen shown without a bridge.

export const appEn = {
  'app.title': 'Atelier',
  'app.titleDemo': 'Atelier · Demo',
  'app.noBridge.title': 'Atelier cannot reach its core',
  'app.noBridge.body':
    'This window was opened without the Atelier bridge, so it cannot talk to the app. Start Atelier from its installer or with "npm run web", then open the address it prints.',
  'app.loading': 'Loading…',
} as const;
