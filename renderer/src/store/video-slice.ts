// The Video tab's state: the request draft, its frames (uploaded as they are picked) and the job list from core.
import { VIDEO_FRAME_MAX_BYTES } from '../../../shared/video';
import type { ServiceRetry, UserError, VideoJob } from '../../../shared/types';
import { uploadFile } from '../common/upload';
import { invoke } from '../platform';
import type { SliceCreator } from './slice';
import type { SpendingSlice } from './spending-slice';
import { videoEstimate } from '../../../shared/estimates';
import { estimateTokens } from '../../../shared/tokens';

export type FrameSlot = 'first' | 'last';

export interface FrameState {
  name: string;
  /** A blob: URL of the picked file, for the preview. */
  previewUrl: string;
  fileId: string | null;
  uploading: boolean;
  error: UserError | null;
}

export type FrameRefusal =
  { reason: 'too_large'; name: string; size: number } | { reason: 'not_image'; name: string };

export interface VideoDraft {
  prompt: string;
  model: string;
  /** One of the suggested ratios or one typed in the `<w>:<h>` form. */
  aspectRatio: string;
  /** 0: the model's default. */
  duration: number;
}

export interface VideoSlice {
  videoDraft: VideoDraft;
  setVideoDraft(patch: Partial<VideoDraft>): void;
  videoFrames: Record<FrameSlot, FrameState | null>;
  frameRefusal: FrameRefusal | null;
  pickFrame(slot: FrameSlot, file: File): Promise<void>;
  clearFrame(slot: FrameSlot): void;
  videoSubmitting: boolean;
  videoError: UserError | null;
  dismissVideoError(): void;
  videoRetry: ServiceRetry | null;
  applyVideoRetry(retry: ServiceRetry): void;
  generateVideo(): Promise<void>;

  videoJobs: VideoJob[];
  videoJobsLoaded: boolean;
  videoJobsError: UserError | null;
  loadVideoJobs(): Promise<void>;
  applyVideoJobs(jobs: VideoJob[]): void;
  removeVideoJob(id: string): Promise<void>;
  retryVideoDownload(id: string): Promise<void>;
}

function isPicture(file: File): boolean {
  if (file.type.startsWith('image/')) return true;
  return file.type === '' && /\.(png|jpe?g|gif|webp|bmp)$/i.test(file.name);
}

export const createVideoSlice: SliceCreator<VideoSlice, SpendingSlice> = (set, get) => {
  /** Bumped per pick, so an older upload finishing late does not overwrite a newer frame. */
  const pickTickets: Record<FrameSlot, number> = { first: 0, last: 0 };

  function setFrame(slot: FrameSlot, frame: FrameState | null): void {
    set((state) => ({ videoFrames: { ...state.videoFrames, [slot]: frame } }));
  }

  return {
    videoDraft: { prompt: '', model: '', aspectRatio: '16:9', duration: 0 },
    setVideoDraft: (patch) => set((s) => ({ videoDraft: { ...s.videoDraft, ...patch } })),
    videoFrames: { first: null, last: null },
    frameRefusal: null,

    pickFrame: async (slot, file) => {
      set({ frameRefusal: null });
      if (!isPicture(file)) {
        set({ frameRefusal: { reason: 'not_image', name: file.name } });
        return;
      }
      if (file.size > VIDEO_FRAME_MAX_BYTES) {
        set({ frameRefusal: { reason: 'too_large', name: file.name, size: file.size } });
        return;
      }
      get().clearFrame(slot);
      const ticket = ++pickTickets[slot];
      const previewUrl = URL.createObjectURL(file);
      setFrame(slot, { name: file.name, previewUrl, fileId: null, uploading: true, error: null });
      const uploaded = await uploadFile(file, { name: file.name });
      if (ticket !== pickTickets[slot]) return;
      setFrame(slot, {
        name: file.name,
        previewUrl,
        fileId: uploaded.ok ? uploaded.data.fileId : null,
        uploading: false,
        error: uploaded.ok ? null : uploaded.error,
      });
    },

    clearFrame: (slot) => {
      const frame = get().videoFrames[slot];
      if (frame) URL.revokeObjectURL(frame.previewUrl);
      pickTickets[slot] += 1;
      setFrame(slot, null);
    },

    videoSubmitting: false,
    videoError: null,
    dismissVideoError: () => set({ videoError: null, frameRefusal: null }),
    videoRetry: null,
    applyVideoRetry: (retry) => {
      if (get().videoSubmitting) set({ videoRetry: retry });
    },

    generateVideo: async () => {
      if (get().videoSubmitting) return;
      const { videoDraft, videoFrames } = get();
      const go = await get().askToSpend('video', videoDraft.model, (model, basis) =>
        videoEstimate(
          model,
          {
            seconds: videoDraft.duration > 0 ? videoDraft.duration : null,
            promptTokens: estimateTokens(videoDraft.prompt),
          },
          basis,
        ),
      );
      if (!go) return;
      // A frame refused before is old news once a new job is sent.
      set({ videoSubmitting: true, videoError: null, videoRetry: null, frameRefusal: null });
      const answer = await invoke('video.generate', {
        model: videoDraft.model,
        prompt: videoDraft.prompt,
        aspectRatio: videoDraft.aspectRatio.trim(),
        duration: videoDraft.duration,
        // Frames go with any model: the service says when a model takes none.
        ...(videoFrames.first?.fileId ? { firstFrameFileId: videoFrames.first.fileId } : {}),
        ...(videoFrames.last?.fileId ? { lastFrameFileId: videoFrames.last.fileId } : {}),
      });
      if (!answer.ok) {
        set({ videoSubmitting: false, videoError: answer.error, videoRetry: null });
        return;
      }
      const job = answer.data;
      set((state) => ({
        videoSubmitting: false,
        videoRetry: null,
        videoJobs: [job, ...state.videoJobs.filter((j) => j.id !== job.id)],
      }));
    },

    videoJobs: [],
    videoJobsLoaded: false,
    videoJobsError: null,
    loadVideoJobs: async () => {
      const answer = await invoke('video.jobs', {});
      if (answer.ok) set({ videoJobs: answer.data, videoJobsLoaded: true, videoJobsError: null });
      else set({ videoJobsLoaded: true, videoJobsError: answer.error });
    },
    applyVideoJobs: (jobs) => set({ videoJobs: jobs, videoJobsLoaded: true }),
    removeVideoJob: async (id) => {
      const answer = await invoke('video.remove', { id });
      if (!answer.ok) set({ videoJobsError: answer.error });
      else set((state) => ({ videoJobs: state.videoJobs.filter((j) => j.id !== id) }));
    },
    retryVideoDownload: async (id) => {
      const answer = await invoke('video.retryDownload', { id });
      if (!answer.ok) set({ videoJobsError: answer.error });
    },
  };
};
