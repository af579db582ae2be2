// The settings.*, key.*, demo.* and rate.* channels: the service's address and plan, the API key in the vault, the demo service, the service's holds.
import { studioChoicesOf } from '../../../../shared/studio';
import { keyCharProblem } from '../../../../shared/keys';
import type { SettingsView } from '../../../../shared/types';
import { serviceError } from '../../service/errors';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { checkConnection, checkInUse } from './check';
import { DEMO_KEY, createDemoService, demoPortOf } from './demo';
import { normalizeBaseUrl } from './store';

export type SettingsChannel = ChannelsOf<'settings' | 'key' | 'demo' | 'rate'>;

/** Enough of the key for the user to recognise it, and only for keys long enough to spare it. */
function lastFour(key: string | null): string | null {
  return key && key.length >= 8 ? key.slice(-4) : null;
}

/** Refuses, in words, a key holding a character no HTTP header can carry (named by its code point). */
function refuseKeyCharacters(key: string): void {
  const problem = keyCharProblem(key);
  if (!problem) return;
  const what = problem.kind === 'control' ? 'an invisible control character' : 'a character';
  throw serviceError(
    'invalid_input',
    `The key has ${what} (${problem.code}) at position ${problem.position} that no service key holds: ` +
      'keys are plain Latin letters, digits and signs. Type or paste it again from the service.',
    null,
    { reason: 'key_character', code: problem.code, position: problem.position },
  );
}

