// Chat completions, streamed (SSE) or whole.
import { newStreamProgress, readChatStream, takeText } from './chat-stream';
import { type CallFamily, mediaType, requireKey } from './calls';
import { failureOf, parseJsonAnswer, type AttemptContext, type WireCall } from './http';
import type { ChatRequest, ChatStreamOptions, ServiceClient } from './types';
import { withCitations } from './citations';
import { readChatCompletion } from './wire';

export const chatCalls: CallFamily<Pick<ServiceClient, 'chatStream' | 'chat'>> = (c) => {
  return {
    async chatStream(req: ChatRequest, callOpts: ChatStreamOptions = {}) {
      const where = c.place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'POST',
        url: `${where.base}/chat/completions`,
        auth: 'bearer',
        // Only fields the service's document names: usage is read when the stream brings it.
        json: { ...req, stream: true },
        accept: 'text/event-stream',
      };
      return c.transport.send(call, apiKey, callOpts, async (res, ctx: AttemptContext) => {
        if (!res.ok) throw await failureOf(res, apiKey, c.now());
        const type = mediaType(res);
        if (
          !res.body ||
          (type !== null && type !== 'text/event-stream' && !type.includes('stream'))
        ) {
          // Some answers come whole even when a stream was asked for (errors, some providers).
          const text = await res.text();
          const { json } = parseJsonAnswer(text, type, apiKey);
          const result = withCitations(readChatCompletion(json, text), json);
          // A whole answer is held to the streamed answer's cap: it ends with what fits.
          takeText(newStreamProgress(), result.content, result.reasoning, callOpts.onDelta);
          return result;
        }
        return readChatStream(res.body, ctx, callOpts.onDelta);
      });
    },

    async chat(req, callOpts) {
      const { json, text } = await c.postJson(
        '/chat/completions',
        { ...req, stream: false },
        callOpts,
      );
      return readChatCompletion(json, text);
    },
  };
};
