// Chat attachments in core: checks an upload, keeps it (image originals in the media library, documents extracted), takes a picture's address, and builds a message's wire parts.
import {
  ATTACHMENT_LIMITS,
  AUDIO_BYTES_PER_TOKEN_ESTIMATE,
  IMAGE_TOKENS_ESTIMATE,
  INPUT_AUDIO_FORMATS,
  type MessageAttachment,
  TEXT_ATTACHMENT_MAX_BYTES,
  VISION_MAX_SIDE,
  claimedKind,
  pictureAddress,
  pictureAddressName,
  textFilePart,
  typeLabel,
} from '../../../../shared/attachments';
import { estimateTokens } from '../../../../shared/tokens';
import { formatBytes } from '../../../../shared/format';
import type { StoredFile } from '../../../../shared/types';
import type { DocumentsFeature } from '../documents/feature';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import type { AttachmentParts } from './engine-options';
import { checkUploadedFile } from '../../library/file-checks';
import { downscaleImage, toDataUri } from '../../library/pictures';
import { serviceError } from '../../service/errors';
import type { WireContentPart } from '../../service/types';

/** attachments.prepare, and the content parts the chat engine sends for a message's attachments. */
export interface Attachments extends Feature<ChannelsOf<'attachments'>>, AttachmentParts {}

/** Data URIs of scaled images are reused across turns; a few are enough for one conversation. */
const IMAGE_CACHE_SIZE = 8;

export function documentPart(name: string, pages: number | undefined, text: string): string {
  const pagesNote = pages ? `, ${pages} page${pages === 1 ? '' : 's'}` : '';
  return `Attached document "${name}"${pagesNote}:\n\n${text}`;
}

/**
 * The text of a text or code file: UTF-8 (a byte-order mark dropped, line ends kept). Refuses a
 * file that is empty, over the text limit, binary (a known binary type, or NUL bytes) or not valid
 * UTF-8, each with `details.reason` for the renderer's words.
 */
