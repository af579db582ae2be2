// Video jobs: submitting one and polling its status (any status but COMPLETED or FAILED is still running).
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
        // A failed poll is not resent here: the job's next poll waits the service's 10 s first.
        resend: false,
      };
      return c.transport.send(call, apiKey, callOpts, async (res) => {
        if (!res.ok) throw await failureOf(res, apiKey, c.now());
        const text = await res.text();
        // {status: "error", reason} is read as a status too: only FAILED ends the job.
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

/**
 * The service's document: "A status other than COMPLETED or FAILED means keep polling." So
 * nothing else ends a job, however final it sounds (done, error, cancelled, an unknown word).
 */
export function videoPhase(status: string): VideoPhase {
  const word = status.trim().toUpperCase();
  if (word === 'COMPLETED') return 'completed';
  if (word === 'FAILED') return 'failed';
  return 'running';
}
