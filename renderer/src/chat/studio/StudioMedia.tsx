// Under a message: what Read aloud, Illustrate and Animate made from it (the player, pictures, videos), a video job's state in words while it runs, and Animate on its pictures.
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { shownUnder } from '../../../../shared/studio-actions';
import type { ChatMessage, MediaItem, VideoJob } from '../../../../shared/types';
import { WaveformPlayer } from '../../audio/WaveformPlayer';
import { ErrorNotice } from '../../common/ErrorNotice';
import { mediaUrl } from '../../common/media';
import { useT } from '../../i18n/use-t';
import { useAppStore } from '../../store';
import type { ChatPicture, ChatPlace } from '../../store/studio-slice';
import { videoStatusWords } from '../../video/status-words';
import './studio.css';

const NO_MEDIA: MediaItem[] = [];

function AnimateButton({ place, picture }: { place: ChatPlace; picture: ChatPicture }) {
  const t = useT();
  const busy = useAppStore((s) => s.studioBusy[place.messageId] ?? null);
  const animate = useAppStore((s) => s.animate);
  return (
    <button
      type="button"
      className="text-button"
      disabled={busy !== null}
      aria-label={t('studio.animateOf', { picture: picture.title })}
      onClick={() => void animate(place, picture)}
    >
      {t('studio.animate')}
    </button>
  );
}

function MediaPiece({ item, place }: { item: MediaItem; place: ChatPlace }) {
  const t = useT();
  if (item.kind === 'audio')
    return (
      <div className="studio-piece studio-audio">
        <span className="studio-label">{t('studio.recording')}</span>
        <WaveformPlayer item={item} />
      </div>
    );
  if (item.kind === 'video')
    return (
      <figure className="studio-piece">
        <video
          className="studio-video"
          controls
          preload="metadata"
          src={mediaUrl(item.id)}
          aria-label={t('studio.videoOf')}
        />
        <figcaption className="studio-label">{t('studio.videoOf')}</figcaption>
      </figure>
    );
  const prompt = typeof item.params.prompt === 'string' ? item.params.prompt : item.title;
  return (
    <figure className="studio-piece">
      <a href={mediaUrl(item.id)} target="_blank" rel="noreferrer">
        <img
          className="studio-picture"
          src={mediaUrl(item.id, item.hasThumb)}
          alt={t('studio.illustration', { prompt })}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
        />
      </a>
      <figcaption className="studio-caption">
        <AnimateButton
          place={place}
          picture={{ mediaId: item.id, width: item.width, height: item.height, title: prompt }}
        />
      </figcaption>
    </figure>
  );
}

function JobLine({ job }: { job: VideoJob }) {
  const t = useT();
  return (
    <p className="studio-note" role="status">
      {t('studio.videoJob', { status: videoStatusWords(job, t) })}
    </p>
  );
}

interface StudioMediaProps {
  conversationId: string;
  message: ChatMessage;
}

export function StudioMedia({ conversationId, message }: StudioMediaProps) {
  const t = useT();
  const watch = useAppStore((s) => s.watchChatMedia);
  const made = useAppStore((s) => s.chatMedia[message.id] ?? NO_MEDIA);
  const items = useMemo(() => shownUnder(made, message.content), [made, message.content]);
  const busy = useAppStore((s) => s.studioBusy[message.id] ?? null);
  const error = useAppStore((s) => s.studioErrors[message.id] ?? null);
  const dismiss = useAppStore((s) => s.dismissStudioError);
  const jobs = useAppStore(
    useShallow((s) =>
      s.videoJobs.filter((j) => j.fromChat?.messageId === message.id && j.phase !== 'completed'),
    ),
  );
  useEffect(() => watch(conversationId), [watch, conversationId]);
  const place = { conversationId, messageId: message.id };
  const attached = (message.attachments ?? []).flatMap((a) =>
    a.kind === 'image' && a.mediaId
      ? [{ mediaId: a.mediaId, width: null, height: null, title: a.name }]
      : [],
  );
  if (items.length === 0 && jobs.length === 0 && !busy && !error && attached.length === 0)
    return null;
  return (
    <div className="studio-media" role="group" aria-label={t('studio.media')}>
      {attached.length > 0 && (
        <div className="studio-attached">
          {attached.map((picture) => (
            <AnimateButton key={picture.mediaId} place={place} picture={picture} />
          ))}
        </div>
      )}
      {items.map((item) => (
        <MediaPiece key={item.id} item={item} place={place} />
      ))}
      {jobs.map((job) => (
        <JobLine key={job.id} job={job} />
      ))}
      {busy && (
        <p className="studio-note" role="status">
          <span className="typing" aria-hidden="true" />{' '}
          {busy === 'speech'
            ? t('studio.reading')
            : busy === 'picture'
              ? t('studio.drawing')
              : t('studio.starting')}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => dismiss(message.id)} />}
    </div>
  );
}