export function decodeTextFile(
  info: Pick<StoredFile, 'name' | 'mime' | 'size' | 'sniffedMime'>,
  bytes: Buffer,
): string {
  const { name } = info;
  if (info.size === 0 || bytes.length === 0) {
    throw serviceError('invalid_input', `"${name}" is empty (0 bytes).`, null, {
      reason: 'empty',
      name,
    });
  }
  if (info.sniffedMime !== null) {
    const label = typeLabel(name, info.mime);
    throw serviceError(
      'invalid_input',
      `"${name}" is not a ${label} file, although its name says so.`,
      null,
      { reason: 'wrong_type', name, expected: label },
    );
  }
  if (bytes.length > TEXT_ATTACHMENT_MAX_BYTES) {
    throw serviceError(
      'invalid_input',
      `"${name}" is ${formatBytes(bytes.length)}, over the limit of ${formatBytes(TEXT_ATTACHMENT_MAX_BYTES)} for text files.`,
      null,
      { reason: 'too_large', name, size: bytes.length, limit: TEXT_ATTACHMENT_MAX_BYTES },
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = '\u0000';
  }
  if (text.includes('\u0000')) {
    throw serviceError(
      'invalid_input',
      `"${name}" is not UTF-8 text (it looks binary), so it cannot be sent as text.`,
      null,
      { reason: 'not_text', name },
    );
  }
  return text;
}

/** A picture's address as it is sent, or a refusal in words: only http: and https: addresses. */
function checkedAddress(text: string): string {
  const url = pictureAddress(text);
  if (url) return url;
  throw serviceError(
    'invalid_input',
    'Only an http: or https: address can be sent as a picture.',
    null,
    { reason: 'picture_address' },
  );
}

export function createAttachments(
  ctx: FeatureContext,
  documents: Pick<DocumentsFeature, 'extract' | 'store'>,
): Attachments {
  const imageCache = new Map<string, string>();

  async function originalBytes(a: MessageAttachment): Promise<Buffer> {
    // The library copy outlives the upload; the upload is the fallback for older messages.
    if (a.mediaId && ctx.media.find(a.mediaId)) return ctx.media.read(a.mediaId);
    try {
      if (!a.fileId) throw new Error('no upload');
      return await ctx.files.read(a.fileId);
    } catch {
      throw serviceError('not_found', `The attachment "${a.name}" is no longer stored.`);
    }
  }

  async function imageDataUri(a: MessageAttachment): Promise<string> {
    const key = a.mediaId ?? a.fileId ?? a.name;
    const cached = imageCache.get(key);
    if (cached) return cached;
    const scaled = await downscaleImage(await originalBytes(a), VISION_MAX_SIDE, a.name);
    const uri = toDataUri(scaled.bytes, scaled.mime);
    imageCache.set(key, uri);
    if (imageCache.size > IMAGE_CACHE_SIZE) imageCache.delete(imageCache.keys().next().value!);
    return uri;
  }

  /** A picture the library already keeps is attached as it is: nothing is uploaded again. */
  function libraryPicture(mediaId: string): MessageAttachment {
    const item = ctx.media.find(mediaId);
    if (!item || item.kind !== 'image') {
      throw serviceError('not_found', 'That picture is no longer in the library.');
    }
    const extension = item.mime.split('/')[1] ?? 'png';
    return {
      kind: 'image',
      mediaId: item.id,
      name: `${item.title.trim().slice(0, 60) || 'image'}.${extension}`,
      mime: item.mime,
      size: item.size,
      tokens: IMAGE_TOKENS_ESTIMATE,
    };
  }

  /**
   * A picture by its http(s) address: the address is kept and sent as it is, and the service
   * fetches it. Atelier makes no request to it (nothing is downloaded, nothing is shown from it).
   */
  function addressPicture(text: string): MessageAttachment {
    const url = checkedAddress(text);
    return {
      kind: 'image',
      url,
      name: pictureAddressName(url),
      mime: '',
      size: 0,
      tokens: IMAGE_TOKENS_ESTIMATE,
    };
  }

  return {
    handlers: {
      'attachments.prepare': async (input) => {
        if ('mediaId' in input) return libraryPicture(input.mediaId);
        if ('url' in input) return addressPicture(input.url);
        const { fileId } = input;
        const info = await ctx.files.info(fileId);
        if (claimedKind(info.name, info.mime) === 'text') {
          const text = decodeTextFile(info, await ctx.files.read(fileId));
          return {
            kind: 'text',
            fileId,
            name: info.name,
            mime: info.mime.startsWith('text/') ? info.mime : 'text/plain',
            size: info.size,
            tokens: estimateTokens(textFilePart(info.name, text)),
          };
        }
        const kind = checkUploadedFile(info, (k) => ATTACHMENT_LIMITS[k], [
          'image',
          'audio',
          'document',
        ]);
        const base = {
          fileId,
          name: info.name,
          mime: info.sniffedMime ?? info.mime,
          size: info.size,
        };
        if (kind === 'image') {
          const item = await ctx.media.add({
            kind: 'image',
            bytes: await ctx.files.read(fileId),
            mime: base.mime,
            title: info.name,
            model: null,
            cost: null,
            params: {},
            sources: [],
            extra: { attachedToChat: true },
          });
          ctx.emit('media.changed', { kind: 'image' });
          return { ...base, kind, mediaId: item.id, tokens: IMAGE_TOKENS_ESTIMATE };
        }
        if (kind === 'audio') {
          const format = INPUT_AUDIO_FORMATS[base.mime];
          if (!format) {
            throw serviceError(
              'invalid_input',
              `"${info.name}" is ${base.mime}; audio models take WAV or MP3.`,
              null,
              { reason: 'audio_format', name: info.name },
            );
          }
          const tokens = Math.ceil(info.size / AUDIO_BYTES_PER_TOKEN_ESTIMATE);
          // Kept in the media library as pictures are, so the sent message can play it.
          const item = await ctx.media.add({
            kind: 'audio',
            bytes: await ctx.files.read(fileId),
            mime: base.mime,
            title: info.name.replace(/\.[^.]+$/, '') || info.name,
            model: null,
            cost: null,
            params: {},
            sources: [],
            extra: { attachedToChat: true },
          });
          ctx.emit('media.changed', { kind: 'audio' });
          return { ...base, kind, format, tokens, mediaId: item.id };
        }
        const record = await documents.extract({
          fileId,
          mode: 'extract',
          returnImages: false,
          origin: 'chat',
        });
        return {
          ...base,
          kind,
          documentId: record.id,
          tokens: record.tokens,
          ...(record.pageCount !== null ? { pages: record.pageCount } : {}),
        };
      },
    },

    async partsFor(message) {
      const parts: WireContentPart[] = [];
      if (message.content.trim() !== '') parts.push({ type: 'text', text: message.content });
      for (const a of message.attachments ?? []) {
        if (a.kind === 'text') {
          // The upload is re-read and checked again: the renderer's copy of the facts is not trusted.
          if (!a.fileId) continue;
          const info = await ctx.files.info(a.fileId).catch(() => null);
          if (!info) {
            throw serviceError('not_found', `The attachment "${a.name}" is no longer stored.`);
          }
          const text = decodeTextFile(info, await ctx.files.read(a.fileId));
          parts.push({ type: 'text', text: textFilePart(info.name, text) });
        } else if (a.kind === 'document') {
          if (!a.documentId) continue;
          const record = await documents.store.get(a.documentId);
          parts.push({ type: 'text', text: documentPart(a.name, a.pages, record.text) });
        } else if (a.kind === 'image' && a.url !== undefined) {
          // The document's other form: the http(s) address itself, checked again (a restored or
          // imported file may carry anything there).
          parts.push({ type: 'image_url', image_url: checkedAddress(a.url) });
        } else if (a.kind === 'image') {
          // The document's form: image_url is the data URI string itself.
          parts.push({ type: 'image_url', image_url: await imageDataUri(a) });
        } else {
          const bytes = await originalBytes(a);
          parts.push({
            type: 'input_audio',
            // format first: logs that cut long bodies still show it.
            input_audio: { format: a.format ?? 'wav', data: bytes.toString('base64') },
          });
        }
      }
      return parts;
    },
  };
}
