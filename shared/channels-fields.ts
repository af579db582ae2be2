// The zod fields several channel groups share: ids, long texts, amounts of credits.
import { z } from 'zod';
import { CREDITS_TEXT } from './spending';

export const id = z.string().min(1).max(200);
export const text = z.string().max(2_000_000);

/** An amount of credits as the person types it: a plain decimal, never a float. */
export const credits = z.string().regex(CREDITS_TEXT);
