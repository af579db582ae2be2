// The model that would name the next conversation and what one title costs with it, for the welcome screen and Settings.
import { useAppStore } from '../store';
import { cheapestChatModel, titleCost } from '../../../shared/titles';
import type { ModelInfo } from '../../../shared/types';

export interface TitleCost {
  /** The model the title request goes to; null before the list is in (or with no priced chat model). */
  model: ModelInfo | null;
  /** The chosen model's id when the list does not have it. */
  chosenId: string | null;
  /** Credits for a typical title; null when the list gives no price. */
  cost: string | null;
}

/** The title model by the rule core follows (shared/titles.ts): the chosen one, else the cheapest. */
export function useTitleCost(): TitleCost {
  const models = useAppStore((s) => s.models);
  const chosen = useAppStore((s) => s.settings?.titleModel?.trim() ?? '');
  const basis = useAppStore((s) => s.settings?.priceBasis ?? 'auto');
  const model =
    chosen !== ''
      ? (models.find((m) => m.id === chosen) ?? null)
      : cheapestChatModel(models, basis);
  return {
    model,
    chosenId: chosen !== '' && model === null ? chosen : null,
    cost: titleCost(model, basis),
  };
}
