// The files.* and media.* channels: uploads into the file store, and the media library's list, import, delete and save.
import type { MediaKind } from '../../../../shared/types';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { mediaFileName } from '../../../../shared/media-files';
import { serviceError } from '../../service/errors';

export type MediaChannel = ChannelsOf<'files' | 'media'>;

const KIND_WORDS: Record<MediaKind, string> = {
  image: 'a picture (PNG, JPEG, GIF, WEBP or BMP)',
  audio: 'a sound file (WAV, MP3, OGG, FLAC, M4A or WEBM)',
  video: 'a video (MP4, WEBM, MOV or OGG)',
};

/** Whether bytes of type `mime` can be kept as `kind`; audio often comes in video containers. */
export function fitsKind(mime: string | null, kind: MediaKind): boolean {
  if (mime === null) return false;
  if (kind === 'audio') {
    return mime.startsWith('audio/') || ['video/webm', 'video/mp4', 'video/ogg'].includes(mime);
  }
  return mime.startsWith(`${kind}/`);
}

/** The file's name without its extension, as a title. */
function titleFrom(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

export async function openMediaFeature(ctx: FeatureContext): Promise<Feature<MediaChannel>> {
  const { files, media } = ctx;
  return {
    handlers: {
      'files.begin': (input) => files.begin(input),
      'files.chunk': (input) => files.chunk(input),
      'files.finish': ({ uploadId }) => files.finish(uploadId),
      'files.cancel': ({ uploadId }) => files.cancel(uploadId),

      'media.list': ({ kind, origin, conversationId, offset, limit }) =>
        media.list(kind, {
          offset,
          limit,
          // A conversation's media are made from a chat, whatever origin was asked.
          origin: conversationId ? 'chats' : (origin ?? 'made'),
          conversationId,
        }),
      'media.get': ({ id }) => media.get(id),

      'media.delete': async ({ id }) => {
        const item = await media.delete(id);
        ctx.emit('media.changed', { kind: item.kind });
        return { id };
      },

      // The host asks where to save (Electron), or answers saved: false so the page downloads the
      // media URL instead (the web host).
      'media.saveAs': async ({ id }) => {
        const item = media.get(id);
        const file = await media.resolve(id, 'full');
        if (file === null) throw serviceError('not_found', 'The file of this item is missing.');
        try {
          return await ctx.host.saveMedia(
            { path: file.path, mime: item.mime },
            mediaFileName(item),
          );
        } catch (e) {
          throw serviceError('storage', e instanceof Error ? e.message : String(e));
        }
      },

      'media.usage': async ({ id }) => {
        const conversations: { id: string; title: string }[] = [];
        const address = `media/${id}`;
        for (const summary of ctx.conversations.list().items) {
          const conversation = await ctx.conversations.get(summary.id).catch(() => null);
          if (!conversation) continue;
          const shows = conversation.messages.some(
            (m) =>
              (m.attachments ?? []).some((a) => a.mediaId === id) || m.content.includes(address),
          );
          if (shows) conversations.push({ id: summary.id, title: summary.title });
        }
        return { conversations };
      },

      'media.import': async ({ fileId, kind, title }) => {
        const file = await files.info(fileId);
        if (!fitsKind(file.sniffedMime, kind)) {
          throw serviceError(
            'invalid_input',
            `"${file.name}" is not ${KIND_WORDS[kind]}, whatever its name says.`,
            null,
            { name: file.name },
          );
        }
        const item = await media.add({
          kind,
          bytes: await files.read(fileId),
          mime: file.sniffedMime ?? file.mime,
          title: title?.trim() || titleFrom(file.name),
          extra: { fileName: file.name, sha256: file.sha256 },
        });
        ctx.emit('media.changed', { kind });
        return item;
      },
    },
  };
}
