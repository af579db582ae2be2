// Video jobs: submitting one and polling its status (any status but finished or failed is still running).
import { type CallFamily, costText, mediaType, requireKey } from './calls';
import { serviceError } from './errors';
import { failureOf, parseJsonAnswer, type WireCall } from './http';
import type { FullServiceClient, VideoPhase } from './types';
import { isObject } from './wire';

export const videoCalls: CallFamily<Pick<FullServiceClient, 'videoGenerate' | 'videoStatus'>> = (
  c,
) => {
  return {
    async videoGenerate(req, callOpts) {
      const { json } = await c.postJson(
        '/video/generate',
        { ...req, action: 'generate' },
        callOpts,
      );
      const id = isObject(json) ? (json.request_id ?? json.id) : undefined;
      if ((typeof id !== 'string' || !id) && typeof id !== 'number')
        throw serviceError('malformed_response', 'The video answer has no request_id.', 200);
      return { requestId: String(id), cost: isObject(json) ? costText(json.cost) : null };
    },

    async videoStatus(requestId, callOpts = {}) {
      const where = c.place();
      const apiKey = requireKey(where);
      const call: WireCall = {
        method: 'GET',
        url: `${where.base}/video/status?request_id=${encodeURIComponent(requestId)}`,
        auth: 'key',
        accept: 'application/json',
      };
      return c.transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, c.now());
        const text = await res.text();
        // {status: "error", reason} on a poll is the job's failure, reported as a phase.
        const { json } = parseJsonAnswer(text, mediaType(res), apiKey, { keepErrorBodies: true });
        if (!isObject(json) || typeof json.status !== 'string')
          throw serviceError('malformed_response', 'The video status has no status.', 200);
        const phase = videoPhase(json.status);
        const url = typeof json.url === 'string' && json.url ? json.url : null;
        const reasonValue = json.reason ?? json.error ?? json.message;
        const reason =
          typeof reasonValue === 'string'
            ? reasonValue
            : isObject(reasonValue) && typeof reasonValue.message === 'string'
              ? reasonValue.message
              : null;
        if (phase === 'completed' && !url)
          throw serviceError('malformed_response', 'The finished video has no url.', 200);
        return { status: json.status, phase, url, reason };
      });
    },
  };
};

function videoPhase(status: string): VideoPhase {
  if (/^(completed?|succeeded|success|done|finished)$/i.test(status)) return 'completed';
  if (/^(failed|failure|error|cancell?ed|canceled|rejected|expired)$/i.test(status))
    return 'failed';
  return 'running';
}
