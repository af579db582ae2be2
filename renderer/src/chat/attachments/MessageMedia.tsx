// A sent message's picture and sound: the picture opens in full, the sound plays in place; either shows "deleted" once the library no longer has it.
import { useState } from 'react';
import type { MessageAttachment } from '../../../../shared/attachments';
import { mediaUrl } from '../../common/media';
import { useMediaDeleted } from '../../common/deleted-media';
import { useT } from '../../i18n/use-t';

function DeletedMedia({ attachment }: { attachment: MessageAttachment }) {
  const t = useT();
  return (
    <span
      className="attachment-deleted"
      role="img"
      aria-label={t('attach.deletedHint', { name: attachment.name })}
      title={t('attach.deletedHint', { name: attachment.name })}
    >
      {attachment.kind === 'image' ? t('attach.pictureDeleted') : t('attach.audioDeleted')}
    </span>
  );
}

export function MessageImage({
  attachment,
}: {
  attachment: MessageAttachment & { mediaId: string };
}) {
  const deleted = useMediaDeleted(attachment.mediaId);
  const [missing, setMissing] = useState(false);
  if (deleted || missing) return <DeletedMedia attachment={attachment} />;
  return (
    <a href={mediaUrl(attachment.mediaId)} target="_blank" rel="noreferrer" title={attachment.name}>
      <img
        className="attachment-thumb"
        src={mediaUrl(attachment.mediaId, true)}
        alt={attachment.name}
        onError={() => setMissing(true)}
      />
    </a>
  );
}

/** The recording as it was sent, with the browser's own controls (keyboard included). */
export function MessageAudio({
  attachment,
}: {
  attachment: MessageAttachment & { mediaId: string };
}) {
  const t = useT();
  const deleted = useMediaDeleted(attachment.mediaId);
  const [missing, setMissing] = useState(false);
  if (deleted || missing) return <DeletedMedia attachment={attachment} />;
  return (
    <audio
      className="message-audio"
      controls
      preload="metadata"
      src={mediaUrl(attachment.mediaId)}
      aria-label={t('attach.playAudio', { name: attachment.name })}
      onError={() => setMissing(true)}
    />
  );
}
