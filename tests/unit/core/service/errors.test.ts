// Error mapping: every body shape, the service's wording by meaning, statuses, fetch failures, key masking.
import { describe, expect, it } from 'vitest';
import { htmlToShortText, readErrorBody } from '../../../../electron/core/service/error-body';
import {
  errorFromHttp,
  maskSecrets,
  readToolsRefusal,
  ServiceError,
  toUserError,
} from '../../../../electron/core/service/errors';

const json = (body: unknown): string => JSON.stringify(body);

function codeOf(status: number, bodyText: string, contentType?: string): string {
  return errorFromHttp({ status, bodyText, contentType }).code;
}

describe('readErrorBody', () => {
  it('reads {error: {message}}, {error: "text"}, {message}, {status: "error", reason} and {detail}', () => {
    expect(readErrorBody(json({ error: { message: 'A', code: 'x' } }))).toBe('A');
    expect(readErrorBody(json({ error: 'B' }))).toBe('B');
    expect(readErrorBody(json({ message: 'C' }))).toBe('C');
    expect(readErrorBody(json({ status: 'error', reason: 'D' }))).toBe('D');
    expect(readErrorBody(json({ detail: 'E' }))).toBe('E');
  });

  it('reads plain text and shortens long text', () => {
    expect(readErrorBody('  upstream broke  ')).toBe('upstream broke');
    const long = readErrorBody('x'.repeat(5000)) ?? '';
    expect(long.length).toBeLessThanOrEqual(500);
    expect(long.endsWith('…')).toBe(true);
  });

  it('never returns HTML markup, only a short readable line', () => {
    const page =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style>' +
      '<script>var x = "<b>";</script></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>';
    const text = readErrorBody(page, 'text/html') ?? '';
    expect(text).toBe('502 Bad Gateway');
    expect(text).not.toMatch(/[<>]/);
  });

  it('gives nothing for an empty body', () => {
    expect(readErrorBody('   ')).toBeNull();
  });
});

describe('htmlToShortText', () => {
  it('combines a title and a different heading, decodes entities, drops scripts', () => {
    const text = htmlToShortText(
      '<html><head><title>Error</title><script>alert(1)</script></head>' +
        '<body><h1>Service &amp; model &quot;down&quot; &#8212; try later</h1></body></html>',
    );
    expect(text).toBe('Error: Service & model "down" — try later');
  });

  it('falls back to the page text when there is no title or heading', () => {
    expect(htmlToShortText('<body><div>Just <b>text</b> here</div></body>')).toBe('Just text here');
  });
});

