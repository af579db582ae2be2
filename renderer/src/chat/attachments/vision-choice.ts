// When pictures would go to a model the service does not price them on (its vis- rule): the ones attached now, or the ones already in the conversation.
import { pricedForPictures } from '../../../../shared/models';
import { isSentMessage } from '../../../../shared/tokens';
import type { Conversation, ModelInfo } from '../../../../shared/types';
import type { PendingAttachment } from '../../store/attachments-slice';

/** Where the pictures of the next request come from: attached now, earlier in the conversation, or none. */
export type PicturesGoing = 'attached' | 'history' | null;

export function picturesGoing(
  items: readonly Pick<PendingAttachment, 'kind' | 'phase'>[] | undefined,
  conversation: Pick<Conversation, 'contextStart' | 'messages'> | undefined,
): PicturesGoing {
  if (items?.some((i) => i.kind === 'image' && i.phase !== 'failed')) return 'attached';
  // Every request carries the history from contextStart, pictures and all, to the model chosen now.
  const sent = conversation?.messages.slice(Math.max(0, conversation.contextStart)) ?? [];
  const inHistory = sent.some(
    (m) => isSentMessage(m) && (m.attachments ?? []).some((a) => a.kind === 'image'),
  );
  return inHistory ? 'history' : null;
}

/**
 * Pictures go to a model whose id is not a vis- one (whatever badges the list gives it), and the
 * person has not yet chosen between its vis- variant and sending as chosen: sending waits for
 * that choice. Without a model list there is no variant to offer, so nothing waits.
 */
export function visionChoicePending(
  pictures: PicturesGoing,
  model: string,
  models: readonly ModelInfo[],
  keptFor: string | null,
): boolean {
  if (pictures === null || models.length === 0) return false;
  return !pricedForPictures(model) && keptFor !== model;
}

/**
 * Compare's models still waiting for that choice: the single turn's rule, model by model, with
 * the models the person chose to send pictures to as they are.
 */
export function visionChoicesPending(
  pictures: PicturesGoing,
  compared: readonly string[],
  models: readonly ModelInfo[],
  kept: readonly string[],
): string[] {
  return compared.filter((model) =>
    visionChoicePending(pictures, model, models, kept.includes(model) ? model : null),
  );
}
