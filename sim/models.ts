// Finding the model a request names for an account, and its wire form for GET /models.
import type { Account } from './accounts';
import { SimHttpError } from './http';
import { MODELS, type SimModel, type SimModelKind } from './model-list';
import { formatPerTokenPrice, formatScaled } from './money';

export { MODELS };
export type { Feature, PriceUnit, SimModel, SimModelKind } from './model-list';

const BY_ID = new Map(MODELS.map((m) => [m.id, m]));

/** Short standard ids the service converts, and clients' own embedding default. */
const ALIASES = new Map<string, string>([
  ['gpt-3.5-turbo', 'openai/gpt-4o-mini'],
  ['gpt-4', 'openai/gpt-4o-mini'],
  ['text-embedding-3-small', 'emb-openai/text-embedding-3-small'],
  ['text-embedding-ada-002', 'emb-openai/text-embedding-3-small'],
]);

export function isPremium(id: string): boolean {
  return id.startsWith('premium/');
}

/** The model a request's id names for this account: its mapping, an alias, or the id itself. */
export function resolveModel(requested: string, account: Account): SimModel {
  const id = account.mappings.get(requested) ?? ALIASES.get(requested) ?? requested;
  const model = BY_ID.get(id);
  if (!model)
    throw new SimHttpError(400, `Model '${requested}' not found. Pick a model id from /models.`, {
      code: 'model_not_found',
      ru: `Модель '${requested}' не найдена. Выберите идентификатор модели из /models.`,
    });
  if (isPremium(model.id) && !account.premiumModels)
    throw new SimHttpError(
      400,
      `Model '${model.id}' is unavailable on your subscription plan. Choose another model or upgrade the plan.`,
      {
        code: 'model_not_in_plan',
        ru: `Модель '${model.id}' недоступна на вашем тарифе. Выберите другую модель или смените тариф.`,
      },
    );
  return model;
}

export function requireKind(model: SimModel, kinds: SimModelKind[], endpoint: string): void {
  if (!kinds.includes(model.kind))
    throw new SimHttpError(400, `Model '${model.id}' cannot be used with ${endpoint}.`, {
      code: 'invalid_model',
    });
}

export function unitPrice(model: SimModel): number {
  return model.unitMicro ?? 0;
}

const CREATED = 1_735_689_600;

function wireContextLength(model: SimModel): number | string | null {
  if (model.contextLength === null) return null;
  return model.contextAsString ? String(model.contextLength) : model.contextLength;
}

/**
 * The model list entry as GET /models gives it (OpenRouter style, prices per token). The document
 * shows no shape at all; public clients show id, name, pricing {prompt, completion} and
 * context_length, so that is all the 'minimal' profile (the default) sends. 'rich' adds the
 * fields some gateways send (type, modalities, features, media limits, plan availability).
 */
export function wireModel(
  model: SimModel,
  account: Account | null,
  profile: 'minimal' | 'rich' = 'minimal',
): Record<string, unknown> {
  const pricing: Record<string, string> = {
    prompt: formatPerTokenPrice(model.promptMicroPerM),
    completion: formatPerTokenPrice(model.completionMicroPerM),
  };
  if (profile === 'minimal')
    return { id: model.id, name: model.name, pricing, context_length: wireContextLength(model) };
  if (model.unit && model.unitMicro !== undefined) {
    pricing[model.unit === 'image' ? 'image' : 'request'] = formatScaled(model.unitMicro, 6);
    pricing.unit = model.unit;
  }
  const entry: Record<string, unknown> = {
    id: model.id,
    name: model.name,
    description: model.description,
    created: CREATED,
    type: model.kind,
    context_length: wireContextLength(model),
    pricing,
    architecture: {
      modality: `${model.inputModalities.join('+')}->${model.outputModalities.join('+')}`,
      input_modalities: model.inputModalities,
      output_modalities: model.outputModalities,
    },
    supported_features: model.features,
  };
  if (model.maxOutputTokens !== undefined)
    entry.top_provider = {
      context_length: model.contextLength,
      max_completion_tokens: model.maxOutputTokens,
    };
  if (model.maxSourceImages !== undefined) entry.max_source_images = model.maxSourceImages;
  if (model.requiresAspectRatio) entry.requires_aspect_ratio = true;
  if (model.allowedSizes) entry.sizes = model.allowedSizes;
  if (model.durations) entry.durations = model.durations;
  if (model.endImage) entry.end_image = true;
  if (model.maxSeconds !== undefined) entry.max_seconds = model.maxSeconds;
  if (account) entry.available_on_plan = !isPremium(model.id) || account.premiumModels;
  return entry;
}
