// The account endpoints: the model list and the balance (whose refusals are states, not failures).
import { blankBalance } from '../../../shared/balance';
import type { CallFamily, ServicePlace } from './calls';
import { toUserError, userError } from './errors';
import { failureOf, parseJsonAnswer, type WireCall } from './http';
import type { ServiceClient } from './types';
import { readBalance, readModelList } from './wire';

export const accountCalls: CallFamily<Pick<ServiceClient, 'listModels' | 'getBalance'>> = (c) => {
  return {
    async listModels(callOpts) {
      const { json } = await c.getJson('/models', callOpts);
      return readModelList(json);
    },

    async getBalance(callOpts = {}) {
      const checkedAt = (): string => new Date(c.now()).toISOString();
      let where: ServicePlace;
      try {
        where = c.place();
      } catch (e) {
        return blankBalance('error', toUserError(e), checkedAt());
      }
      const apiKey = where.apiKey;
      if (!apiKey) return blankBalance('unknown', userError('no_key', null), checkedAt());
      const call: WireCall = {
        method: 'GET',
        url: `${where.base}/balance`,
        auth: 'bearer',
        accept: 'application/json',
      };
      try {
        return await c.transport.send(call, apiKey, callOpts, async (res, ctx) => {
          if (!res.ok) throw await failureOf(res, ctx.apiKey, c.now());
          const text = await res.text();
          // Here {status: "error", reason} is a state (retrieval off), not a failure.
          const { json } = parseJsonAnswer(text, res.headers.get('content-type'), apiKey, {
            keepErrorBodies: true,
          });
          return readBalance(json, checkedAt(), text);
        });
      } catch (e) {
        const error = toUserError(e, apiKey);
        if (error.code === 'cancelled') throw e;
        return blankBalance('error', error, checkedAt());
      }
    },
  };
};
