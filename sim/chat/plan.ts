// A /chat/completions request read and checked: messages, images and audio, tools, response format, what it may cost.
import type { Account } from '../accounts';
import { type Call } from '../context';
import { requireString, SimHttpError } from '../http';
import { decodeImageSource, type DecodedImage } from '../media/data-uri';
import { costOfUnits } from '../money';
import { requireKind, resolveModel, type SimModel } from '../models';

/**
 * The simulator's own count for pictures and audio: one prompt token per this many bytes of the
 * decoded data, at least one a part. The document states no count; this one is deliberately
 * unlike Atelier's estimates (85 a picture, 320 bytes of audio a token), so no test passes by
 * sharing a guess.
 */
const MEDIA_BYTES_PER_TOKEN = 1000;

function mediaTokens(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / MEDIA_BYTES_PER_TOKEN));
}
export const MAX_LONG_TOKENS = 200_000;
/** The most items `[[list:N]]` writes, and rows `[[table:N]]`. */
export const MAX_LIST_ITEMS = 5_000;

export interface ToolSpec {
  name: string;
  parameters: unknown;
}

export interface ChatRequestPlan {
  model: SimModel;
  stream: boolean;
  /** The convention's `stream_options: {include_usage: true}`: a stream ends with its usage. */
  includeUsage: boolean;
  maxTokens: number | null;
  messageCount: number;
  hasSystem: boolean;
  /** The system messages' text, joined. */
  systemText: string;
  images: DecodedImage[];
  audioParts: Array<{ format: string; bytes: number }>;
  promptTokens: number;
  lastUserText: string;
  /** The tool results after the model's last call (one per call of that round), else empty. */
  toolResults: { name: string; content: string }[];
  /** Rounds of tool calls since the last user message (for [[tools:loop]]). */
  toolRounds: number;
  tools: ToolSpec[];
  forcedTool: string | null;
  toolChoiceNone: boolean;
  responseFormat: { type: string; schema: unknown } | null;
}

