// The router: unknown channels and bad inputs are refused before any handler runs; failures become UserErrors.
import { describe, expect, it, vi } from 'vitest';
import type { SettingsView } from '../../../shared/types';
import { type ChannelHandlers, createRouter } from '../../../electron/core/router';
import { serviceError } from '../../../electron/core/service/errors';

const view: SettingsView = {
  baseUrl: '',
  ratePlan: 'standard',
  customRequestsPerSecond: 1,
  defaultModel: 'openai/gpt-4o-mini',
  language: 'en',
  theme: 'system',
  keySet: false,
  keyLast4: null,
  demo: false,
  keyElsewhere: null,
  keyStorage: null,
  keychain: true,
};

// @ts-expect-error a handler map without every channel must not compile
const incomplete: ChannelHandlers = { 'settings.get': () => view };
void incomplete;

function routerWith(overrides: Partial<ChannelHandlers>, onUnexpectedError = vi.fn()) {
  const handlers = new Proxy(overrides, {
    get: (target, name: string) =>
      target[name as keyof ChannelHandlers] ??
      (() => {
        throw new Error(`handler ${name} should not run`);
      }),
  }) as ChannelHandlers;
  return { router: createRouter(handlers, { onUnexpectedError }), onUnexpectedError };
}

describe('router', () => {
  it('answers ok with the handler result for valid input (and undefined as {})', async () => {
    const { router } = routerWith({ 'settings.get': () => view });
    expect(await router.invoke('settings.get', {})).toEqual({ ok: true, data: view });
    expect(await router.invoke('settings.get', undefined)).toEqual({ ok: true, data: view });
  });

  it('refuses an unknown channel with invalid_input', async () => {
    const { router } = routerWith({});
    const answer = await router.invoke('fs.readFile', { path: '/etc/passwd' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } });
  });

  it.each([
    ['chat.send', { conversationId: 'c1' }, /text/],
    ['chat.send', { conversationId: '', text: 'hi' }, /conversationId/],
    ['chat.send', { conversationId: 'c1', text: 'hi', model: 'x' }, /model|unrecognized/i],
    ['conversations.update', { id: 'c1', temperature: 5 }, /temperature/],
    ['key.set', { key: '' }, /key/],
    ['key.set', 'sim-key', /expected object/i],
    ['shell.openExternal', { url: 'not a url' }, /url/],
    ['settings.update', { ratePlan: 'turbo' }, /ratePlan/],
  ])('refuses bad input for %s before the handler runs', async (channel, input, reason) => {
    const send = vi.fn();
    const { router } = routerWith({
      'chat.send': send,
      'conversations.update': send,
      'key.set': send,
    });
    const answer = await router.invoke(channel, input);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalid_input');
    expect(answer.error.message).toMatch(reason);
    expect(send).not.toHaveBeenCalled();
  });

  it('never repeats the key of a refused key.set in its answer', async () => {
    const { router } = routerWith({});
    const answer = await router.invoke('key.set', { key: 'x'.repeat(600) + 'SECRETTAIL' });
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).not.toContain('SECRETTAIL');
  });

  it('turns a thrown ServiceError into its UserError', async () => {
    const { router, onUnexpectedError } = routerWith({
      'conversations.get': () => {
        throw serviceError('not_found', 'There is no conversation c9.');
      },
    });
    expect(await router.invoke('conversations.get', { id: 'c9' })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'There is no conversation c9.',
        status: null,
        retryable: false,
      },
    });
    expect(onUnexpectedError).not.toHaveBeenCalled();
  });

  it('turns any other failure into a UserError and reports it as unexpected', async () => {
    const { router, onUnexpectedError } = routerWith({
      'conversations.list': async () => {
        throw new TypeError('cannot read x of undefined');
      },
    });
    const answer = await router.invoke('conversations.list', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'unknown' } });
    expect(onUnexpectedError).toHaveBeenCalledWith('conversations.list', expect.any(TypeError));
  });
});

describe('router and the key', () => {
  it('masks the key in texts of unexpected failures', async () => {
    const key = 'sim-very-secret-key-1234';
    const handlers = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error(`request to https://x/v1?key=${key} failed for ${key}`);
        },
      },
    ) as ChannelHandlers;
    const router = createRouter(handlers, { secret: () => key });
    const answer = await router.invoke('conversations.list', {});
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).not.toContain(key);
  });
});
