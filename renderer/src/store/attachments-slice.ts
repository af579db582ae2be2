// Chat attachments waiting in the composer: checked, converted (audio to WAV), uploaded with progress, prepared by core.
import {
  ATTACHMENT_LIMITS,
  type AttachmentKind,
  MAX_ATTACHMENTS,
  type MessageAttachment,
  claimedKind,
} from '../../../shared/attachments';
import type { UserError } from '../../../shared/types';
import { refusal } from '../common/file-problems';
import { isModelAudio, toWav } from '../common/wav';
import { uploadFile } from '../common/upload';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';

export type AttachmentPhase = 'converting' | 'uploading' | 'reading' | 'ready' | 'failed';

export interface PendingAttachment {
  localId: string;
  name: string;
  size: number;
  /** What the file claims to be, before core has checked its bytes. */
  kind: AttachmentKind | null;
  /** A blob: URL for images, revoked when the attachment goes away. */
  previewUrl: string | null;
  phase: AttachmentPhase;
  /** 0..1 while uploading. */
  progress: number;
  attachment: MessageAttachment | null;
  error: UserError | null;
}

export interface AttachmentsSlice {
  /** By conversation key ('' for a new chat), like drafts. */
  pendingAttachments: Record<string, PendingAttachment[]>;
  addAttachmentFiles(conversationKey: string, files: readonly File[]): void;
  removeAttachment(conversationKey: string, localId: string): void;
  /** The ready attachments, leaving the composer empty of them. */
  takeAttachments(conversationKey: string): MessageAttachment[];
  /** Attaches a picture the library already keeps (Images' "Send to chat"): nothing is uploaded. */
  attachLibraryPicture(conversationKey: string, mediaId: string): Promise<UserError | null>;
  /**
   * Attaches a picture by its http(s) address: sent as the address, which the service fetches;
   * nothing is downloaded. A refusal stays in the tray as a failed attachment, in words.
   */
  attachPictureAddress(conversationKey: string, address: string): Promise<void>;
  /** Puts attachments of a refused turn back in the composer, so nothing is lost. */
  restoreAttachments(conversationKey: string, attachments: readonly MessageAttachment[]): void;
  /** By conversation key: the model the person chose to send images to though it may not see them. */
  imagesKeptFor: Record<string, string>;
  keepModelForImages(conversationKey: string, model: string): void;
  /**
   * By conversation key: a turn that would carry the conversation's pictures (Regenerate, an
   * edit, Continue, Retry) waited for the vis- choice; the composer says to choose first.
   */
  visionAsked: Record<string, boolean>;
  askVisionChoice(conversationKey: string): void;
}

let sequence = 0;
const controllers = new Map<string, AbortController>();

function release(item: PendingAttachment): void {
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
  controllers.get(item.localId)?.abort();
  controllers.delete(item.localId);
}

