// POST /chat/completions: validation, pricing and deterministic answers, whole or streamed (SSE).
import type { Account } from './accounts';
import { requireAccount, sleep, type Call, type Route } from './context';
import { parseJsonObject, requireString, sendBytes, sendJson, SimHttpError } from './http';
import { decodeImageSource, type DecodedImage } from './media/data-uri';
import { costOfUnits, formatCredits } from './money';
import { requireKind, resolveModel, type SimModel } from './models';
import { ERROR_200_BODY, errorTrigger, hasTrigger, numericTrigger } from './triggers';
import {
  estimateTokens,
  hash32,
  hashHex,
  longMarkdown,
  pick,
  splitIntoPieces,
  words,
} from './text';

const IMAGE_TOKENS = 85;
const AUDIO_BYTES_PER_TOKEN = 320;
const SLOW_CHUNK_DELAY_MS = 200;
/** Long answers keep small events but send several per tick, so 20,000 tokens take seconds. */
const LONG_STREAM_TARGET_MS = 4000;
const MAX_STREAM_TICKS = 300;
const MAX_LONG_TOKENS = 200_000;
const KEEPALIVE_EVERY = 40;

interface ToolSpec {
  name: string;
  parameters: unknown;
}

interface ChatRequestPlan {
  model: SimModel;
  stream: boolean;
  maxTokens: number | null;
  messageCount: number;
  hasSystem: boolean;
  images: DecodedImage[];
  audioParts: Array<{ format: string; bytes: number }>;
  promptTokens: number;
  lastUserText: string;
  lastToolResult: { name: string; content: string } | null;
  tools: ToolSpec[];
  forcedTool: string | null;
  toolChoiceNone: boolean;
  responseFormat: { type: string; schema: unknown } | null;
}

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

interface ChatAnswer {
  content: string;
  reasoning: string;
  toolCall: ToolCall | null;
  finishReason: 'stop' | 'length' | 'tool_calls';
  citations: string[] | null;
  completionTokens: number;
}

function invalid(message: string): SimHttpError {
  return new SimHttpError(400, message, { code: 'invalid_request' });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readTools(body: Record<string, unknown>, model: SimModel): ToolSpec[] {
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

function readResponseFormat(body: Record<string, unknown>): ChatRequestPlan['responseFormat'] {
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

function planChat(body: Record<string, unknown>, account: Account, call: Call): ChatRequestPlan {
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

  let textChars = 0;
  let hasSystem = false;
  let lastUserText = '';
  let lastToolResult: ChatRequestPlan['lastToolResult'] = null;
  const images: DecodedImage[] = [];
  const audioParts: ChatRequestPlan['audioParts'] = [];
  const toolNames = new Map<string, string>();
  body.messages.forEach((message: unknown, index) => {
    if (!isRecord(message)) throw invalid(`messages[${index}] must be an object`);
    const role = message.role;
    if (
      typeof role !== 'string' ||
      !['system', 'developer', 'user', 'assistant', 'tool'].includes(role)
    )
      throw invalid(`messages[${index}].role must be system, user, assistant or tool`);
    if (role === 'system' || role === 'developer') hasSystem = true;
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
          const source = isRecord(part.image_url) ? part.image_url.url : part.image_url;
          if (typeof source !== 'string') throw invalid(`${where}.image_url must be a URL string`);
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
      for (const toolCall of message.tool_calls as unknown[]) {
        if (isRecord(toolCall) && isRecord(toolCall.function) && typeof toolCall.id === 'string')
          toolNames.set(toolCall.id, String(toolCall.function.name));
        text += JSON.stringify(toolCall);
      }
    }
    textChars += text.length;
    if (role === 'user') {
      lastUserText = text;
      lastToolResult = null;
    }
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      lastToolResult = { name: toolNames.get(id) ?? 'tool', content: text };
    }
  });

  if (images.length > 0 && !model.features.includes('vision'))
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

  const audioTokens = audioParts.reduce(
    (sum, part) => sum + Math.ceil(part.bytes / AUDIO_BYTES_PER_TOKEN),
    0,
  );
  const promptTokens = Math.ceil(textChars / 4) + images.length * IMAGE_TOKENS + audioTokens;
  const maxOutput = model.maxOutputTokens ?? 4096;
  if (maxTokens !== null && maxTokens > maxOutput)
    throw new SimHttpError(
      400,
      `max_tokens is too large: ${model.id} allows at most ${maxOutput} output tokens, ${maxTokens} were requested. Prompt plus the expected answer must fit in the context.`,
      { code: 'max_tokens_too_large', extra: { metadata: { max_output_tokens: maxOutput } } },
    );
  const contextLength = model.contextLength ?? Number.MAX_SAFE_INTEGER;
  if (promptTokens + (maxTokens ?? 0) > contextLength)
    throw new SimHttpError(
      400,
      `This model's maximum context length is ${contextLength} tokens. However, you requested ${promptTokens + (maxTokens ?? 0)} tokens (${promptTokens} in the messages, ${maxTokens ?? 0} in max_tokens). Reduce the history or use a model with a larger context.`,
      {
        code: 'context_length_exceeded',
        extra: {
          metadata: {
            context_length: contextLength,
            prompt_tokens: promptTokens,
            max_tokens: maxTokens ?? 0,
          },
        },
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
    maxTokens,
    messageCount: body.messages.length,
    hasSystem,
    images,
    audioParts,
    promptTokens,
    lastUserText,
    lastToolResult,
    tools,
    forcedTool,
    toolChoiceNone: choice === 'none',
    responseFormat: readResponseFormat(body),
  };
}

/** The cost a request may reach: its prompt plus every output token it allows. */
function expectedCost(plan: ChatRequestPlan): number {
  const { model } = plan;
  const room = Math.max(0, (model.contextLength ?? 0) - plan.promptTokens);
  const completion = plan.maxTokens ?? Math.min(model.maxOutputTokens ?? 4096, room);
  return (
    costOfUnits(plan.promptTokens, model.promptMicroPerM) +
    costOfUnits(completion, model.completionMicroPerM) +
    (model.unitMicro ?? 0)
  );
}

function actualCost(plan: ChatRequestPlan, completionTokens: number): number {
  return (
    costOfUnits(plan.promptTokens, plan.model.promptMicroPerM) +
    costOfUnits(completionTokens, plan.model.completionMicroPerM) +
    (plan.model.unitMicro ?? 0)
  );
}

/** A value that fits a JSON schema, built from the schema alone (the simulator's "model"). */
function exampleFor(schema: unknown, name: string, question: string): unknown {
  if (!isRecord(schema)) return `${name} value`;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, sub]) => [key, exampleFor(sub, key, question)]),
      );
    }
    case 'array':
      return [exampleFor(schema.items, name, question)];
    case 'integer':
      return (hash32(name + question) % 100) + 1;
    case 'number':
      return ((hash32(name + question) % 1000) + 1) / 10;
    case 'boolean':
      return hash32(name + question) % 2 === 0;
    case 'null':
      return null;
    default:
      return words(question).slice(0, 3).join(' ') || `${name} value`;
  }
}

