// Reading the service's answers into app types: model list, balance, usage, chat completions.
import { modelKind } from '../../../shared/models';
import { PRICE_UNITS, parseDecimal } from '../../../shared/prices';
import type { Balance, ModelInfo, ModelLimits, UnitPrice, Usage } from '../../../shared/types';
import { serviceError } from './errors';
import { readToolCalls } from './tool-calls';
import type { ChatResult } from './types';

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function intOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))
    return Math.trunc(Number(value));
  return null;
}

/**
 * A numeric JSON field as the exact decimal text the service sent: JSON.parse would turn
 * 0.000123456789012345 into a float, and money is never handled as floats here.
 */
function rawDecimal(rawJson: string | undefined, field: string): string | null {
  if (!rawJson) return null;
  const m = new RegExp(`"${field}"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)`).exec(rawJson);
  return m?.[1] ?? null;
}

function decimalField(obj: Json, field: string, rawJson?: string): string | null {
  const value = obj[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return rawDecimal(rawJson, field) ?? String(value);
  return null;
}

/** Usage of a completion (or a final stream chunk); cost kept as the service's decimal text. */
export function readUsage(answer: unknown, rawJson?: string): Usage | null {
  if (!isObject(answer)) return null;
  const usage = isObject(answer.usage) ? answer.usage : null;
  const cost =
    (usage
      ? (decimalField(usage, 'cost', rawJson) ?? decimalField(usage, 'total_cost', rawJson))
      : null) ?? decimalField(answer, 'cost', rawJson);
  if (!usage && cost === null) return null;
  return {
    promptTokens: intOrNull(usage?.prompt_tokens ?? usage?.input_tokens),
    completionTokens: intOrNull(usage?.completion_tokens ?? usage?.output_tokens),
    totalTokens: intOrNull(usage?.total_tokens),
    cost,
  };
}

/** Message content may be a string, null (tool calls) or an array of parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
      .join('');
  return '';
}

export function reasoningText(message: Json): string {
  return contentText(message.reasoning ?? message.reasoning_content);
}

export function readChatCompletion(answer: unknown, rawJson?: string): ChatResult {
  const choice = isObject(answer) && Array.isArray(answer.choices) ? answer.choices[0] : undefined;
  if (!isObject(choice) || !isObject(choice.message))
    throw serviceError('malformed_response', 'The answer has no choices[0].message.', 200);
  const toolCalls = readToolCalls(choice.message);
  return {
    content: contentText(choice.message.content),
    reasoning: reasoningText(choice.message),
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
    usage: readUsage(answer, rawJson),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  };
}

function normalBadge(raw: string): string | null {
  const token = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  if (!token) return null;
  if (/^(tools?|function-?call(ing|s)?|tool-?(use|calls?|choice))$/.test(token)) return 'tools';
  if (/^(structured-?outputs?|json-?schema|response-?format)$/.test(token))
    return 'structured-outputs';
  if (/^(vision|image-?input|images?)$/.test(token)) return 'vision';
  if (/^(reasoning|thinking|include-?reasoning)$/.test(token)) return 'reasoning';
  if (/^(web-?search|search|online|internet)$/.test(token)) return 'web-search';
  if (/^(audio-?input|audioinput|input-?audio)$/.test(token)) return 'audio-input';
  if (/^(diari[sz]ation|speaker-?labels)$/.test(token)) return 'diarization';
  return null;
}

function badgeTokens(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[,;]/);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (isObject(value))
    return Object.entries(value)
      .filter(([, on]) => on === true || on === 1 || on === 'true')
      .map(([name]) => name);
  return [];
}

/** Badges from whatever capability fields a list entry has, its id prefix and its name. */
export function modelBadges(entry: Json, id: string, name: string): string[] {
  const badges = new Set<string>();
  const add = (token: string): void => {
    const badge = normalBadge(token);
    if (badge) badges.add(badge);
  };
  for (const field of [
    'badges',
    'capabilities',
    'features',
    'supported_features',
    'supported_parameters',
    'tags',
  ])
    badgeTokens(entry[field]).forEach(add);
  for (const flag of [
    'tools',
    'function_calling',
    'structured_outputs',
    'vision',
    'reasoning',
    'web_search',
    'audio_input',
  ])
    if (entry[flag] === true) add(flag);
  const architecture = isObject(entry.architecture) ? entry.architecture : null;
  const inputs = badgeTokens(architecture?.input_modalities);
  // Only the input side of 'text+image->text' counts: 'text->image' makes pictures, it does not see them.
  const modalityInputs = String(architecture?.modality ?? '').split('->')[0] ?? '';
  if (inputs.includes('image') || /(^|\+)image/.test(modalityInputs)) badges.add('vision');
  if (inputs.includes('audio')) badges.add('audio-input');
  if (id.startsWith('vis-')) badges.add('vision');
  // ModelInfo has no plan field; the badge lets pickers mark what the plan refuses (400).
  if (entry.available_on_plan === false || entry.in_plan === false) badges.add('not-in-plan');
  const words = `${id} ${name}`.toLowerCase();
  if (/(^|[-/ ])(r1|reasoner|reasoning|thinking)([-: ]|$)/.test(words)) badges.add('reasoning');
  if (/(^|[-/ ])(online|search|sonar)([-: ]|$)/.test(words)) badges.add('web-search');
  if (/diari[sz]/.test(words)) badges.add('diarization');
  return [...badges].sort();
}

function readModel(entry: unknown): ModelInfo | null {
  if (typeof entry === 'string') entry = { id: entry };
  if (!isObject(entry) || typeof entry.id !== 'string' || !entry.id) return null;
  const id = entry.id;
  const name = typeof entry.name === 'string' && entry.name.trim() ? entry.name : id;
  const pricing = isObject(entry.pricing) ? entry.pricing : {};
  const topProvider = isObject(entry.top_provider) ? entry.top_provider : {};
  return {
    id,
    name,
    kind: modelKind(id),
    promptPrice: stringOrNull(pricing.prompt ?? pricing.input),
    completionPrice: stringOrNull(pricing.completion ?? pricing.output),
    contextLength: intOrNull(
      entry.context_length ?? topProvider.context_length ?? entry.context_window,
    ),
    badges: modelBadges(entry, id, name),
    description:
      typeof entry.description === 'string' && entry.description ? entry.description : null,
    ...modelLimits(entry),
    ...statedInputs(entry),
    ...statedUnitPrice(pricing),
  };
}

/**
 * A fixed price the entry states: pricing.image (per picture), or pricing.request with the unit it
 * names (second, minute, page, call; a request without a unit is per call). The documented list
 * gives none of these; then nothing is stated.
 */
function statedUnitPrice(pricing: Json): { unitPrice?: UnitPrice } {
  const image = stringOrNull(pricing.image);
  if (image !== null && parseDecimal(image) !== null)
    return { unitPrice: { price: image, unit: 'image' } };
  const request = stringOrNull(pricing.request);
  if (request === null || parseDecimal(request) === null) return {};
  const named = typeof pricing.unit === 'string' ? pricing.unit.trim().toLowerCase() : 'call';
  const unit = PRICE_UNITS.find((u) => u === named);
  return unit ? { unitPrice: { price: request, unit } } : {};
}

/** The entry's input modalities when it states them; the documented list does not. */
function statedInputs(entry: Json): { inputs?: string[] } {
  const architecture = isObject(entry.architecture) ? entry.architecture : null;
  const listed = badgeTokens(architecture?.input_modalities).map((m) => m.trim().toLowerCase());
  if (listed.length > 0) return { inputs: listed };
  const modality = typeof architecture?.modality === 'string' ? architecture.modality : '';
  const side = modality.includes('->') ? (modality.split('->')[0] ?? '') : '';
  const parsed = side
    .split('+')
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  return parsed.length > 0 ? { inputs: parsed } : {};
}

/** max_source_images, requires_aspect_ratio, sizes, durations, end_image, max_seconds when given. */
function modelLimits(entry: Json): { limits?: ModelLimits } {
  const limits: ModelLimits = {};
  const maxSources = intOrNull(entry.max_source_images);
  if (maxSources !== null && maxSources > 0) limits.maxSourceImages = maxSources;
  if (entry.requires_aspect_ratio === true) limits.requiresAspectRatio = true;
  if (Array.isArray(entry.sizes))
    limits.sizes = entry.sizes.filter((s): s is string => typeof s === 'string');
  if (Array.isArray(entry.durations))
    limits.durations = entry.durations.filter((d): d is number => typeof d === 'number');
  if (entry.end_image === true) limits.endImage = true;
  const maxSeconds = intOrNull(entry.max_seconds);
  if (maxSeconds !== null && maxSeconds > 0) limits.maxSeconds = maxSeconds;
  return Object.keys(limits).length > 0 ? { limits } : {};
}

/** The OpenRouter-style list ({data: [...]}) or a bare array; entries without an id are skipped. */
export function readModelList(answer: unknown): ModelInfo[] {
  const list = Array.isArray(answer)
    ? answer
    : isObject(answer) && Array.isArray(answer.data)
      ? answer.data
      : isObject(answer) && Array.isArray(answer.models)
        ? answer.models
        : null;
  if (!list) throw serviceError('malformed_response', 'The model list has no data array.', 200);
  const seen = new Set<string>();
  const models: ModelInfo[] = [];
  for (const entry of list) {
    const model = readModel(entry);
    if (model && !seen.has(model.id)) {
      seen.add(model.id);
      models.push(model);
    }
  }
  return models;
}

/** 'YYYY-MM-DD HH:MM[:SS]' in Moscow time (UTC+3, no daylight saving since 2014) as ISO UTC. */
export function moscowToUtcIso(text: string): string | null {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const ms = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h) - 3,
    Number(mi),
    Number(s ?? 0),
  );
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** A field shown as the service gave it: text as is, a number or a boolean spelled out. */
function rawTextOrNull(value: unknown): string | null {
  if (typeof value === 'boolean') return String(value);
  return stringOrNull(value);
}

