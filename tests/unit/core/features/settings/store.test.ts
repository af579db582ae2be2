// Settings on disk (defaults, schema version, corrupt files) and the base URL rules.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { openRecovery } from '../../../../../electron/core/library/recovery';
import { fillDisk } from '../../disk-full';
import {
  createJsonSettingsStore,
  defaultSettings,
  normalizeBaseUrl,
  sanitizeSettings,
} from '../../../../../electron/core/features/settings/store';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-settings-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('json settings store', () => {
  it("starts from the defaults: no base URL, standard plan, the list's chat model, English, system theme", () => {
    const store = createJsonSettingsStore(join(dir, 'settings.json'));
    expect(store.read()).toEqual({
      baseUrl: '',
      ratePlan: 'standard',
      customRequestsPerSecond: 1,
      defaultModel: '',
      language: 'en',
      theme: 'system',
      demo: false,
      baseUrlBeforeDemo: '',
      autoTitle: true,
      titleModel: '',
      toolRoundLimit: 8,
      spendLimits: { askAbove: null, daily: null, monthly: null },
      priceBasis: 'auto',
      studio: {
        speechModel: '',
        speechVoice: 'alloy',
        pictureModel: '',
        videoModel: '',
        transcribeModel: '',
      },
    });
    expect(defaultSettings.baseUrl).toBe('');
  });

  it('writes a versioned file and reads it back in a new store', async () => {
    const file = join(dir, 'settings.json');
    createJsonSettingsStore(file).write({
      ...defaultSettings,
      baseUrl: 'https://api.example.com/v1',
      ratePlan: 'fast',
      language: 'ru',
    });
    const json = JSON.parse(await readFile(file, 'utf8'));
    expect(json.version).toBe(1);
    expect(createJsonSettingsStore(file).read()).toMatchObject({
      baseUrl: 'https://api.example.com/v1',
      ratePlan: 'fast',
      language: 'ru',
    });
  });

  it('keeps the custom plan and its rate, and refuses a rate outside the bounds', async () => {
    const file = join(dir, 'settings.json');
    createJsonSettingsStore(file).write({
      ...defaultSettings,
      ratePlan: 'custom',
      customRequestsPerSecond: 4.5,
    });
    expect(createJsonSettingsStore(file).read()).toMatchObject({
      ratePlan: 'custom',
      customRequestsPerSecond: 4.5,
    });
    await writeFile(
      file,
      JSON.stringify({ version: 1, ratePlan: 'custom', customRequestsPerSecond: 500 }),
    );
    expect(createJsonSettingsStore(file).read()).toMatchObject({
      ratePlan: 'custom',
      customRequestsPerSecond: defaultSettings.customRequestsPerSecond,
    });
  });

  it('falls back to defaults on a corrupt file, sets it aside to recovered/ and says so', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{"baseUrl": "https://x/v1", ');
    const recovery = openRecovery(dir);
    const store = createJsonSettingsStore(file, { recovery });
    expect(store.read()).toEqual(defaultSettings);
    const [item] = recovery.items();
    expect(item).toMatchObject({ file: 'settings.json' });
    expect(item!.reason).toMatch(/could not be read .*default settings/);
    expect(await readFile(join(dir, item!.movedTo!), 'utf8')).toBe('{"baseUrl": "https://x/v1", ');
    expect(await readdir(dir)).not.toContain('settings.json');
  });

  it('sets aside JSON that is not a settings object', async () => {
    for (const text of ['null', '[1, 2]', '{"entries": []}']) {
      await writeFile(join(dir, 'settings.json'), text);
      const recovery = openRecovery(dir);
      expect(createJsonSettingsStore(join(dir, 'settings.json'), { recovery }).read()).toEqual(
        defaultSettings,
      );
      expect(recovery.items()).toHaveLength(1);
    }
  });

  it('keeps valid fields, sets the file aside naming the invalid ones, and saves what was kept', async () => {
    const file = join(dir, 'settings.json');
    const original = JSON.stringify({
      version: 1,
      ratePlan: 'turbo',
      theme: 'dark',
      baseUrl: 'ftp://x',
    });
    await writeFile(file, original);
    const recovery = openRecovery(dir);
    expect(createJsonSettingsStore(file, { recovery }).read()).toEqual({
      ...defaultSettings,
      theme: 'dark',
    });
    const [item] = recovery.items();
    expect(item!.reason).toMatch(/baseUrl, ratePlan/);
    expect(await readFile(join(dir, item!.movedTo!), 'utf8')).toBe(original);
    expect(createJsonSettingsStore(file).read()).toEqual({ ...defaultSettings, theme: 'dark' });
  });

  it('keeps the spending threshold and budgets as decimal strings, each one that is not an amount dropped', async () => {
    const file = join(dir, 'settings.json');
    const limits = { askAbove: '0.05', daily: '1', monthly: null };
    createJsonSettingsStore(file).write({ ...defaultSettings, spendLimits: limits });
    expect(createJsonSettingsStore(file).read().spendLimits).toEqual(limits);
    await writeFile(
      file,
      JSON.stringify({ version: 1, spendLimits: { askAbove: 5, daily: '-1', monthly: '30.5' } }),
    );
    const recovery = openRecovery(dir);
    expect(createJsonSettingsStore(file, { recovery }).read().spendLimits).toEqual({
      askAbove: null,
      daily: null,
      monthly: '30.5',
    });
    expect(recovery.items()).toHaveLength(0);
  });

  it('sets the file aside naming spendLimits when they are not an object of limits', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ version: 1, theme: 'dark', spendLimits: 'lots' }));
    const recovery = openRecovery(dir);
    expect(createJsonSettingsStore(file, { recovery }).read()).toEqual({
      ...defaultSettings,
      theme: 'dark',
    });
    expect(recovery.items()[0]!.reason).toMatch(/spendLimits/);
  });

  it('says in words that a full disk refused the save, and keeps the settings on disk', async () => {
    const file = join(dir, 'settings.json');
    const store = createJsonSettingsStore(file);
    store.write({ ...defaultSettings, theme: 'dark' });
    const freeDisk = fillDisk();
    try {
      expect(() => store.write({ ...defaultSettings, theme: 'light' })).toThrow(
        /the disk is full. Nothing saved before was lost/,
      );
    } finally {
      freeDisk();
    }
    expect(store.read().theme).toBe('dark');
    expect(createJsonSettingsStore(file).read().theme).toBe('dark');
  });
});

