// The service's error wording, in English and in Russian, read as an error code; the token counts a context error names.
import type { ErrorCode, UserError } from '../../../shared/types';

function numberAfter(text: string, pattern: RegExp): number | null {
  const m = pattern.exec(text);
  return m?.[1] ? Number(m[1]) : null;
}

export function contextDetails(text: string): UserError['details'] {
  const details: Record<string, number> = {};
  const limit = numberAfter(
    text,
    /(?:context(?: length| size| window)?|limit|maximum)\D{0,25}?(\d{3,9})\s*(?:tokens)?/i,
  );
  const needed = numberAfter(
    text,
    /(?:requested|needed|required|you (?:sent|have))\D{0,15}(\d{2,9})/i,
  );
  if (limit !== null) details.limit = limit;
  if (needed !== null) details.needed = needed;
  return details;
}

/**
 * The service's wording, in English and in Russian (the service may answer in either), matched
 * on meaning because the exact texts are not documented. Order matters: the first match wins.
 */
const WORDING: ReadonlyArray<readonly [ErrorCode, RegExp]> = [
  [
    'foreign_key',
    /foreign[ _]key|(?:needs?|requires?|use)\s+(?:its|our|the service'?s?|an?)\s+own\s+(?:api\s+)?key|key (?:of|from) (?:an)?other provider|(?:another|other|foreign) provider'?s? key|openai key|not (?:a|our) (?:api )?key|ключ\S* (?:друго|сторонн|чуж)\S* (?:провайдер|сервис)|(?:нуж|требу)\S* (?:собственн|сво)\S* ключ/i,
  ],
  [
    'key_unknown',
    /user\b[^.]{0,40}\bnot found|not found[^.]{0,20}\buser|(?:unknown|invalid|incorrect|wrong|bad|unrecogni[sz]ed) (?:api[ -]?)?key|(?:api[ -]?)?key[^.]{0,30}(?:not found|unknown|invalid|not valid|not recogni[sz]ed)|no such (?:user|key)|unauthori[sz]ed|not authenticated|пользовател\S*[^.]{0,40}не найден|(?:неверн|недействительн|неизвестн|некорректн|неправильн)\S* (?:api[- ]?)?ключ|ключ\S*[^.]{0,30}(?:не найден|недействител|неверн|не распознан)|нет api[- ]?ключа/i,
  ],
  [
    'per_request_limit',
    /per[- ]?request|(?:cost|price|spend(?:ing)?) limit|limit per request|request (?:cost|price) (?:limit|exceeds)|exceeds?[^.]{0,40}\blimit\b[^.]{0,30}\bsettings|лимит\S* (?:на (?:один )?запрос|стоимости)/i,
  ],
  [
    'no_funds',
    /insufficient|not enough (?:funds|money|balance|credits)|no (?:funds|money|credits)|(?:low|negative|zero) balance|balance is (?:too )?(?:low|empty|zero)|top[- ]?up|out of (?:funds|credits)|(?:exceeds?|more than|greater than)[^.]{0,40}\b(?:funds|balance|credits)|(?:funds|balance|credits)[^.]{0,30}(?:insufficient|not enough|too low|exceeded)|(?:недостаточно|не хватает) (?:средств|денег|кредитов)|нет средств|пополните баланс|баланс\S*[^.]{0,20}(?:недостаточ|исчерпан|отрицател|нулев)/i,
  ],
  // Before the plan: "no active subscription" is the account's, not one model's (the document lists them apart).
  [
    'no_subscription',
    /no (?:active |valid )?subscription|subscription (?:has )?(?:expired|ended|inactive|required|is not active)|(?:renew|extend) (?:your |the )?subscription|нет (?:активной |действующей )?подписки|подписк\S* (?:истекл|закончил|неактивн|не активн)|срок (?:действия )?подписки (?:истёк|истек|закончил)|продлите подписку/i,
  ],
  [
    'not_in_plan',
    /(?:plan|subscription|tariff)[^.]{0,60}(?:not (?:available|included|allowed|supported|permitted)|unavailable|does(?:n't| not) include|excludes?|outside)|(?:not (?:available|included|allowed)|unavailable|outside)[^.]{0,40}(?:plan|subscription|tariff)|(?:тариф|подписк)\S*[^.]{0,60}(?:недоступ|не входит|не включ)|(?:недоступн|не входит|не включен)\S*[^.]{0,40}(?:тариф|подписк)/i,
  ],
  [
    'max_tokens_too_large',
    /max[_ ]?tokens\W{0,3}(?:is |are |value |of \d+ )?(?:too (?:large|big|high)|exceeds?|greater)|at most \d+ (?:output|completion) tokens|max(?:imum)? (?:output|completion|new) tokens|(?:слишком больш|превышает)\S*[^.]{0,20}max[_ ]?tokens/i,
  ],
  [
    'context_exceeded',
    /context(?:[_ ](?:length|size|window|limit))|(?:length|size|window|limit) of (?:the )?context|too many tokens|prompt is too long|input is too long|exceeds? (?:the )?(?:model'?s? )?(?:context|token limit)|tokens? exceed|(?:размер|длин|окн)\S* контекста|контекст\S*[^.]{0,30}(?:превыш|не помещ)|превыш\S*[^.]{0,30}контекст|слишком (?:много токенов|длинн\S* (?:запрос|промпт))/i,
  ],
  ['max_tokens_too_large', /max[_ ]?tokens/i],
  [
    'moderation',
    /moderat|content (?:policy|filter)|flagged|safety (?:system|policy)|модерац|политик\S* (?:безопасности|контента)/i,
  ],
  [
    'rate_limited',
    /too many requests|rate[- ]?limit|requests? too (?:frequent|often)|слишком (?:частые|часто|много) (?:запрос|обращ)|превышен\S*[^.]{0,20}(?:лимит|частот)\S*[^.]{0,20}запрос/i,
  ],
  [
    'upstream_timeout',
    /EDGE_FUNCTION_INVOCATION_TIMEOUT|gateway time-?out|upstream[^.]{0,20}tim(?:ed|e) ?out|(?:провайдер|модель)\S*[^.]{0,30}не ответил/i,
  ],
  ['bad_gateway', /EDGE_FUNCTION_INVOCATION_FAILED|bad gateway/i],
  [
    'model_unavailable',
    /cold[- ]?start|temporarily unavailable|(?:model|provider|service)[^.]{0,40}(?:unavailable|not available|overloaded|disabled|loading)|\bunavailable\b|\bdisabled\b|is loading|overloaded|временно недоступн|(?:модель|провайдер)\S*[^.]{0,40}(?:недоступн|перегружен|отключен|загружа)|холодн\S* старт/i,
  ],
];

export function codeFromWording(text: string): ErrorCode | null {
  for (const [code, pattern] of WORDING) if (pattern.test(text)) return code;
  return null;
}
