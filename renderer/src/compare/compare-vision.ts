// Compare's part of the vis- rule: which compared models still wait for the person's choice before pictures go out.
import { compareModels } from '../../../shared/compare';
import { picturesGoing, visionChoicesPending } from '../chat/attachments/vision-choice';
import { useAppStore } from '../store';

const NONE: readonly string[] = [];

/**
 * The compared models (none while Compare is off) that pictures would reach, attached now or
 * earlier in the conversation, though their ids are not vis- and the person has not chosen yet.
 */
export function useCompareVisionPending(draftKey: string): string[] {
  const on = useAppStore((s) => s.compareDraft.on);
  const chosen = useAppStore((s) => s.compareDraft.models);
  const items = useAppStore((s) => s.pendingAttachments[draftKey]);
  const conversation = useAppStore((s) => s.open[draftKey]);
  const models = useAppStore((s) => s.models);
  const kept = useAppStore((s) => s.compareKeptForPictures[draftKey] ?? NONE);
  // A "send anyway" given in the single turn's advice holds for that model here too.
  const keptForTurn = useAppStore((s) => s.imagesKeptFor[draftKey]);
  if (!on) return [];
  return visionChoicesPending(
    picturesGoing(items, conversation),
    compareModels(chosen),
    models,
    keptForTurn === undefined ? kept : [...kept, keptForTurn],
  );
}