export const createAttachmentsSlice: SliceCreator<AttachmentsSlice> = (set, get) => {
  function patch(key: string, localId: string, change: Partial<PendingAttachment>): void {
    set((s) => {
      const list = s.pendingAttachments[key];
      if (!list?.some((a) => a.localId === localId)) return {};
      return {
        pendingAttachments: {
          ...s.pendingAttachments,
          [key]: list.map((a) => (a.localId === localId ? { ...a, ...change } : a)),
        },
      };
    });
  }

  function fail(key: string, localId: string, error: UserError): void {
    patch(key, localId, { phase: 'failed', error });
  }

  async function bring(key: string, item: PendingAttachment, file: File): Promise<void> {
    const controller = new AbortController();
    controllers.set(item.localId, controller);
    let body: Blob = file;
    let name = file.name;
    if (item.kind === 'audio' && !isModelAudio(file.name, file.type)) {
      patch(key, item.localId, { phase: 'converting' });
      try {
        body = await toWav(file);
        name = `${file.name.replace(/\.[^.]*$/, '')}.wav`;
      } catch {
        fail(key, item.localId, refusal('audio_format', { name: file.name }));
        return;
      }
    }
    patch(key, item.localId, { phase: 'uploading', progress: 0 });
    const uploaded = await uploadFile(body, {
      name,
      mime: body.type || file.type,
      signal: controller.signal,
      onProgress: (sent, total) =>
        patch(key, item.localId, { progress: total === 0 ? 1 : sent / total }),
    });
    if (!uploaded.ok) {
      if (uploaded.error.code !== 'cancelled') fail(key, item.localId, uploaded.error);
      return;
    }
    patch(key, item.localId, { phase: 'reading', progress: 1 });
    const prepared = await invoke('attachments.prepare', { fileId: uploaded.data.fileId });
    controllers.delete(item.localId);
    if (!prepared.ok) {
      fail(key, item.localId, prepared.error);
      return;
    }
    patch(key, item.localId, {
      phase: 'ready',
      attachment: prepared.data,
      name: prepared.data.name,
    });
  }

  return {
    pendingAttachments: {},
    imagesKeptFor: {},
    keepModelForImages: (key, model) =>
      set((s) => ({ imagesKeptFor: { ...s.imagesKeptFor, [key]: model } })),
    visionAsked: {},
    askVisionChoice: (key) => set((s) => ({ visionAsked: { ...s.visionAsked, [key]: true } })),

    addAttachmentFiles(key, files) {
      const current = get().pendingAttachments[key] ?? [];
      const added: Array<[PendingAttachment, File | null]> = [];
      for (const file of files) {
        const kind = claimedKind(file.name, file.type);
        const base: PendingAttachment = {
          localId: `a${++sequence}`,
          name: file.name || 'file',
          size: file.size,
          kind,
          previewUrl: null,
          phase: 'failed',
          progress: 0,
          attachment: null,
          error: null,
        };
        let error: UserError | null = null;
        if (current.length + added.length >= MAX_ATTACHMENTS)
          error = refusal('too_many', { max: MAX_ATTACHMENTS });
        else if (file.size === 0) error = refusal('empty', { name: base.name });
        else if (kind === null) error = refusal('unsupported', { name: base.name });
        else if (file.size > ATTACHMENT_LIMITS[kind])
          error = refusal('too_large', {
            name: base.name,
            size: file.size,
            limit: ATTACHMENT_LIMITS[kind],
          });
        if (error) {
          added.push([{ ...base, error }, null]);
          continue;
        }
        added.push([
          {
            ...base,
            phase: 'uploading',
            previewUrl: kind === 'image' ? URL.createObjectURL(file) : null,
          },
          file,
        ]);
      }
      set((s) => ({
        pendingAttachments: {
          ...s.pendingAttachments,
          [key]: [...(s.pendingAttachments[key] ?? []), ...added.map(([item]) => item)],
        },
      }));
      for (const [item, file] of added) if (file) void bring(key, item, file);
    },

    removeAttachment(key, localId) {
      const list = get().pendingAttachments[key] ?? [];
      const item = list.find((a) => a.localId === localId);
      if (item) release(item);
      set((s) => ({
        pendingAttachments: {
          ...s.pendingAttachments,
          [key]: (s.pendingAttachments[key] ?? []).filter((a) => a.localId !== localId),
        },
      }));
    },

    takeAttachments(key) {
      const list = get().pendingAttachments[key] ?? [];
      const ready = list.filter((a) => a.phase === 'ready' && a.attachment);
      for (const item of list) release(item);
      set((s) => ({ pendingAttachments: { ...s.pendingAttachments, [key]: [] } }));
      return ready.map((a) => a.attachment!);
    },

    async attachLibraryPicture(key, mediaId) {
      const prepared = await invoke('attachments.prepare', { mediaId });
      if (!prepared.ok) return prepared.error;
      get().restoreAttachments(key, [prepared.data]);
      return null;
    },

    async attachPictureAddress(key, address) {
      const full = (get().pendingAttachments[key] ?? []).length >= MAX_ATTACHMENTS;
      const prepared = full
        ? { ok: false as const, error: refusal('too_many', { max: MAX_ATTACHMENTS }) }
        : await invoke('attachments.prepare', { url: address });
      if (prepared.ok) {
        get().restoreAttachments(key, [prepared.data]);
        return;
      }
      const failed: PendingAttachment = {
        localId: `a${++sequence}`,
        name: address,
        size: 0,
        kind: 'image',
        previewUrl: null,
        phase: 'failed',
        progress: 0,
        attachment: null,
        error: prepared.error,
      };
      set((s) => ({
        pendingAttachments: {
          ...s.pendingAttachments,
          [key]: [...(s.pendingAttachments[key] ?? []), failed],
        },
      }));
    },

    restoreAttachments(key, attachments) {
      const restored: PendingAttachment[] = attachments.map((attachment) => ({
        localId: `a${++sequence}`,
        name: attachment.name,
        size: attachment.size,
        kind: attachment.kind,
        previewUrl: null,
        phase: 'ready',
        progress: 1,
        attachment,
        error: null,
      }));
      set((s) => ({
        pendingAttachments: {
          ...s.pendingAttachments,
          [key]: [...(s.pendingAttachments[key] ?? []), ...restored],
        },
      }));
    },
  };
};