describe('errorFromHttp: the service wording, matched on meaning', () => {
  const cases: Array<[string, number, string, string]> = [
    ['unknown user', 400, 'User with this API key was not found. Check the key.', 'key_unknown'],
    ['unknown key variant', 400, 'Invalid API key provided', 'key_unknown'],
    [
      'foreign key',
      400,
      'This service needs its own key, not a key of another provider.',
      'foreign_key',
    ],
    [
      'openai key',
      400,
      'Looks like an OpenAI key; please use the key from your account',
      'foreign_key',
    ],
    ['not in plan', 400, "Model 'x' is unavailable on your subscription plan.", 'not_in_plan'],
    ['not in plan variant', 400, 'This model is not included in your plan', 'not_in_plan'],
    // The document lists "no subscription" apart from "model not in the plan".
    ['no subscription', 400, 'No active subscription.', 'no_subscription'],
    ['subscription expired', 400, 'Your subscription has expired. Renew it.', 'no_subscription'],
    ['no funds', 400, 'Not enough funds: the expected cost exceeds your balance.', 'no_funds'],
    ['insufficient credits', 400, 'Insufficient credits for this request', 'no_funds'],
    [
      'per-request limit',
      400,
      'The expected cost of this request exceeds your per-request limit (0.0001). Raise the limit in your user settings.',
      'per_request_limit',
    ],
    [
      'context',
      400,
      "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens.",
      'context_exceeded',
    ],
    [
      'context variant',
      400,
      'Prompt plus history exceeds the context size of the model',
      'context_exceeded',
    ],
    [
      'max_tokens',
      400,
      'max_tokens is too large: 10000. This model supports at most 4096 completion tokens.',
      'max_tokens_too_large',
    ],
    [
      'context naming max_tokens',
      400,
      "This model's maximum context length is 2048 tokens. However, you requested 3000 tokens (1000 in the messages, 2000 in max_tokens). Reduce the history.",
      'context_exceeded',
    ],
    [
      'max_tokens naming the context',
      400,
      'max_tokens is too large: m allows at most 4096 output tokens, 9000 were requested. Prompt plus the expected answer must fit in the context.',
      'max_tokens_too_large',
    ],
    ['max_tokens by code word only', 400, 'Invalid max_tokens value', 'max_tokens_too_large'],
    ['moderation by status', 403, 'Request refused.', 'moderation'],
    [
      'moderation wording on 400',
      400,
      'Your request was flagged by the moderation policy',
      'moderation',
    ],
    ['429', 429, 'Too many requests', 'rate_limited'],
    ['430 legacy', 430, '', 'rate_limited'],
    ['429 that says no funds', 429, 'No funds on the account, top up', 'no_funds'],
    [
      '504 edge timeout',
      504,
      'An error occurred\n\nEDGE_FUNCTION_INVOCATION_TIMEOUT\n',
      'upstream_timeout',
    ],
    ['edge timeout on 500', 500, 'EDGE_FUNCTION_INVOCATION_TIMEOUT', 'upstream_timeout'],
    ['502 edge failed', 502, 'EDGE_FUNCTION_INVOCATION_FAILED', 'bad_gateway'],
    ['502 empty', 502, '', 'bad_gateway'],
    [
      'edge failed on 500',
      500,
      'An error occurred with your deployment EDGE_FUNCTION_INVOCATION_FAILED',
      'bad_gateway',
    ],
    ['503', 503, 'Service Unavailable', 'model_unavailable'],
    [
      'cold start on 500',
      500,
      'Model is warming up (cold start), retry in a minute',
      'model_unavailable',
    ],
    ['disabled model on 400', 400, 'Model is disabled', 'model_unavailable'],
    ['500', 500, 'Internal server error', 'server_error'],
    ['go context deadline is no context error', 500, 'context deadline exceeded', 'server_error'],
    ['402', 402, 'Payment required', 'no_funds'],
    ['401', 401, 'Unauthorized', 'key_unknown'],
    ['other 400', 400, "Field 'model' is required", 'bad_request'],
    ['413', 413, 'Payload too large', 'too_large'],
    // The service's own validation may answer 429: its words decide, not the status.
    ['429 no funds', 429, 'Not enough funds: top up your balance.', 'no_funds'],
    ['429 no subscription', 429, 'No active subscription.', 'no_subscription'],
    ['429 unknown key', 429, 'User with this API key was not found.', 'key_unknown'],
    // Russian wording.
    ['ru unknown user', 400, 'Пользователь с таким API-ключом не найден.', 'key_unknown'],
    ['ru invalid key', 429, 'Неверный API-ключ', 'key_unknown'],
    [
      'ru foreign key',
      400,
      'Похоже, это ключ другого провайдера. Сервису нужен собственный ключ.',
      'foreign_key',
    ],
    ['ru no funds', 429, 'Недостаточно средств на балансе. Пополните баланс.', 'no_funds'],
    ['ru not enough on the balance', 429, 'Не хватает средств на балансе', 'no_funds'],
    [
      'ru per-request limit',
      400,
      'Ожидаемая стоимость запроса превышает ваш лимит на запрос.',
      'per_request_limit',
    ],
    ['ru not in plan', 400, "Модель 'x' недоступна на вашем тарифе.", 'not_in_plan'],
    ['ru no subscription', 429, 'Нет активной подписки.', 'no_subscription'],
    ['ru subscription ended', 400, 'Срок подписки истёк. Продлите её.', 'no_subscription'],
    ['ru model not in the subscription', 400, 'Модель не входит в вашу подписку.', 'not_in_plan'],
    [
      'ru max_tokens',
      400,
      'Слишком большое значение max_tokens для модели.',
      'max_tokens_too_large',
    ],
    ['ru context', 400, 'Превышен размер контекста модели: 8192 токенов.', 'context_exceeded'],
    ['ru moderation', 403, 'Запрос заблокирован политикой модерации.', 'moderation'],
    ['ru rate', 429, 'Слишком частые запросы. Подождите.', 'rate_limited'],
    ['ru unavailable', 400, 'Модель временно недоступна.', 'model_unavailable'],
  ];
  for (const [name, status, text, code] of cases) {
    it(`${name} -> ${code}`, () => {
      expect(codeOf(status, text)).toBe(code);
      if (text) expect(codeOf(status, json({ error: { message: text } }))).toBe(code);
    });
  }

  it('keeps the service text as the message and marks what may be retried', () => {
    const e = errorFromHttp({
      status: 400,
      bodyText: json({ error: 'Not enough funds. Top up.' }),
    });
    expect(e).toEqual({
      code: 'no_funds',
      message: 'Not enough funds. Top up.',
      status: 400,
      retryable: false,
      fromService: true,
    });
    // Our own words for an empty answer are not quoted as the service's.
    expect(errorFromHttp({ status: 502, bodyText: '' }).fromService).toBeUndefined();
    expect(errorFromHttp({ status: 504, bodyText: '' }).retryable).toBe(true);
  });

  it('uses a machine code in the body when the text says nothing useful', () => {
    expect(
      codeOf(400, json({ error: { message: 'Request refused', code: 'insufficient_funds' } })),
    ).toBe('no_funds');
    expect(codeOf(400, json({ error: { message: 'Nope', code: 'user_not_found' } }))).toBe(
      'key_unknown',
    );
  });

  it('maps a 200 whose body is an error object, using a status inside it', () => {
    expect(codeOf(200, json({ error: { message: 'Upstream timed out', code: 504 } }))).toBe(
      'upstream_timeout',
    );
    expect(codeOf(200, json({ error: 'User with this API key was not found' }))).toBe(
      'key_unknown',
    );
    expect(codeOf(200, json({ status: 'error', reason: 'Insufficient balance' }))).toBe('no_funds');
  });

  it('extracts the context numbers when the text gives them', () => {
    const e = errorFromHttp({
      status: 400,
      bodyText:
        "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens.",
    });
    expect(e.details).toEqual({ limit: 8192, needed: 9000 });
  });

  it('tells a 429 in words it does not know as the service’s refusal, retryable, in those words', () => {
    const e = errorFromHttp({
      status: 429,
      bodyText: json({
        error: { message: 'Запрос отклонён. Обратитесь в поддержку сервиса.', code: 429 },
      }),
    });
    expect(e).toEqual({
      code: 'refused',
      message: 'Запрос отклонён. Обратитесь в поддержку сервиса.',
      status: 429,
      retryable: true,
      fromService: true,
    });
  });

  it.each([
    ['rate-limit words', 'Too many requests, slow down', null],
    ['Russian rate-limit words', 'Превышен лимит частоты запросов', null],
    ['a provider busy for now', 'The model is overloaded, try again', null],
    ['no description', '', null],
    ['only the status', 'Error 429', null],
    ['a Retry-After', 'Запрос отклонён. Обратитесь в поддержку сервиса.', 2000],
  ])('keeps a 429 with %s a rate limit', (_what, text, retryAfterMs) => {
    expect(errorFromHttp({ status: 429, bodyText: text, retryAfterMs }).code).toBe('rate_limited');
  });

  it('notes Retry-After on a rate limit', () => {
    const e = errorFromHttp({ status: 429, bodyText: 'slow down', retryAfterMs: 3000 });
    expect(e.details).toEqual({ retryAfterMs: 3000 });
  });

  it('reads an HTML error page as its title, never as markup', () => {
    const page =
      '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';
    const e = errorFromHttp({ status: 500, bodyText: page, contentType: 'text/html' });
    expect(e).toMatchObject({ code: 'server_error', message: '500 Internal Server Error' });
  });

  it('says bad_base_url for a 404 that is a web page, empty or a missing route, not_found otherwise', () => {
    expect(codeOf(404, '<html><title>404 Not Found</title></html>', 'text/html')).toBe(
      'bad_base_url',
    );
    expect(codeOf(404, '')).toBe('bad_base_url');
    expect(codeOf(404, json({ error: { message: 'Not found: POST /chat/completions' } }))).toBe(
      'bad_base_url',
    );
    expect(codeOf(405, 'Cannot POST /v2/chat')).toBe('bad_base_url');
    expect(codeOf(404, json({ error: 'Video job abc does not exist' }))).toBe('not_found');
  });

  it('gives our own words with the status when the body is empty', () => {
    expect(errorFromHttp({ status: 500, bodyText: '' }).message).toMatch(/HTTP 500/);
  });

  it('masks the key if the service echoes it', () => {
    const key = 'sim-secret-key-12345';
    const e = errorFromHttp({
      status: 400,
      bodyText: json({ error: `Key ${key} is unknown; URL /sdapi/${key}/sdapi/v1/txt2img` }),
      apiKey: key,
    });
    expect(e.message).not.toContain(key);
    expect(e.message).toContain('****2345');
  });
});