describe('normalizeBaseUrl', () => {
  it('adds /v1 to a host root and says so', () => {
    const r = normalizeBaseUrl(' https://api.example.com/ ');
    expect(r.baseUrl).toBe('https://api.example.com/v1');
    expect(r.note).toMatch(/\/v1/);
    expect(normalizeBaseUrl('http://127.0.0.1:7070').baseUrl).toBe('http://127.0.0.1:7070/v1');
  });

  it('drops trailing slashes of a /v1 address without a note', () => {
    expect(normalizeBaseUrl('https://api.example.com/v1//')).toEqual({
      baseUrl: 'https://api.example.com/v1',
      note: null,
    });
    expect(normalizeBaseUrl('https://gw.example.com/api/v1').baseUrl).toBe(
      'https://gw.example.com/api/v1',
    );
  });

  it('takes plain http only for this computer (127.0.0.0/8, ::1, localhost)', () => {
    for (const address of [
      'http://127.0.0.1:7070/v1',
      'http://127.5.6.7/v1',
      'http://[::1]:7070/v1',
      'http://localhost:7070/v1',
    ])
      expect(normalizeBaseUrl(address).baseUrl).toBe(address);
  });

  it('accepts an empty value as "not set"', () => {
    expect(normalizeBaseUrl('  ')).toEqual({ baseUrl: '', note: null });
  });

  it.each([
    ['ftp://api.example.com/v1', /http/],
    ['api.example.com/v1', /web address/],
    ['https://api.example.com/api', /end with \/v1/],
    ['https://user:pw@api.example.com/v1', /password/],
    ['https://api.example.com/v1?x=1', /query/],
    // Plain http would carry the key in clear text off this computer.
    ['http://api.example.com/v1', /https:\/\/api\.example\.com/],
    ['http://10.0.0.5:8080/v1', /only for addresses on this computer/],
    ['http://169.254.169.254/v1', /unencrypted/],
  ])('refuses %s with bad_base_url', (input, reason) => {
    const failure = (() => {
      try {
        normalizeBaseUrl(input);
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).error.code).toBe('bad_base_url');
    expect((failure as ServiceError).error.message).toMatch(reason);
  });
});

describe('the price basis', () => {
  it('is kept when it is one of the bases, and is the guess otherwise', () => {
    expect(sanitizeSettings({}).priceBasis).toBe('auto');
    expect(sanitizeSettings({ priceBasis: 'million' }).priceBasis).toBe('million');
    expect(sanitizeSettings({ priceBasis: 'token' }).priceBasis).toBe('token');
    expect(sanitizeSettings({ priceBasis: 'per-kilo' }).priceBasis).toBe('auto');
  });
});

describe('the studio choices', () => {
  it('keep a known voice and trimmed model ids, and take defaults for the rest', () => {
    expect(
      sanitizeSettings({
        studio: {
          speechVoice: 'shouty',
          speechModel: '  tts-x ',
          pictureModel: 7,
          videoModel: 'v',
        },
      }).studio,
    ).toEqual({
      speechModel: 'tts-x',
      speechVoice: 'alloy',
      pictureModel: '',
      videoModel: 'v',
      transcribeModel: '',
    });
    expect(sanitizeSettings({ studio: [] }).studio.speechVoice).toBe('alloy');
  });
});
