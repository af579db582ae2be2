// The settings.*, key.*, demo.* and rate.* channels: the service's address and plan, the API key in the vault, the demo service, the service's holds.
import type { SettingsView } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { DEMO_KEY, createDemoService, demoPortOf } from './demo';
import { normalizeBaseUrl } from './store';

export type SettingsChannel = ChannelsOf<'settings' | 'key' | 'demo' | 'rate'>;

/** Enough of the key for the user to recognise it, and only for keys long enough to spare it. */
function lastFour(key: string | null): string | null {
  return key && key.length >= 8 ? key.slice(-4) : null;
}

export async function openSettingsFeature(ctx: FeatureContext): Promise<Feature<SettingsChannel>> {
  const { state } = ctx;
  const demo = createDemoService();
  // A demo chosen in an earlier session: start the simulator again on the same port. If the
  // port is taken, something else (perhaps a simulator the user runs) answers there; leave it.
  const demoPort = demoPortOf(state.current().baseUrl);
  if (state.apiKey() === DEMO_KEY && demoPort !== null) {
    await demo.start(demoPort).catch(() => null);
  }

  function view(): SettingsView {
    const demoUrl = demo.baseUrl();
    const settings = state.current();
    return {
      ...settings,
      keySet: state.apiKey() !== null,
      keyLast4: lastFour(state.apiKey()),
      demo: demoUrl !== null && settings.baseUrl === demoUrl,
    };
  }

  function announceSettings(connectionChanged: boolean): SettingsView {
    if (connectionChanged) {
      ctx.models.connectionChanged();
      ctx.balance.connectionChanged();
    }
    const current = view();
    ctx.emit('settings.changed', current);
    return current;
  }

  /** Leaving the demo's URL: the simulator has nothing more to serve. */
  async function closeDemoUnlessUsed(): Promise<void> {
    const demoUrl = demo.baseUrl();
    if (demoUrl !== null && state.current().baseUrl !== demoUrl) await demo.close();
  }

  return {
    handlers: {
      'settings.get': () => view(),

      'settings.update': async (input) => {
        const settings = state.current();
        const next = { ...settings };
        if (input.baseUrl !== undefined) next.baseUrl = normalizeBaseUrl(input.baseUrl).baseUrl;
        if (input.ratePlan !== undefined) next.ratePlan = input.ratePlan;
        if (input.customRequestsPerSecond !== undefined)
          next.customRequestsPerSecond = input.customRequestsPerSecond;
        if (input.defaultModel !== undefined && input.defaultModel.trim() !== '') {
          next.defaultModel = input.defaultModel.trim();
        }
        if (input.language !== undefined) next.language = input.language;
        if (input.theme !== undefined) next.theme = input.theme;
        const urlChanged = next.baseUrl !== settings.baseUrl;
        state.save(next);
        ctx.scheduler.setPlan(state.current().ratePlan, state.current().customRequestsPerSecond);
        await closeDemoUnlessUsed();
        return announceSettings(urlChanged);
      },

      'key.set': async ({ key }) => {
        const trimmed = key.trim();
        if (trimmed === '' || /\s/.test(trimmed)) {
          throw serviceError('invalid_input', 'A key is one word without spaces.');
        }
        const changed = trimmed !== state.apiKey();
        await state.storeKey(trimmed);
        return announceSettings(changed);
      },

      'key.clear': async () => {
        await state.clearKey();
        return announceSettings(true);
      },

      'demo.use': async () => {
        const baseUrl = await demo.start();
        // The demo key is public, so it may live in memory when the vault cannot encrypt.
        await state.useKey(DEMO_KEY);
        state.save({ ...state.current(), baseUrl, ratePlan: 'standard' });
        ctx.scheduler.setPlan(state.current().ratePlan);
        return announceSettings(true);
      },

      'rate.hold': () => ctx.scheduler.currentHold(),

      // The person chose not to wait: the scheduler tells the renderer the hold is gone.
      'rate.retryNow': () => ({ lifted: ctx.scheduler.liftHold() }),
    },
    dispose: () => demo.close(),
  };
}
