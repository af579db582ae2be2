// The settings feature through core: a key that no HTTP header can carry is refused when entered, in words.
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../../../shared/types';
import { openCore } from '../../simulated-core';

describe('key.set and key.check', () => {
  it('refuse a Cyrillic look-alike, a NUL and an escape, naming the character and keeping the key in use', async () => {
    const { attempt, call } = await openCore();
    for (const key of ['sim-f\u0430st', 'sim-\u0000fast', 'sim-fast\u001b']) {
      const answer = await attempt('key.set', { key });
      expect(answer).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', details: { reason: 'key_character' } },
      });
      expect(!answer.ok && answer.error.message).toMatch(/U\+00(00|1B)|U\+0430/);
    }
    const view = await call<SettingsView>('settings.get');
    expect(view).toMatchObject({ keySet: true, keyLast4: 'fast' });
    // The key in use still works: a call that needs it succeeds.
    expect(await attempt('balance.get', {})).toMatchObject({ ok: true });

    const checked = await attempt('key.check', {
      baseUrl: 'http://127.0.0.1:9/v1',
      key: 'sim-f\u0430st',
    });
    expect(checked).toMatchObject({
      ok: false,
      error: { details: { reason: 'key_character', code: 'U+0430', position: 6 } },
    });
  });
});

describe('settings.update defaultModel', () => {
  it("takes '' as a choice: new chats then take the list's default", async () => {
    const { call } = await openCore();
    await call('settings.update', { defaultModel: 'sim/tiny-context' });
    expect((await call<SettingsView>('settings.get')).defaultModel).toBe('sim/tiny-context');
    await call('settings.update', { defaultModel: '  ' });
    expect((await call<SettingsView>('settings.get')).defaultModel).toBe('');
  });
});

describe('settings.update studio', () => {
  it('changes only the choices named and keeps the others', async () => {
    const { call } = await openCore();
    expect((await call<SettingsView>('settings.get')).studio).toEqual({
      speechModel: '',
      speechVoice: 'alloy',
      pictureModel: '',
      videoModel: '',
      transcribeModel: '',
    });
    await call('settings.update', {
      studio: { speechModel: ' tts-sim/voice ', speechVoice: 'nova' },
    });
    await call('settings.update', { studio: { transcribeModel: 'stt-sim/whisper' } });
    expect((await call<SettingsView>('settings.get')).studio).toEqual({
      speechModel: 'tts-sim/voice',
      speechVoice: 'nova',
      pictureModel: '',
      videoModel: '',
      transcribeModel: 'stt-sim/whisper',
    });
  });
});
