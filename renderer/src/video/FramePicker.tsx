// A first or last frame for a video: a button with a file input beside it, drag and drop, paste, and a preview.
import { sizeWords } from '../i18n/counts';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { errorSentence } from '../common/errors';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { VIDEO_FRAME_MAX_BYTES } from '../../../shared/video';
import type { FrameSlot } from '../store/video-slice';

export function FramePicker({ slot }: { slot: FrameSlot }) {
  const t = useT();
  const language = useLanguage();
  const frame = useAppStore((s) => s.videoFrames[slot]);
  const pickFrame = useAppStore((s) => s.pickFrame);
  const clearFrame = useAppStore((s) => s.clearFrame);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const label = t(slot === 'first' ? 'video.firstFrame' : 'video.lastFrame');
  const choose = t(slot === 'first' ? 'video.chooseFirstFrame' : 'video.chooseLastFrame');

  function take(file: File | undefined | null): void {
    if (file) void pickFrame(slot, file);
  }

  return (
    <div
      className="frame-picker drop-zone"
      role="group"
      aria-label={label}
      data-active={dragging || undefined}
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer.files[0]);
      }}
      onPaste={(event: ClipboardEvent<HTMLDivElement>) => {
        const file = [...event.clipboardData.files].find((f) => f.type.startsWith('image/'));
        if (file) {
          event.preventDefault();
          take(file);
        }
      }}
    >
      <span className="frame-label">{label}</span>
      {frame ? (
        <div className="frame-chosen">
          <img src={frame.previewUrl} alt={label} className="frame-preview" />
          <div className="frame-facts">
            <span className="frame-name">{frame.name}</span>
            {frame.uploading && (
              <span className="muted" role="status">
                {t('video.frameUploading', { name: frame.name })}
              </span>
            )}
            {frame.error && (
              <span className="hint warning" role="alert">
                {errorSentence(t, frame.error)} {frame.error.message}
              </span>
            )}
            <button
              type="button"
              className="text-button"
              aria-label={t('video.removeFrame', { frame: label })}
              onClick={() => clearFrame(slot)}
            >
              {t('common.delete')}
            </button>
          </div>
        </div>
      ) : (
        <p className="hint">
          {t('video.frameHint', { limit: sizeWords(VIDEO_FRAME_MAX_BYTES, language) })}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => input.current?.click()}>
          {choose}
        </button>
        <input
          ref={input}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp,image/gif,image/bmp"
          aria-label={choose}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
