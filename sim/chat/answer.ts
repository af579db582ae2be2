// The deterministic answer to a chat request: ordinary text, long markdown, reasoning, a tool call or structured output.
import { hasTrigger, numericTrigger } from '../triggers';
import {
  estimateTokens,
  hash32,
  hashHex,
  longList,
  longMarkdown,
  longTable,
  pick,
  words,
} from '../text';

import { echoedText } from './echo';
import { type ChatRequestPlan, isRecord, MAX_LIST_ITEMS, MAX_LONG_TOKENS } from './plan';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ChatAnswer {
  content: string;
  reasoning: string;
  /** The calls of a round that asks for tools (several when the question names several). */
  toolCalls: ToolCall[];
  finishReason: 'stop' | 'length' | 'tool_calls';
  citations: string[] | null;
  /** OpenAI-style url_citation annotations (the rich profile's web-search answers only). */
  annotations?: Array<Record<string, unknown>>;
  completionTokens: number;
}

/**
 * The annotations a richer gateway sends with a web-search answer: each cited link with a title
 * and where the text cites it.
 */
export function annotationsFor(answer: ChatAnswer): Array<Record<string, unknown>> {
  return (answer.citations ?? []).map((url, index) => {
    const start = Math.max(0, answer.content.indexOf(url));
    return {
      type: 'url_citation',
      url_citation: {
        url,
        title: index === 0 ? 'Search results' : `Article ${index}`,
        start_index: start,
        end_index: start + url.length,
      },
    };
  });
}

/** A number kept inside the schema's minimum and maximum, as a structured-outputs model keeps it. */
function withinBounds(schema: Record<string, unknown>, value: number): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  if (value <= max && value >= min) return value;
  return Number.isFinite(max) && Number.isFinite(min)
    ? (min + max) / 2
    : Math.min(max, Math.max(min, value));
}

export function exampleFor(schema: unknown, name: string, question: string): unknown {
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
      return withinBounds(schema, (hash32(name + question) % 100) + 1);
    case 'number':
      return withinBounds(schema, ((hash32(name + question) % 1000) + 1) / 10);
    case 'boolean':
      return hash32(name + question) % 2 === 0;
    case 'null':
      return null;
    default:
      return words(question).slice(0, 3).join(' ') || `${name} value`;
  }
}

