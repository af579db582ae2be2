// The one entry point of the channel map: validates each input with its zod schema, dispatches, answers an Envelope.
import type { z } from 'zod';
import {
  type InvokeChannel,
  type InvokeOutputs,
  invokeSchemas,
  isInvokeChannel,
} from '../../shared/channels';
import type { Envelope } from '../../shared/types';
import { toUserError, userError } from './service/errors';

/** One handler per channel: leaving one out is a type error, so the surface is auditable here. */
export type ChannelHandlers = {
  [C in InvokeChannel]: (
    input: z.output<(typeof invokeSchemas)[C]>,
  ) => Promise<InvokeOutputs[C]> | InvokeOutputs[C];
};

export interface Router {
  /** Never throws: every failure is an Envelope with a UserError. */
  invoke(channel: string, rawInput: unknown): Promise<Envelope<unknown>>;
}

export interface RouterOptions {
  /** Told of failures that are not UserErrors by design (bugs); never given the input. */
  onUnexpectedError?: (channel: InvokeChannel, error: unknown) => void;
  /** The key, so that error texts built here can never carry it. */
  secret?: () => string | null;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

export function createRouter(handlers: ChannelHandlers, options: RouterOptions = {}): Router {
  return {
    async invoke(channel, rawInput) {
      if (!isInvokeChannel(channel)) {
        return {
          ok: false,
          error: userError('invalid_input', `There is no call named "${String(channel)}".`),
        };
      }
      // A call without arguments may arrive as undefined; the schema then sees {}.
      const parsed = invokeSchemas[channel].safeParse(rawInput === undefined ? {} : rawInput);
      if (!parsed.success) {
        return {
          ok: false,
          error: userError(
            'invalid_input',
            `Invalid input for ${channel}: ${describeIssues(parsed.error)}`,
          ),
        };
      }
      try {
        const handler = handlers[channel] as (input: unknown) => Promise<unknown> | unknown;
        return { ok: true, data: await handler(parsed.data) };
      } catch (e) {
        const error = toUserError(e, options.secret?.());
        if (error.code === 'unknown') options.onUnexpectedError?.(channel, e);
        return { ok: false, error };
      }
    },
  };
}
