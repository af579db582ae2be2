// Trigger words: [[...]] markers in a prompt that make the simulator misbehave on purpose.
import { gatewayFailure, SimHttpError } from './http';

export function hasTrigger(text: string, name: string): boolean {
  return text.includes(`[[${name}]]`);
}

/** N of a [[name:N]] marker, or null. */
export function numericTrigger(text: string, name: string): number | null {
  const match = new RegExp(`\\[\\[${name}:(\\d{1,7})\\]\\]`).exec(text);
  return match ? Number(match[1]) : null;
}

const HTML_ERROR_PAGE = `<!DOCTYPE html>
<html><head><title>500 Internal Server Error</title></head>
<body><h1>Internal Server Error</h1><p>The server encountered an internal error and was unable to complete your request.</p></body></html>
`;

/**
 * A validation refusal the document says may come as 429, in words no client can know in advance
 * (its texts are not shown): no Retry-After, nothing about the rate.
 */
export const REFUSAL_429_TEXT = 'Запрос отклонён. Обратитесь в поддержку сервиса.';

/**
 * The failure a prompt asks for, if any ([[error200]] is the endpoint's to handle, since it
 * answers 200): moderation, 500, 502, an HTML 500, the cold-start 503, or a 429 in unknown words.
 */
export function errorTrigger(text: string, modelId: string): SimHttpError | null {
  if (hasTrigger(text, 'moderation'))
    return new SimHttpError(
      403,
      `Your request was blocked by the moderation policy of ${modelId}. Edit the request or choose a model without moderation.`,
      {
        code: 403,
        ru: `Запрос заблокирован политикой модерации модели ${modelId}. Измените запрос или выберите модель без модерации.`,
      },
    );
  if (hasTrigger(text, '500'))
    return new SimHttpError(
      500,
      'Internal server error: the provider could not process the request (often a malformed request).',
      {
        code: 500,
        ru: 'Внутренняя ошибка сервера: провайдер не смог обработать запрос (часто он составлен неверно).',
      },
    );
  if (hasTrigger(text, '502')) return gatewayFailure(502);
  if (hasTrigger(text, 'html'))
    return new SimHttpError(500, 'Internal Server Error', {
      raw: { contentType: 'text/html; charset=utf-8', body: HTML_ERROR_PAGE },
    });
  if (hasTrigger(text, 'unavailable'))
    return new SimHttpError(
      503,
      `Model ${modelId} is temporarily unavailable (cold start). Try again in a few minutes or choose another model.`,
      { code: 'model_unavailable' },
    );
  if (hasTrigger(text, '429refusal')) return new SimHttpError(429, REFUSAL_429_TEXT);
  return null;
}

export const ERROR_200_BODY = {
  error: { message: 'Upstream provider error: the model returned no answer.', code: 502 },
};
