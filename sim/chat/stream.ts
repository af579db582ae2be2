// A chat answer on the wire: one JSON body, or SSE events written at a pace (slow, spread, keep-alives).
import { sleep, type Call } from '../context';
import { formatCredits } from '../money';
import { splitIntoPieces } from '../text';

import type { ChatRequestPlan } from './plan';
import type { ChatAnswer } from './answer';

const LONG_STREAM_TARGET_MS = 4000;
const MAX_STREAM_TICKS = 300;
const KEEPALIVE_EVERY = 40;

function usageOf(plan: ChatRequestPlan, answer: ChatAnswer, costMicro: number) {
  return {
    prompt_tokens: plan.promptTokens,
    completion_tokens: answer.completionTokens,
    total_tokens: plan.promptTokens + answer.completionTokens,
    cost: formatCredits(costMicro),
  };
}

export function wholeResponse(
  id: string,
  created: number,
  plan: ChatRequestPlan,
  answer: ChatAnswer,
  costMicro: number,
) {
  const message: Record<string, unknown> = { role: 'assistant', content: answer.content };
  if (answer.reasoning) message.reasoning = answer.reasoning;
  if (answer.annotations) message.annotations = answer.annotations;
  if (answer.toolCalls.length > 0) {
    message.content = null;
    message.tool_calls = answer.toolCalls.map((toolCall) => ({
      id: toolCall.id,
      type: 'function',
      function: { name: toolCall.name, arguments: toolCall.arguments },
    }));
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

/**
 * Every SSE event of a streamed answer, in order, each a complete "data: ...\n\n" block; the
 * usage chunk only `withUsage` (the document shows no stream chunk at all).
 */
export function streamEvents(
  id: string,
  created: number,
  plan: ChatRequestPlan,
  answer: ChatAnswer,
  costMicro: number,
  withUsage: boolean,
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
  if (answer.toolCalls.length > 0) {
    // As the convention streams them: each call opens with its index, id and name, then its
    // arguments follow in small pieces (cut anywhere, even inside an escape).
    answer.toolCalls.forEach((toolCall, index) => {
      events.push(
        chunk({
          tool_calls: [
            {
              index,
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
            tool_calls: [{ index, function: { arguments: toolCall.arguments.slice(i, i + 12) } }],
          }),
        );
    });
  } else {
    splitIntoPieces(answer.content).forEach((piece, index) => {
      if (index > 0 && index % KEEPALIVE_EVERY === 0) events.push(': keepalive\n\n');
      events.push(chunk({ content: piece }));
    });
  }
  events.push(
    chunk(answer.annotations ? { annotations: answer.annotations } : {}, answer.finishReason),
  );
  const last = {
    ...(answer.citations ? { citations: answer.citations } : {}),
    ...(withUsage ? { usage: usageOf(plan, answer, costMicro) } : {}),
  };
  if (Object.keys(last).length > 0)
    events.push(`data: ${JSON.stringify({ ...base, choices: [], ...last })}\n\n`);
  events.push('data: [DONE]\n\n');
  return events;
}

export async function writeStream(call: Call, events: string[], delayMs: number, spread: boolean) {
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