describe('readToolsRefusal', () => {
  const failure = (status: number, message: string) =>
    errorFromHttp({ status, bodyText: json({ error: { message } }) });

  it('marks a 400 that names the tools, keeping the service words and code', () => {
    const read = readToolsRefusal(failure(400, 'This model does not support tools'));
    expect(read.details?.reason).toBe('tools_refused');
    expect(read.message).toBe('This model does not support tools');
    expect(read.code).toBe(failure(400, 'This model does not support tools').code);
  });

  it('leaves other failures alone: another 400, or a 500 that names tools', () => {
    expect(readToolsRefusal(failure(400, 'messages must not be empty')).details?.reason).not.toBe(
      'tools_refused',
    );
    expect(readToolsRefusal(failure(500, 'tool server exploded')).details?.reason).not.toBe(
      'tools_refused',
    );
  });
});

describe('maskSecrets', () => {
  it('masks the key, a key in an sdapi path, a key= query value and Authorization values', () => {
    const key = 'abcdefghijklmnop';
    expect(maskSecrets(`x ${key} y`, key)).toBe('x ****mnop y');
    expect(maskSecrets('http://h/sdapi/other-secret-key/sdapi/v1/txt2img', null)).toBe(
      'http://h/sdapi/****-key/sdapi/v1/txt2img',
    );
    expect(maskSecrets('http://h/latest/call?key=zzzzzzzzzzzz&x=1', null)).toBe(
      'http://h/latest/call?key=****zzzz&x=1',
    );
    expect(maskSecrets('Authorization: Bearer tok123456789', null)).toBe(
      'Authorization: Bearer ****',
    );
    expect(maskSecrets('"authorization": "Key tok123456789"', null)).toBe(
      '"authorization": "Key ****"',
    );
  });

  it('leaves ordinary words alone', () => {
    expect(maskSecrets('API Key not found', 'sim-x-long-key')).toBe('API Key not found');
  });

  it('masks short keys completely', () => {
    expect(maskSecrets('key sim-abc used', 'sim-abc')).toBe('key **** used');
  });
});

