// A server's state in words, in either language: core's failure kinds worded by the page, the server's own words kept.
import { describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/tools';
import { loadLanguage, translatorFor } from '../../../../renderer/src/i18n/translate';
import { stateWords, toolListWords } from '../../../../renderer/src/settings/McpServers';

// Russian strings are a chunk of their own, fetched when chosen.
await loadLanguage('ru');

function server(status: McpServerView['status'], enabled = true): McpServerView {
  return {
    id: 's1',
    name: 'everything',
    transport: { type: 'stdio', command: 'node', args: [], env: {} },
    enabled,
    disabledTools: [],
    alwaysAllowed: [],
    status,
    tools: [],
  };
}

describe('stateWords', () => {
  const en = translatorFor('en');
  const ru = translatorFor('ru');

  it('words a known failure in the page language, not in core English', () => {
    const status = {
      state: 'failed',
      reason: 'The program was not found; check the command.',
      failure: { kind: 'not_found', detail: '' },
    } as const;
    expect(stateWords(en, 'en', server(status))).toBe(
      'failed: the program was not found; check the command',
    );
    const russian = stateWords(ru, 'ru', server(status));
    expect(russian).toMatch(/^ошибка: программа не найдена/);
    expect(russian).not.toMatch(/program/);
  });

  it('keeps the server’s own words, and says when the restarts are used up', () => {
    const status = {
      state: 'failed',
      reason: 'x',
      failure: { kind: 'stopped_unexpectedly', detail: 'Segmentation fault' },
      gaveUpAfter: 5,
    } as const;
    const words = stateWords(ru, 'ru', server(status));
    expect(words).toContain('Segmentation fault');
    expect(words).toContain('перезапустили 5 раз:');
    const twice = { ...status, gaveUpAfter: 2 };
    expect(stateWords(ru, 'ru', server(twice))).toContain('перезапустили 2 раза:');
    expect(stateWords(en, 'en', server(twice))).toContain('it was restarted 2 times and');
    expect(stateWords(en, 'en', server({ ...status, gaveUpAfter: 1 }))).toContain(
      'it was restarted 1 time and',
    );
    expect(
      stateWords(
        en,
        'en',
        server({
          state: 'failed',
          reason: 'x',
          failure: { kind: 'other', detail: 'Bad handshake.' },
        }),
      ),
    ).toBe('failed: Bad handshake.');
  });

  it('falls back to the sentence when no kind is given, and says "turned off" first', () => {
    expect(stateWords(en, 'en', server({ state: 'failed', reason: 'Old words.' }))).toBe(
      'failed: Old words.',
    );
    expect(stateWords(en, 'en', server({ state: 'connected' }, false))).toBe('turned off');
    expect(stateWords(en, 'en', server({ state: 'connected' }))).toBe('connected');
  });

  it('words an HTTP status and an address waiting for the person in either language', () => {
    const status = {
      state: 'failed',
      reason: 'x',
      failure: { kind: 'http_status', detail: '500 Internal Server Error' },
    } as const;
    expect(stateWords(en, 'en', server(status))).toBe(
      'failed: the address answered HTTP 500 Internal Server Error, not an MCP answer',
    );
    expect(stateWords(ru, 'ru', server(status))).toMatch(/^ошибка: адрес ответил HTTP 500/);
    const waiting = {
      state: 'failed',
      reason: 'x',
      failure: { kind: 'address_unconfirmed', detail: 'http://10.0.0.5/mcp' },
    } as const;
    expect(stateWords(ru, 'ru', server(waiting))).toContain('http://10.0.0.5/mcp');
  });

  it('says an imported local address waits for the person, not that it failed', () => {
    const waiting: McpServerView = {
      ...server({
        state: 'failed',
        reason: 'x',
        failure: { kind: 'address_unconfirmed', detail: 'http://127.0.0.1:9/mcp' },
      }),
      unconfirmedAddress: { url: 'http://127.0.0.1:9/mcp', kind: 'loopback' },
    };
    expect(stateWords(en, 'en', waiting)).toBe('waiting for you to confirm its address');
    expect(stateWords(ru, 'ru', waiting)).toBe('ждёт, пока вы подтвердите его адрес');
  });
});

describe('toolListWords', () => {
  const connected = { state: 'connected' } as const;

  it('says in either language that a server listing too many tools is cut to the first 1,000', () => {
    const view = { ...server(connected), toolListCut: { more: true, leftOut: 2 } };
    expect(toolListWords(translatorFor('en'), 'en', view)).toEqual([
      'This server lists more than 1,000 tools; Atelier uses the first 1,000.',
      'Tools left out, their name longer than 128 characters or their schema larger than 64 KB: 2.',
    ]);
    const russian = toolListWords(translatorFor('ru'), 'ru', view);
    expect(russian[0]).toMatch(
      /больше, чем 1\s000 инструментов; Atelier использует первые 1\s000\.$/,
    );
    expect(russian[1]).toBe(
      'Пропущено инструментов с именем длиннее, чем 128 символов, или схемой больше, чем 64 КБ: 2.',
    );
  });

  it('says nothing of a list taken whole', () => {
    expect(toolListWords(translatorFor('en'), 'en', server(connected))).toEqual([]);
  });
});