function quote(text: string): string {
  const shown = text.length > 280 ? `${text.slice(0, 280)}…` : text;
  return (shown.trim() || '(no text)')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

const CLOSINGS = [
  'Ask again with more detail and I will answer in the same deterministic way.',
  'This answer comes from the offline simulator, so it is the same every time.',
  'Nothing here was written by a real model; the simulator builds it from your words.',
  'The simulator never reads the network; every answer is built from the request.',
];

function ordinaryAnswer(plan: ChatRequestPlan): string {
  const userWords = words(plan.lastUserText);
  const attachments: string[] = [];
  if (plan.images.length > 0)
    attachments.push(
      `I see ${plan.images.length} image${plan.images.length === 1 ? '' : 's'} (${plan.images.map((i) => `${i.mime}, ${i.bytes.length} bytes`).join('; ')}).`,
    );
  if (plan.audioParts.length > 0)
    attachments.push(
      `I heard ${plan.audioParts.length} audio clip${plan.audioParts.length === 1 ? '' : 's'} (${plan.audioParts.map((a) => `${a.format}, ${a.bytes} bytes`).join('; ')}).`,
    );
  const seed = hash32(plan.lastUserText);
  return [
    `Here is the simulated answer of **${plan.model.name}**.`,
    quote(plan.lastUserText),
    `I received ${plan.messageCount} message${plan.messageCount === 1 ? '' : 's'}${plan.hasSystem ? ', including a system prompt' : ''}. ${attachments.join(' ')}`.trim(),
    [
      `- Your message has ${userWords.length} word${userWords.length === 1 ? '' : 's'} and ${plan.lastUserText.length} characters.`,
      userWords.length > 0
        ? `- Its first word is "${userWords[0]}" and its last word is "${userWords[userWords.length - 1]}".`
        : '- It has no words.',
      `- Reference: \`${hashHex(plan.lastUserText)}\``,
    ].join('\n'),
    pick(CLOSINGS, seed),
  ].join('\n\n');
}

function reasoningFor(plan: ChatRequestPlan): string {
  const userWords = words(plan.lastUserText);
  return [
    `The user wrote ${userWords.length} words, starting with "${userWords.slice(0, 4).join(' ')}".`,
    `The dialogue has ${plan.messageCount} message${plan.messageCount === 1 ? '' : 's'}, so I should answer the last one.`,
    'I will quote the question, count the messages and add a short list.',
  ].join(' ');
}

function buildAnswer(plan: ChatRequestPlan, nextId: (prefix: string) => string): ChatAnswer {
  const { model, lastUserText } = plan;
  const wantsTool =
    plan.tools.length > 0 &&
    !plan.toolChoiceNone &&
    plan.lastToolResult === null &&
    (plan.forcedTool ??
      plan.tools.find((tool) => lastUserText.toLowerCase().includes(tool.name.toLowerCase()))
        ?.name);
  if (wantsTool) {
    const tool = plan.tools.find((t) => t.name === wantsTool);
    const args = JSON.stringify(exampleFor(tool?.parameters ?? {}, wantsTool, lastUserText));
    return {
      content: '',
      reasoning: '',
      toolCall: { id: nextId('call'), name: wantsTool, arguments: args },
      finishReason: 'tool_calls',
      citations: null,
      completionTokens: estimateTokens(wantsTool + args),
    };
  }

  const asked = numericTrigger(lastUserText, 'long');
  const long = asked === null ? null : Math.min(asked, MAX_LONG_TOKENS);
  let content: string;
  let citations: string[] | null = null;
  if (plan.lastToolResult) {
    const result = plan.lastToolResult.content;
    content = `The tool \`${plan.lastToolResult.name}\` returned:\n\n${quote(result)}\n\nThat answers the question.`;
  } else if (plan.responseFormat) {
    const value =
      plan.responseFormat.type === 'json_schema'
        ? exampleFor(plan.responseFormat.schema, 'answer', lastUserText)
        : {
            answer: `Simulated answer to: ${lastUserText.slice(0, 200)}`,
            words: words(lastUserText).length,
          };
    const json = JSON.stringify(value, null, 2);
    // Models without the structured-outputs badge wrap JSON in a fence: the format drift clients meet.
    content =
      plan.responseFormat.type === 'json_schema' && !model.features.includes('structured_outputs')
        ? `\`\`\`json\n${json}\n\`\`\``
        : json;
  } else if (long !== null) {
    content = longMarkdown(long);
  } else {
    content = ordinaryAnswer(plan);
    if (model.features.includes('web_search')) {
      const query = encodeURIComponent(words(lastUserText).slice(0, 6).join(' '));
      citations = [
        `https://example.org/search?q=${query}`,
        `https://example.com/articles/${hashHex(lastUserText)}`,
      ];
      content += `\n\nSources: [1](${citations[0]}), [2](${citations[1]})`;
    }
  }
  const reasoning = model.features.includes('reasoning') ? reasoningFor(plan) : '';
  let finishReason: ChatAnswer['finishReason'] = 'stop';
  // [[long:N]] is a test device: it gives N tokens whatever max_tokens says.
  if (long === null && plan.maxTokens !== null && estimateTokens(content) > plan.maxTokens) {
    content = content.slice(0, plan.maxTokens * 4);
    finishReason = 'length';
  }
  return {
    content,
    reasoning,
    toolCall: null,
    finishReason,
    citations,
    completionTokens: estimateTokens(content) + estimateTokens(reasoning),
  };
}

function usageOf(plan: ChatRequestPlan, answer: ChatAnswer, costMicro: number) {
  return {
    prompt_tokens: plan.promptTokens,
    completion_tokens: answer.completionTokens,
    total_tokens: plan.promptTokens + answer.completionTokens,
    cost: formatCredits(costMicro),
  };
}

function wholeResponse(
  id: string,
  created: number,
  plan: ChatRequestPlan,
  answer: ChatAnswer,
  costMicro: number,
) {
  const message: Record<string, unknown> = { role: 'assistant', content: answer.content };
  if (answer.reasoning) message.reasoning = answer.reasoning;
  if (answer.toolCall) {
    message.content = null;
    message.tool_calls = [
      {
        id: answer.toolCall.id,
        type: 'function',
        function: { name: answer.toolCall.name, arguments: answer.toolCall.arguments },
      },
    ];
  }
  return {
    id,
    object: 'chat.completion',
    created,
    model: plan.model.id,
    provider: 'Simulator',
    choices: [{ index: 0, message, logprobs: null, finish_reason: answer.finishReason }],
    ...(answer.citations ? { citations: answer.citations } : {}),
    usage: usageOf(plan, answer, costMicro),
  };
}

/** Every SSE event of a streamed answer, in order, each a complete "data: ...\n\n" block. */
function streamEvents(
  id: string,
  created: number,
  plan: ChatRequestPlan,
  answer: ChatAnswer,
  costMicro: number,
): string[] {
  const base = {
    id,
    object: 'chat.completion.chunk',
    created,
    model: plan.model.id,
    provider: 'Simulator',
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] })}\n\n`;
  const events: string[] = [': keepalive\n\n', chunk({ role: 'assistant', content: '' })];
  if (answer.reasoning)
    for (const piece of splitIntoPieces(answer.reasoning))
      events.push(chunk({ content: '', reasoning: piece }));
  if (answer.toolCall) {
    const { toolCall } = answer;
    events.push(
      chunk({
        tool_calls: [
          {
            index: 0,
            id: toolCall.id,
            type: 'function',
            function: { name: toolCall.name, arguments: '' },
          },
        ],
      }),
    );
    for (let i = 0; i < toolCall.arguments.length; i += 12)
      events.push(
        chunk({
          tool_calls: [{ index: 0, function: { arguments: toolCall.arguments.slice(i, i + 12) } }],
        }),
      );
  } else {
    splitIntoPieces(answer.content).forEach((piece, index) => {
      if (index > 0 && index % KEEPALIVE_EVERY === 0) events.push(': keepalive\n\n');
      events.push(chunk({ content: piece }));
    });
  }
  events.push(chunk({}, answer.finishReason));
  events.push(
    `data: ${JSON.stringify({ ...base, choices: [], ...(answer.citations ? { citations: answer.citations } : {}), usage: usageOf(plan, answer, costMicro) })}\n\n`,
  );
  events.push('data: [DONE]\n\n');
  return events;
}

async function writeStream(call: Call, events: string[], delayMs: number, spread: boolean) {
  const { res } = call;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const maxTicks =
    spread && delayMs > 0
      ? Math.min(MAX_STREAM_TICKS, Math.max(1, Math.floor(LONG_STREAM_TARGET_MS / delayMs)))
      : Infinity;
  const perTick = Math.max(1, Math.ceil(events.length / maxTicks));
  for (let i = 0; i < events.length; i += perTick) {
    if (call.closed()) return;
    const ok = res.write(events.slice(i, i + perTick).join(''));
    if (!ok)
      await new Promise<void>((resolve) => {
        const settle = () => {
          res.off('drain', settle);
          res.off('close', settle);
          resolve();
        };
        res.on('drain', settle);
        res.on('close', settle);
      });
    if (delayMs > 0 && i + perTick < events.length) await sleep(delayMs);
  }
}

async function sendChatCompletion(call: Call): Promise<void> {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const plan = planChat(body, account, call);
  call.state.accounts.assertCanPay(account, expectedCost(plan));
  const text = plan.lastUserText;
  const failure = errorTrigger(text, plan.model.id);
  if (failure) throw failure;

  const id = call.state.nextId('gen');
  const created = Math.floor(call.state.now() / 1000);
  if (hasTrigger(text, 'error200')) {
    if (!plan.stream) return sendJson(call.res, 200, ERROR_200_BODY);
    return writeStream(
      call,
      [': keepalive\n\n', `data: ${JSON.stringify(ERROR_200_BODY)}\n\n`],
      0,
      false,
    ).then(() => void call.res.end());
  }

  const answer = buildAnswer(plan, call.state.nextId);
  const costMicro = actualCost(plan, answer.completionTokens);
  call.state.accounts.charge(account, costMicro);

  if (!plan.stream) {
    const whole = JSON.stringify(wholeResponse(id, created, plan, answer, costMicro));
    if (hasTrigger(text, 'cut'))
      return sendBytes(
        call.res,
        200,
        'application/json',
        whole.slice(0, Math.floor(whole.length / 2)),
      );
    if (hasTrigger(text, 'badjson'))
      return sendBytes(call.res, 200, 'application/json', `${whole.slice(0, -1)},}`);
    return sendBytes(call.res, 200, 'application/json; charset=utf-8', whole);
  }

  let events = streamEvents(id, created, plan, answer, costMicro);
  if (hasTrigger(text, 'badjson'))
    events.splice(3, 0, `data: {"id":"${id}","choices":[{"index":0,"delta":{"content":"bro\n\n`);
  if (hasTrigger(text, 'cut')) {
    const half = Math.max(3, Math.floor(events.length / 2));
    const partial = events[half] ?? 'data: {"id":"x"}\n\n';
    events = [...events.slice(0, half), partial.slice(0, Math.floor(partial.length / 2))];
  }
  if (hasTrigger(text, 'crlf'))
    events = events.map((event, index) =>
      (index % 5 === 2 ? ': sim comment\n' : '').concat(event).replace(/\n/g, '\r\n'),
    );
  const slow = hasTrigger(text, 'slow');
  await writeStream(
    call,
    events,
    slow ? SLOW_CHUNK_DELAY_MS : call.state.settings.chunkDelayMs,
    !slow,
  );
  call.res.end();
}

export function chatRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/chat/completions',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: sendChatCompletion,
    },
  ];
}
