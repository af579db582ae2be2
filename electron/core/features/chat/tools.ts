// Tool calls inside a chat turn: which tools a turn offers, the wire form of stored rounds, and one
// round of calls run with the person's decisions (ask, allow, deny, always). See docs/TOOLS.md.
import { sumCredits } from '../../../../shared/prices';
import type { ChatMessage, Conversation, Usage } from '../../../../shared/types';
import { DECLINED_RESULT, STOPPED_RESULT, toolResultText } from '../../../../shared/tool-rounds';
import {
  TOOL_RESULT_LIMITS,
  type ToolCallRecord,
  type ToolResultPart,
  type ToolRound,
} from '../../../../shared/tools';
import type { AssembledToolCall, WireMessage } from '../../service/types';
import {
  ToolCallError,
  type OfferedTool,
  type RawToolPart,
  type ToolProvider,
} from './tool-provider';

/** What the engine needs to run tool turns; absent: no turn offers tools. */
export interface ToolTurnOptions {
  provider: ToolProvider;
  /** The model's badges as the catalog states them; null when unknown. */
  badgesOf: (modelId: string) => string[] | null;
  /** Rounds of calls one turn may take (the setting `toolRoundLimit`). */
  roundLimit: () => number;
  /** Keeps a picture a tool returned; answers the id it is shown by. */
  savePicture: (input: { bytes: Buffer; mime: string; title: string }) => Promise<string>;
}

export type ToolDecision = 'allow' | 'deny' | 'always';

/** Longest text kept of one result part (the rest is cut with a note). */
export const MAX_RESULT_TEXT = 100_000;
/** Largest picture kept from a tool (bigger ones are named, not kept). */
export const MAX_RESULT_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * Whether a turn offers tools: the conversation's own choice, else on when the model is known to
 * take tools (its 'tools' badge) and some server is turned on.
 */
export function toolsWanted(
  conversation: Pick<Conversation, 'model' | 'tools'>,
  options: ToolTurnOptions | undefined,
): boolean {
  if (!options) return false;
  if (conversation.tools) return conversation.tools.enabled;
  const badges = options.badgesOf(conversation.model);
  return badges !== null && badges.includes('tools') && options.provider.hasEnabledServers();
}

/** Exact sum of two decimal costs (null when neither is known), by the one price rule's sum. */
function addCost(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return sumCredits([a, b]);
}

const addCount = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** The usage of a turn of several requests (one per tool round and the last), added up. */
export function addUsage(a: Usage | null, b: Usage | null): Usage | null {
  if (a === null) return b;
  if (b === null) return a;
  return {
    promptTokens: addCount(a.promptTokens, b.promptTokens),
    completionTokens: addCount(a.completionTokens, b.completionTokens),
    totalTokens: addCount(a.totalTokens, b.totalTokens),
    cost: addCost(a.cost, b.cost),
    // One request counted by Atelier makes the whole turn's figure an estimate.
    ...(a.estimated || b.estimated ? { estimated: true } : {}),
  };
}

/** The `tools` field of a request: the standard function form. */
export function wireTools(tools: readonly OfferedTool[]): unknown[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.wireName, description: t.description, parameters: t.inputSchema },
  }));
}

/** The assistant message that asked for a round's calls, and one `tool` message per call. */
export function roundWireMessages(round: ToolRound): WireMessage[] {
  return [
    {
      role: 'assistant',
      content: round.content,
      tool_calls: round.calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.wireName, arguments: c.arguments },
      })),
    },
    ...round.calls.map((c): WireMessage => ({
      role: 'tool',
      tool_call_id: c.id,
      content: toolResultText(c),
    })),
  ];
}

/** An earlier answer's stored rounds as wire messages (sent before its final text). */
export function toolRoundsWire(message: ChatMessage): WireMessage[] {
  if (message.role !== 'assistant' || !message.toolRounds) return [];
  return message.toolRounds.flatMap(roundWireMessages);
}

function cutText(text: string): string {
  return text.length > MAX_RESULT_TEXT
    ? `${text.slice(0, MAX_RESULT_TEXT)}\n[… cut: the result was ${text.length} characters long]`
    : text;
}

const count = (n: number) => n.toLocaleString('en-US');

function partChars(part: RawToolPart): number {
  switch (part.type) {
    case 'text':
      // A longer text is cut to MAX_RESULT_TEXT when it is kept.
      return Math.min(part.text.length, MAX_RESULT_TEXT);
    case 'image':
      return part.base64.length;
    case 'resource_link':
      return part.uri.length + (part.name?.length ?? 0);
    default:
      return part.note.length;
  }
}

/**
 * The parts of one result within TOOL_RESULT_LIMITS (so a result of 200,000 parts cannot make the
 * saved answer, its events and the next request huge), and the sentence on what was dropped.
 */
export function capToolParts(parts: readonly RawToolPart[]): {
  parts: readonly RawToolPart[];
  dropped: string | null;
} {
  let chars = 0;
  let kept = 0;
  while (kept < parts.length && kept < TOOL_RESULT_LIMITS.parts) {
    chars += partChars(parts[kept]!);
    if (chars > TOOL_RESULT_LIMITS.chars) break;
    kept++;
  }
  if (kept === parts.length) return { parts, dropped: null };
  const why =
    kept < TOOL_RESULT_LIMITS.parts
      ? `, over ${count(TOOL_RESULT_LIMITS.chars / 1024 / 1024)} MB together`
      : '';
  return {
    parts: parts.slice(0, kept),
    dropped: `The tool returned ${count(parts.length)} parts${why}; ${kept === 0 ? 'none of them is' : `only the first ${count(kept)} are`} kept and shown.`,
  };
}

