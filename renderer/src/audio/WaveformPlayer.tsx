// The audio player: a wavesurfer.js waveform (loaded on first use) over a plain <audio> element, keyboard included.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { MediaItem } from '../../../shared/types';
import { mediaUrl } from '../common/media';
import { useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import './waveform.css';

const SEEK_STEP_SECONDS = 5;

/** m:ss, for positions and lengths. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Core stores WAV peaks as one byte each in base64; other formats are drawn after decoding. */
export function decodePeaks(value: unknown): number[] | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const binary = atob(value);
    const peaks = new Array<number>(binary.length);
    for (let i = 0; i < binary.length; i += 1) peaks[i] = binary.charCodeAt(i) / 255;
    return peaks;
  } catch {
    return null;
  }
}

function PlayGlyph({ playing }: { playing: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d={playing ? 'M7 5h4v14H7z M13 5h4v14h-4z' : 'M8 5l11 7-11 7z'} />
    </svg>
  );
}

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function WaveformPlayer({ item }: { item: MediaItem }) {
  const t = useT();
  const theme = useAppStore((s) => s.settings?.theme ?? 'system');
  const audioRef = useRef<HTMLAudioElement>(null);
  const waveRef = useRef<HTMLDivElement>(null);
  const surferRef = useRef<WaveSurfer | null>(null);
  const knownDuration = typeof item.extra.duration === 'number' ? item.extra.duration : 0;
  const [drawn, setDrawn] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(knownDuration);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let surfer: WaveSurfer | null = null;
    setDrawn(false);
    setFailed(false);
    setPlaying(false);
    setPosition(0);
    // wavesurfer is a chunk of its own: the first screen never loads it.
    import('wavesurfer.js')
      .then(({ default: WaveSurferClass }) => {
        const container = waveRef.current;
        const media = audioRef.current;
        if (cancelled || !container || !media) return;
        const peaks = decodePeaks(item.extra.peaks);
        surfer = WaveSurferClass.create({
          container,
          media,
          url: mediaUrl(item.id),
          // With peaks and a duration nothing is fetched or decoded in the page.
          ...(peaks && knownDuration > 0 ? { peaks: [peaks], duration: knownDuration } : {}),
          height: 72,
          waveColor: cssColor('--border-strong', '#cfd3d8'),
          progressColor: cssColor('--accent', '#10a37f'),
          cursorColor: cssColor('--text', '#1c1e21'),
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
        });
        surferRef.current = surfer;
        surfer.on('decode', (seconds) => {
          setDrawn(true);
          if (seconds > 0) setDuration(seconds);
        });
        surfer.on('ready', (seconds) => {
          setDrawn(true);
          if (seconds > 0) setDuration(seconds);
        });
        surfer.on('timeupdate', (seconds) => setPosition(seconds));
        surfer.on('error', () => setFailed(true));
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      surfer?.destroy();
      surferRef.current = null;
    };
    // The theme is a dependency so the colours follow it; the item's facts never change.
  }, [item.id, theme]); // eslint-disable-line react-hooks/exhaustive-deps

  function toggle(): void {
    const surfer = surferRef.current;
    if (surfer) void surfer.playPause().catch(() => setFailed(true));
    else if (audioRef.current?.paused) void audioRef.current.play().catch(() => setFailed(true));
    else audioRef.current?.pause();
  }

  function seekTo(seconds: number): void {
    const clamped = Math.max(0, Math.min(duration || seconds, seconds));
    if (surferRef.current) surferRef.current.setTime(clamped);
    else if (audioRef.current) audioRef.current.currentTime = clamped;
    setPosition(clamped);
  }

  function onKey(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === ' ' || event.key === 'Enter') toggle();
    else if (event.key === 'ArrowRight' || event.key === 'ArrowUp')
      seekTo(position + SEEK_STEP_SECONDS);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown')
      seekTo(position - SEEK_STEP_SECONDS);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  }

  const clock = t('audio.positionValue', {
    current: formatClock(position),
    total: formatClock(duration),
  });

  return (
    <div className="wave-player" role="group" aria-label={t('audio.player', { title: item.title })}>
      {/* Playing or not is the media element's own state: a press before the waveform's chunk has
          loaded plays it directly, and wavesurfer, subscribed after that, never hears of it. */}
      <audio
        key={item.id}
        ref={audioRef}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <button
        type="button"
        className="wave-play"
        aria-label={playing ? t('audio.pause') : t('audio.play')}
        title={playing ? t('audio.pause') : t('audio.play')}
        onClick={toggle}
      >
        <PlayGlyph playing={playing} />
      </button>
      <div className="wave-body">
        <div
          ref={waveRef}
          className="wave"
          role="slider"
          tabIndex={0}
          aria-label={t('audio.position')}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration * 10) / 10}
          aria-valuenow={Math.round(position * 10) / 10}
          aria-valuetext={clock}
          aria-keyshortcuts="Space ArrowLeft ArrowRight Home End"
          data-state={playing ? 'playing' : 'paused'}
          onKeyDown={onKey}
        />
        <div className="wave-meta">
          <span className="wave-clock">{clock}</span>
          {!drawn && !failed && <span className="muted">{t('audio.loadingWave')}</span>}
          {failed && <span className="hint warning">{t('audio.playFailed')}</span>}
          <span className="muted wave-keys">{t('audio.keys')}</span>
        </div>
      </div>
    </div>
  );
}