function userStatus(value: unknown): 0 | 1 | 2 | null {
  const n = intOrNull(value);
  return n === 0 || n === 1 || n === 2 ? n : null;
}

/** A 200 /balance answer: figures when status is ok, else state 'off' with the service's reason. */
export function readBalance(answer: unknown, checkedAt: string, rawJson?: string): Balance {
  const base: Balance = {
    state: 'ok',
    credits: null,
    userStatus: null,
    userStatusText: null,
    subscriptionStatus: null,
    subscriptionEnd: null,
    subscriptionEndUtc: null,
    reason: null,
    error: null,
    checkedAt,
  };
  if (!isObject(answer))
    throw serviceError('malformed_response', 'The balance answer is not an object.', 200);
  if (answer.status !== 'ok') {
    // The service's own words, verbatim; an empty reason says nothing, so the next one is used.
    const reason =
      [
        stringOrNull(answer.reason),
        stringOrNull(answer.message),
        typeof answer.error === 'string' ? answer.error : null,
      ].find((text) => text != null && text.trim() !== '') ??
      `The service answered status "${String(answer.status)}".`;
    return { ...base, state: 'off', reason };
  }
  const data = isObject(answer.data) ? answer.data : answer;
  const subscriptionEnd = stringOrNull(data.subscription_end);
  return {
    ...base,
    credits: decimalField(data, 'credits', rawJson),
    userStatus: userStatus(data.user_status),
    userStatusText: stringOrNull(data.user_status_text) || null,
    subscriptionStatus: rawTextOrNull(data.subscription_status),
    subscriptionEnd,
    subscriptionEndUtc: subscriptionEnd ? moscowToUtcIso(subscriptionEnd) : null,
  };
}