/** Turns a tool's raw parts into what the conversation keeps (pictures saved), within the caps. */
export async function keepParts(
  given: readonly RawToolPart[],
  call: { tool: string },
  savePicture: ToolTurnOptions['savePicture'],
): Promise<ToolResultPart[]> {
  const { parts, dropped } = capToolParts(given);
  const kept: ToolResultPart[] = [];
  for (const p of parts) {
    if (p.type === 'text') kept.push({ type: 'text', text: cutText(p.text) });
    else if (p.type === 'image') {
      const bytes = Buffer.from(p.base64, 'base64');
      if (bytes.length > MAX_RESULT_PICTURE_BYTES) {
        kept.push({
          type: 'other',
          note: `A picture of ${Math.round(bytes.length / 1024 / 1024)} MB, too large to keep`,
        });
        continue;
      }
      try {
        const uploadId = await savePicture({ bytes, mime: p.mime, title: `${call.tool} result` });
        kept.push({ type: 'image', mime: p.mime, uploadId });
      } catch {
        kept.push({ type: 'other', note: `A picture (${p.mime}) that could not be kept` });
      }
    } else kept.push(p);
  }
  if (dropped) kept.push({ type: 'other', note: dropped });
  return kept;
}

export interface ToolRoundContext {
  provider: ToolProvider;
  offered: readonly OfferedTool[];
  signal: AbortSignal;
  savePicture: ToolTurnOptions['savePicture'];
  /** Waits for the person's decision on a call; rejects when the turn is stopped. */
  decide: (callId: string) => Promise<ToolDecision>;
  /** A call's state changed: save the answer and tell the renderer. */
  changed: () => Promise<void>;
}

/** The record of a call the model asked for, before it runs. */
export function recordFor(
  call: AssembledToolCall,
  offered: readonly OfferedTool[],
): ToolCallRecord {
  const tool = offered.find((t) => t.wireName === call.name);
  return {
    id: call.id,
    wireName: call.name,
    serverId: tool?.serverId ?? '',
    serverName: tool?.serverName ?? '',
    tool: tool?.tool ?? call.name,
    arguments: call.arguments,
    state: 'asking',
  };
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; why: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return {
      ok: false,
      why: `The arguments are not valid JSON (${e instanceof Error ? e.message : String(e)}).`,
    };
  }
}

/**
 * Runs a round's calls in order: each is asked about (unless always allowed), then called. Every
 * record ends done, denied, failed or stopped; `changed` follows every state change. Stops at the
 * signal: the call under way and those after it end 'stopped'.
 */
export async function runToolRound(round: ToolRound, ctx: ToolRoundContext): Promise<void> {
  for (const record of round.calls) {
    if (ctx.signal.aborted) {
      record.state = 'stopped';
      record.error = STOPPED_RESULT;
      continue;
    }
    const tool = ctx.offered.find((t) => t.wireName === record.wireName);
    if (!tool) {
      record.state = 'failed';
      record.error = `No tool named "${record.wireName}" was offered in this turn.`;
      record.failure = { kind: 'not_offered' };
      await ctx.changed();
      continue;
    }
    const args = parseArguments(record.arguments);
    if (!args.ok) {
      record.state = 'failed';
      record.error = args.why;
      record.failure = { kind: 'bad_json' };
      await ctx.changed();
      continue;
    }
    if (!tool.alwaysAllowed) {
      record.state = 'asking';
      await ctx.changed();
      let decision: ToolDecision;
      try {
        decision = await ctx.decide(record.id);
      } catch {
        record.state = 'stopped';
        record.error = STOPPED_RESULT;
        continue;
      }
      if (decision === 'deny') {
        record.state = 'denied';
        record.error = DECLINED_RESULT;
        await ctx.changed();
        continue;
      }
      if (decision === 'always') {
        // The choice holds for later calls of this tool in the turn too.
        for (const t of ctx.offered) if (t.wireName === tool.wireName) t.alwaysAllowed = true;
        await ctx.provider.alwaysAllow(tool.serverId, tool.tool).catch(() => undefined);
      }
    }
    record.state = 'running';
    await ctx.changed();
    try {
      const outcome = await ctx.provider.call(tool, args.value, ctx.signal);
      record.result = await keepParts(outcome.parts, tool, ctx.savePicture);
      if (outcome.isError) {
        record.state = 'failed';
        record.error =
          outcome.parts
            .filter((p) => p.type === 'text')
            .map((p) => p.text)
            .join('\n')
            .slice(0, 2000) || 'The tool reported an error.';
        record.failure = { kind: 'tool_error', detail: record.error };
      } else record.state = 'done';
    } catch (e) {
      if (ctx.signal.aborted) {
        record.state = 'stopped';
        record.error = STOPPED_RESULT;
      } else {
        record.state = 'failed';
        record.error =
          e instanceof ToolCallError
            ? e.message
            : `The call failed: ${e instanceof Error ? e.message : String(e)}`;
        if (e instanceof ToolCallError && e.kind !== 'stopped')
          record.failure = { kind: e.kind, ...(e.detail ? { detail: e.detail } : {}) };
      }
    }
    await ctx.changed();
  }
}