describe('toUserError', () => {
  it('returns a ServiceError as it is', () => {
    const error = errorFromHttp({ status: 403, bodyText: 'blocked' });
    expect(toUserError(new ServiceError(error))).toBe(error);
  });

  it('says cancelled for an AbortError (DOMException or Error)', () => {
    expect(toUserError(new DOMException('aborted', 'AbortError')).code).toBe('cancelled');
    const e = new Error('The operation was aborted');
    e.name = 'AbortError';
    expect(toUserError(e)).toMatchObject({ code: 'cancelled', retryable: true });
  });

  it('says network for fetch failures with ECONNREFUSED or ENOTFOUND', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(toUserError(refused)).toMatchObject({ code: 'network', retryable: true });
    expect(toUserError(refused).message).toContain('ECONNREFUSED');
    const missing = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), {
        code: 'ENOTFOUND',
      }),
    });
    expect(toUserError(missing).code).toBe('network');
  });

  it('says bad_base_url for an invalid URL and malformed_response for broken JSON', () => {
    expect(toUserError(new TypeError('Failed to parse URL from nope')).code).toBe('bad_base_url');
    expect(
      toUserError(Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' })).code,
    ).toBe('bad_base_url');
    expect(toUserError(new SyntaxError('Unexpected token < in JSON')).code).toBe(
      'malformed_response',
    );
  });

  it('says unknown for anything else, masking the key in the text', () => {
    expect(toUserError(new Error('boom sim-very-secret-1'), 'sim-very-secret-1')).toEqual({
      code: 'unknown',
      message: 'boom ****et-1',
      status: null,
      retryable: true,
    });
    expect(toUserError('a string').code).toBe('unknown');
  });
});