export function invalid(message: string): SimHttpError {
  return new SimHttpError(400, message, { code: 'invalid_request' });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readTools(body: Record<string, unknown>, model: SimModel): ToolSpec[] {
  if (body.tools === undefined || body.tools === null) return [];
  if (!Array.isArray(body.tools)) throw invalid("Field 'tools' must be an array");
  if (body.tools.length === 0) return [];
  if (!model.features.includes('tools'))
    throw new SimHttpError(
      400,
      `Model ${model.id} does not support tools. Choose a model with the tools badge.`,
      { code: 'tools_unsupported' },
    );
  return body.tools.map((tool: unknown, index) => {
    if (!isRecord(tool) || tool.type !== 'function' || !isRecord(tool.function))
      throw invalid(`tools[${index}] must be {type: "function", function: {name, parameters}}`);
    const name = tool.function.name;
    if (typeof name !== 'string' || !/^[\w-]{1,64}$/.test(name))
      throw invalid(`tools[${index}].function.name must be 1-64 letters, digits, _ or -`);
    return { name, parameters: tool.function.parameters };
  });
}

export function readResponseFormat(
  body: Record<string, unknown>,
): ChatRequestPlan['responseFormat'] {
  const format = body.response_format;
  if (format === undefined || format === null) return null;
  if (!isRecord(format) || typeof format.type !== 'string')
    throw invalid("Field 'response_format' must be an object with a type");
  if (format.type === 'json_schema') {
    if (!isRecord(format.json_schema) || !isRecord(format.json_schema.schema))
      throw invalid('response_format json_schema needs json_schema: {name, schema}');
    return { type: 'json_schema', schema: format.json_schema.schema };
  }
  if (!['text', 'json_object', 'json_output'].includes(format.type))
    throw invalid(`Unknown response_format type '${format.type}'`);
  return format.type === 'text' ? null : { type: format.type, schema: null };
}

export function planChat(
  body: Record<string, unknown>,
  account: Account,
  call: Call,
): ChatRequestPlan {
  const model = resolveModel(requireString(body, 'model'), account);
  requireKind(model, ['chat'], '/chat/completions');
  if (body.functions !== undefined)
    throw new SimHttpError(
      400,
      "'functions' no longer works since 20 August 2024: use 'tools' instead.",
      { code: 'functions_deprecated' },
    );
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    throw invalid("Field 'messages' must be a non-empty array");
  const rawMax = body.max_tokens ?? body.max_completion_tokens;
  if (
    rawMax !== undefined &&
    rawMax !== null &&
    (!Number.isInteger(rawMax) || (rawMax as number) < 1)
  )
    throw invalid("Field 'max_tokens' must be a positive integer");
  const maxTokens = typeof rawMax === 'number' ? rawMax : null;
  if (body.temperature !== undefined && body.temperature !== null) {
    const t = body.temperature;
    if (typeof t !== 'number' || t < 0 || t > 2) throw invalid("'temperature' must be within 0..2");
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean')
    throw invalid("Field 'stream' must be a boolean");
  const streamOptions = body.stream_options;
  if (streamOptions !== undefined && streamOptions !== null && !isRecord(streamOptions))
    throw invalid("Field 'stream_options' must be an object");

  let textChars = 0;
  let hasSystem = false;
  let systemText = '';
  let lastUserText = '';
  let toolResults: ChatRequestPlan['toolResults'] = [];
  let toolRounds = 0;
  const images: DecodedImage[] = [];
  const audioParts: ChatRequestPlan['audioParts'] = [];
  const toolNames = new Map<string, string>();
  // Calls of the last assistant message still waiting for their `tool` message.
  let unanswered: string[] = [];
  const requireAnswered = (index: number) => {
    if (unanswered.length > 0)
      throw invalid(
        `messages[${index}]: an assistant message with 'tool_calls' must be followed by tool messages answering each tool_call_id; missing: ${unanswered.join(', ')}`,
      );
  };
  body.messages.forEach((message: unknown, index) => {
    if (!isRecord(message)) throw invalid(`messages[${index}] must be an object`);
    const role = message.role;
    // The document lists system, user and assistant; tool results follow from its `tools`.
    if (typeof role !== 'string' || !['system', 'user', 'assistant', 'tool'].includes(role))
      throw invalid(`messages[${index}].role must be system, user, assistant or tool`);
    if (role === 'system') hasSystem = true;
    if (role !== 'tool') requireAnswered(index);
    let text = '';
    const content = message.content;
    if (typeof content === 'string') text = content;
    else if (Array.isArray(content)) {
      content.forEach((part: unknown, partIndex) => {
        const where = `messages[${index}].content[${partIndex}]`;
        if (!isRecord(part)) throw invalid(`${where} must be an object`);
        if (part.type === 'text') {
          if (typeof part.text !== 'string') throw invalid(`${where}.text must be a string`);
          text += (text ? '\n' : '') + part.text;
        } else if (part.type === 'image_url') {
          // The document's form is a string (an http(s) URL or a data URI), nothing else.
          const source = part.image_url;
          if (typeof source !== 'string')
            throw invalid(
              `${where}.image_url must be a string: an http(s) URL or a data URI (data:image/<subtype>;base64,...)`,
            );
          images.push(decodeImageSource(source, call.state.files));
        } else if (part.type === 'input_audio') {
          const audio = part.input_audio;
          if (
            !isRecord(audio) ||
            typeof audio.data !== 'string' ||
            typeof audio.format !== 'string'
          )
            throw invalid(`${where}.input_audio must be {data: base64, format}`);
          audioParts.push({
            format: audio.format,
            bytes: Buffer.from(audio.data, 'base64').length,
          });
        } else throw invalid(`${where}.type '${String(part.type)}' is not supported`);
      });
    } else if (!(content === null && role === 'assistant'))
      throw invalid(`messages[${index}].content must be a string or an array of parts`);
    if (role === 'assistant' && Array.isArray(message.tool_calls)) {
      toolRounds++;
      toolResults = [];
      for (const toolCall of message.tool_calls as unknown[]) {
        if (isRecord(toolCall) && isRecord(toolCall.function) && typeof toolCall.id === 'string') {
          toolNames.set(toolCall.id, String(toolCall.function.name));
          unanswered.push(toolCall.id);
        }
        text += JSON.stringify(toolCall);
      }
    }
    textChars += text.length;
    if (role === 'system') systemText += (systemText ? '\n' : '') + text;
    if (role === 'user') {
      lastUserText = text;
      toolResults = [];
      toolRounds = 0;
    }
    if (role === 'assistant' && !Array.isArray(message.tool_calls)) toolResults = [];
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      if (!toolNames.has(id))
        throw invalid(
          `messages[${index}].tool_call_id '${id}' answers no tool call of an earlier assistant message`,
        );
      toolResults.push({ name: toolNames.get(id) ?? 'tool', content: text });
      unanswered = unanswered.filter((waiting) => waiting !== id);
    }
  });
  requireAnswered(body.messages.length);

  // The document: images are priced correctly only on vis- ids, whatever the list's badges say.
  if (images.length > 0 && !model.id.startsWith('vis-'))
    throw new SimHttpError(
      400,
      `Request rejected on cost: images sent to ${model.id} are priced as text, which costs far too much. Use a vision variant (ids starting with vis-).`,
      { code: 'image_needs_vision_model' },
    );
  if (audioParts.length > 0 && !model.features.includes('audioinput'))
    throw new SimHttpError(
      400,
      `Model ${model.id} does not take audio input (input_audio). Choose a model with the audioinput feature.`,
      { code: 'audio_unsupported' },
    );

  const mediaPromptTokens =
    images.reduce((sum, image) => sum + mediaTokens(image.bytes.length), 0) +
    audioParts.reduce((sum, part) => sum + mediaTokens(part.bytes), 0);
  const promptTokens = Math.ceil(textChars / 4) + mediaPromptTokens;
  const maxOutput = model.maxOutputTokens ?? 4096;
  if (maxTokens !== null && maxTokens > maxOutput)
    throw new SimHttpError(
      400,
      `max_tokens is too large: ${model.id} allows at most ${maxOutput} output tokens, ${maxTokens} were requested. Prompt plus the expected answer must fit in the context.`,
      {
        code: 'max_tokens_too_large',
        ru: `Слишком большое значение max_tokens: ${model.id} выдаёт не более ${maxOutput} токенов ответа, запрошено ${maxTokens}. Запрос вместе с ожидаемым ответом должен помещаться в контекст.`,
      },
    );
  const contextLength = model.contextLength ?? Number.MAX_SAFE_INTEGER;
  if (promptTokens + (maxTokens ?? 0) > contextLength)
    throw new SimHttpError(
      400,
      `This model's maximum context length is ${contextLength} tokens. However, you requested ${promptTokens + (maxTokens ?? 0)} tokens (${promptTokens} in the messages, ${maxTokens ?? 0} in max_tokens). Reduce the history or use a model with a larger context.`,
      {
        code: 'context_length_exceeded',
        ru: `Превышен размер контекста модели: ${contextLength} токенов. Запрошено ${promptTokens + (maxTokens ?? 0)} токенов (${promptTokens} в сообщениях, ${maxTokens ?? 0} в max_tokens). Сократите историю или выберите модель с большим контекстом.`,
      },
    );

  const tools = readTools(body, model);
  const choice = body.tool_choice;
  const forcedTool =
    isRecord(choice) && isRecord(choice.function) && typeof choice.function.name === 'string'
      ? choice.function.name
      : choice === 'required'
        ? (tools[0]?.name ?? null)
        : null;
  return {
    model,
    stream: body.stream === true,
    includeUsage: isRecord(streamOptions) && streamOptions.include_usage === true,
    maxTokens,
    messageCount: body.messages.length,
    hasSystem,
    systemText,
    images,
    audioParts,
    promptTokens,
    lastUserText,
    toolResults,
    toolRounds,
    tools,
    forcedTool,
    toolChoiceNone: choice === 'none',
    responseFormat: readResponseFormat(body),
  };
}

/** The cost a request may reach: its prompt plus every output token it allows. */
export function expectedCost(plan: ChatRequestPlan): number {
  const { model } = plan;
  const room = Math.max(0, (model.contextLength ?? 0) - plan.promptTokens);
  const completion = plan.maxTokens ?? Math.min(model.maxOutputTokens ?? 4096, room);
  return (
    costOfUnits(plan.promptTokens, model.promptMicroPerM) +
    costOfUnits(completion, model.completionMicroPerM) +
    (model.unitMicro ?? 0)
  );
}

export function actualCost(plan: ChatRequestPlan, completionTokens: number): number {
  return (
    costOfUnits(plan.promptTokens, plan.model.promptMicroPerM) +
    costOfUnits(completionTokens, plan.model.completionMicroPerM) +
    (plan.model.unitMicro ?? 0)
  );
}

/** A value that fits a JSON schema, built from the schema alone (the simulator's "model"). */
