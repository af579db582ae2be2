// The channels of saved prompts: listed in the person's language, saved and deleted.
import { z } from 'zod';
import type { InvokeChannel } from './channel-names';
import { id } from './channels-fields';
import { PROMPT_NAME_MAX, PROMPT_TEXT_MAX, type Prompt } from './prompts';

export const promptsInvokeSchemas = {
  'prompts.list': z.object({}).strict(),
  /** Creates (no id) or changes a prompt; a shipped one changed keeps its id and its new words. */
  'prompts.save': z
    .object({
      id: id.optional(),
      name: z.string().trim().min(1).max(PROMPT_NAME_MAX),
      text: z.string().min(1).max(PROMPT_TEXT_MAX),
    })
    .strict(),
  'prompts.delete': z.object({ id }).strict(),
} as const satisfies Partial<Record<InvokeChannel, z.ZodType>>;

export interface PromptsInvokeOutputs {
  /** By name; shipped ones in the person's language unless edited. */
  'prompts.list': Prompt[];
  'prompts.save': Prompt;
  'prompts.delete': { id: string };
}