export function quote(text: string): string {
  const shown = text.length > 280 ? `${text.slice(0, 280)}…` : text;
  return (shown.trim() || '(no text)')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export const CLOSINGS = [
  'Ask again with more detail and I will answer in the same deterministic way.',
  'This answer comes from the offline simulator, so it is the same every time.',
  'Nothing here was written by a real model; the simulator builds it from your words.',
  'The simulator never reads the network; every answer is built from the request.',
];

export function ordinaryAnswer(plan: ChatRequestPlan): string {
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

export function reasoningFor(plan: ChatRequestPlan): string {
  const userWords = words(plan.lastUserText);
  return [
    `The user wrote ${userWords.length} words, starting with "${userWords.slice(0, 4).join(' ')}".`,
    `The dialogue has ${plan.messageCount} message${plan.messageCount === 1 ? '' : 's'}, so I should answer the last one.`,
    'I will quote the question, count the messages and add a short list.',
  ].join(' ');
}

/**
 * A system prompt asking for a "conversation title" gets one, as chat models often give it: with
 * a label, in quotes and bold, ending with a period. The title is the first five words of the
 * message's first line, as written (so it reads like the conversation's own start).
 */
export function isTitleRequest(plan: Pick<ChatRequestPlan, 'systemText'>): boolean {
  return /conversation title/i.test(plan.systemText);
}

export function titleAnswer(plan: ChatRequestPlan): string {
  const firstLine = plan.lastUserText.split('\n').find((line) => line.trim() !== '') ?? '';
  const title = firstLine.trim().split(/\s+/).slice(0, 5).join(' ');
  if (title === '') return '**Title:** "Conversation".';
  return /[а-яё]/i.test(title) ? `**Название:** «${title}».` : `**Title:** "${title}".`;
}

/**
 * The tools a question asks for: the one tool_choice forces, else every offered tool the question
 * names, in the order they are named. [[tools:loop]] asks again after every result (a model that
 * keeps calling until the client stops offering tools).
 */
export function wantedTools(plan: ChatRequestPlan): string[] {
  if (plan.tools.length === 0 || plan.toolChoiceNone) return [];
  const looping = hasTrigger(plan.lastUserText, 'tools:loop');
  if (plan.toolResults.length > 0 && !looping) return [];
  if (plan.forcedTool) return [plan.forcedTool];
  const question = plan.lastUserText.toLowerCase();
  const named = plan.tools
    .map((tool) => ({ name: tool.name, at: question.indexOf(tool.name.toLowerCase()) }))
    .filter((tool) => tool.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((tool) => tool.name);
  if (named.length === 0 && looping) return [plan.tools[0]!.name];
  return named;
}

/** The arguments the simulated model writes: an example of the schema, or, asked, a wrong one. */
function argumentsFor(plan: ChatRequestPlan, name: string): string {
  const question = plan.lastUserText;
  // [[tools:badjson]]: text that is not JSON; [[tools:badargs]]: JSON against the schema.
  if (hasTrigger(question, 'tools:badjson')) return '{"message": "unfinished';
  const tool = plan.tools.find((t) => t.name === name);
  const example = exampleFor(tool?.parameters ?? {}, name, question);
  if (hasTrigger(question, 'tools:badargs') && isRecord(example))
    return JSON.stringify(Object.fromEntries(Object.keys(example).map((key) => [key, 42])));
  return JSON.stringify(example);
}

export function buildAnswer(plan: ChatRequestPlan, nextId: (prefix: string) => string): ChatAnswer {
  const { model, lastUserText } = plan;
  const wanted = wantedTools(plan);
  if (wanted.length > 0) {
    const toolCalls = wanted.map((name) => ({
      id: nextId('call'),
      name,
      arguments: argumentsFor(plan, name),
    }));
    return {
      content: '',
      reasoning: '',
      toolCalls,
      finishReason: 'tool_calls',
      citations: null,
      completionTokens: estimateTokens(toolCalls.map((c) => c.name + c.arguments).join('')),
    };
  }

  // A title request quotes the conversation, trigger words and all: it is answered as a title.
  const asked = isTitleRequest(plan) ? null : numericTrigger(lastUserText, 'long');
  const long = asked === null ? null : Math.min(asked, MAX_LONG_TOKENS);
  const listed = isTitleRequest(plan) ? null : numericTrigger(lastUserText, 'list');
  const tabled = isTitleRequest(plan) ? null : numericTrigger(lastUserText, 'table');
  const echoed = isTitleRequest(plan) ? null : echoedText(lastUserText);
  let content: string;
  let citations: string[] | null = null;
  if (plan.toolResults.length > 0) {
    content = [
      ...plan.toolResults.map(
        (result) => `The tool \`${result.name}\` returned:\n\n${quote(result.content)}`,
      ),
      plan.toolResults.length === 1 ? 'That answers the question.' : 'Together they answer it.',
    ].join('\n\n');
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
  } else if (listed !== null) {
    content = longList(Math.min(listed, MAX_LIST_ITEMS));
  } else if (tabled !== null) {
    content = longTable(Math.min(tabled, MAX_LIST_ITEMS));
  } else if (echoed !== null) {
    content = echoed;
  } else if (isTitleRequest(plan)) {
    content = titleAnswer(plan);
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
  let reasoning = model.features.includes('reasoning') ? reasoningFor(plan) : '';
  let finishReason: ChatAnswer['finishReason'] = 'stop';
  // An answer whose output tokens (reasoning and reply) pass max_tokens ends there. [[long:N]] is
  // a test device: it gives N tokens whatever max_tokens says.
  const output = estimateTokens(content) + estimateTokens(reasoning);
  if (long === null && plan.maxTokens !== null && output > plan.maxTokens) {
    // The reasoning comes first; the reply has what is left.
    reasoning = reasoning.slice(0, plan.maxTokens * 4);
    content = content.slice(0, Math.max(0, plan.maxTokens - estimateTokens(reasoning)) * 4);
    finishReason = 'length';
  }
  return {
    content,
    reasoning,
    toolCalls: [],
    finishReason,
    citations,
    completionTokens: estimateTokens(content) + estimateTokens(reasoning),
  };
}
