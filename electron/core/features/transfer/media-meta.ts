// A media item's facts as an export or a backup carries them (its bytes travel beside), and as a restore reads them back.
import { z } from 'zod';
import type { MediaItem } from '../../../../shared/types';

const mediaValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A media item's facts as an export or backup carries them (bytes travel beside). */
export const mediaMetaSchema = z.object({
  id: z.string().max(200),
  kind: z.enum(['image', 'audio', 'video']),
  mime: z.string().max(200),
  title: z.string().max(2000),
  model: z.string().max(200).nullable().optional(),
  cost: z.string().max(100).nullable().optional(),
  params: z.record(z.string(), mediaValue).optional(),
  sources: z.array(z.string().max(200)).max(100).optional(),
  extra: z.record(z.string(), mediaValue).optional(),
  /** The chat message it was made from: conversations come back under their ids, so the link holds. */
  fromChat: z
    .object({ conversationId: z.string().max(200), messageId: z.string().max(200) })
    .optional(),
});
export type MediaMeta = z.infer<typeof mediaMetaSchema>;

/** A media item's facts as an export or backup carries them (its bytes go beside). */
export function mediaMetaOf(item: MediaItem): MediaMeta {
  return {
    id: item.id,
    kind: item.kind,
    mime: item.mime,
    title: item.title,
    model: item.model,
    cost: item.cost,
    params: item.params,
    sources: item.sources,
    extra: item.extra,
    ...(item.fromChat ? { fromChat: item.fromChat } : {}),
  };
}