export async function openSettingsFeature(ctx: FeatureContext): Promise<Feature<SettingsChannel>> {
  const { state } = ctx;
  const demo = createDemoService();
  // A demo chosen in an earlier session: start the simulator again on the same port. If the
  // port is taken, something else (perhaps a simulator the user runs) answers there; leave it.
  const demoPort = demoPortOf(state.current().baseUrl);
  if (state.current().demo && demoPort !== null) {
    const started = await demo.start(demoPort).catch(() => null);
    // The demo's key is public and lives in memory: the vault keeps the person's own key.
    if (started === state.current().baseUrl) state.useSessionKey(DEMO_KEY, started);
  }
  // The demo could not come back: the person's own address applies again, not a dead demo one
  // that would refuse their key ("the demo service is in use").
  if (state.current().demo && demo.baseUrl() !== state.current().baseUrl) {
    const current = state.current();
    state.save({
      ...current,
      baseUrl: current.baseUrlBeforeDemo,
      demo: false,
      baseUrlBeforeDemo: '',
    });
  }

  /** The last check's verdict on a key with an address, this session (never written anywhere). */
  let lastCheck: { baseUrl: string; key: string; verdict: 'working' | 'refused' } | null = null;

  function keyCheck(): 'working' | 'refused' | null {
    const key = state.apiKey();
    if (!lastCheck || key === null) return null;
    return lastCheck.baseUrl === state.current().baseUrl && lastCheck.key === key
      ? lastCheck.verdict
      : null;
  }

  function view(): SettingsView {
    const demoUrl = demo.baseUrl();
    const { baseUrlBeforeDemo: _before, demo: _demo, ...settings } = state.current();
    return {
      ...settings,
      keySet: state.apiKey() !== null,
      keyLast4: lastFour(state.apiKey()),
      demo: demoUrl !== null && settings.baseUrl === demoUrl,
      keyElsewhere: state.keyElsewhere(),
      keyStorage: state.keyStorage(),
      keychain: state.keychain(),
      keyCheck: keyCheck(),
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
        // '' is a choice too: new chats take the live list's default (shared/model-defaults.ts).
        if (input.defaultModel !== undefined) next.defaultModel = input.defaultModel.trim();
        if (input.language !== undefined) next.language = input.language;
        if (input.theme !== undefined) next.theme = input.theme;
        if (input.autoTitle !== undefined) next.autoTitle = input.autoTitle;
        if (input.titleModel !== undefined) next.titleModel = input.titleModel.trim();
        if (input.toolRoundLimit !== undefined) next.toolRoundLimit = input.toolRoundLimit;
        if (input.priceBasis !== undefined) next.priceBasis = input.priceBasis;
        if (input.spendLimits !== undefined) next.spendLimits = input.spendLimits;
        if (input.studio !== undefined)
          next.studio = studioChoicesOf({ ...settings.studio, ...input.studio });
        const urlChanged = next.baseUrl !== settings.baseUrl;
        // Another address ends the demo: its key stays behind, the person's own applies again.
        if (urlChanged && settings.demo) {
          next.demo = false;
          next.baseUrlBeforeDemo = '';
          state.clearSessionKey();
        }
        state.save(next);
        ctx.scheduler.setPlan(state.current().ratePlan, state.current().customRequestsPerSecond);
        await closeDemoUnlessUsed();
        return announceSettings(urlChanged);
      },

      'key.set': async (input) => {
        const { key } = input;
        const trimmed = key.trim();
        if (trimmed === '' || /\s/.test(trimmed)) {
          throw serviceError('invalid_input', 'A key is one word without spaces.');
        }
        refuseKeyCharacters(trimmed);
        if (state.current().baseUrl === '')
          throw serviceError(
            'invalid_input',
            'Set the base URL first: the key is kept for that service only.',
          );
        if (state.current().demo)
          throw serviceError(
            'invalid_input',
            'The demo service is in use: enter your own base URL with your key, or leave the demo first.',
          );
        const changed = trimmed !== state.apiKey();
        await state.storeKey(trimmed, { withoutKeychain: input.withoutKeychain === true });
        return announceSettings(changed);
      },

      'key.check': async (input) => {
        const baseUrl = normalizeBaseUrl(input.baseUrl).baseUrl;
        if (baseUrl === '')
          throw serviceError(
            'bad_base_url',
            'Enter the service address first, e.g. https://host/v1.',
          );
        const typed = input.key?.trim() ?? '';
        if (/\s/.test(typed))
          throw serviceError('invalid_input', 'A key is one word without spaces.');
        refuseKeyCharacters(typed);
        // Without a typed key: the one kept for this address, if it is the address in use.
        const key =
          typed !== '' ? typed : baseUrl === state.current().baseUrl ? state.apiKey() : null;
        const inUse = typed === '' && key !== null;
        const result = inUse
          ? await checkInUse(baseUrl, ctx.models, ctx.balance)
          : await checkConnection({ baseUrl, key, scheduler: ctx.scheduler });
        const before = keyCheck();
        if (key !== null && (result.outcome === 'connected' || result.outcome === 'refused'))
          lastCheck = {
            baseUrl,
            key,
            verdict: result.outcome === 'connected' ? 'working' : 'refused',
          };
        // The key in use was judged anew: Settings shows whether it works.
        if (keyCheck() !== before) ctx.emit('settings.changed', view());
        return result;
      },

      'key.clear': async () => {
        await state.clearKey();
        return announceSettings(true);
      },

      'demo.use': async () => {
        const baseUrl = await demo.start();
        const current = state.current();
        // The demo never gets the person's key nor replaces it: its own public key lives in
        // memory, and the address to return to is kept.
        state.useSessionKey(DEMO_KEY, baseUrl);
        state.save({
          ...current,
          baseUrl,
          demo: true,
          baseUrlBeforeDemo: current.demo ? current.baseUrlBeforeDemo : current.baseUrl,
        });
        ctx.scheduler.setPlan('standard');
        return announceSettings(true);
      },

      'demo.leave': async () => {
        const current = state.current();
        if (!current.demo) return view();
        state.clearSessionKey();
        state.save({
          ...current,
          baseUrl: current.baseUrlBeforeDemo,
          demo: false,
          baseUrlBeforeDemo: '',
        });
        ctx.scheduler.setPlan(state.current().ratePlan, state.current().customRequestsPerSecond);
        await closeDemoUnlessUsed();
        return announceSettings(true);
      },

      'rate.hold': () => ctx.scheduler.currentHold(),

      // The person chose not to wait: the scheduler tells the renderer the hold is gone.
      'rate.retryNow': () => ({ lifted: ctx.scheduler.liftHold() }),
    },
    dispose: () => demo.close(),
  };
}
