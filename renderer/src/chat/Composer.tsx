// The message box: Enter sends, Shift+Enter breaks the line; attachments by picker, paste, drop or microphone, a pasted web address offered as a picture; Stop while an answer streams.
import { Icon } from '../common/Icon';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useAppStore } from '../store';
import { chatDefaultOf } from '../store/models-slice';
import { useT } from '../i18n/use-t';
import { AttachmentTray } from './attachments/AttachmentTray';
import { AttachmentAdvice } from './attachments/AttachmentAdvice';
import { AddressOffer } from './attachments/AddressOffer';
import { picturesGoing, visionChoicePending } from './attachments/vision-choice';
import { Recorder } from './attachments/Recorder';
import { VoiceButton, VoicePanel } from './voice/VoiceMode';
import { TurnCost } from './TurnCost';
import {
  CompareBar,
  CompareCost,
  CompareToggle,
  useCompareReady,
} from '../compare/CompareControls';
import { comparingIn } from '../store/compare-slice';
import { useCompareVisionPending } from '../compare/compare-vision';
import { TEXT_FILE_ACCEPT, pictureAddress } from '../../../shared/attachments';
import { usePromptSlash } from '../prompts/PromptSlash';
import { IconButton } from '../common/IconButton';

const ACCEPT = `image/png,image/jpeg,image/gif,image/webp,image/bmp,audio/*,.pdf,.docx,${TEXT_FILE_ACCEPT}`;

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function Composer({ conversationId }: { conversationId: string | null }) {
  const t = useT();
  const draftKey = conversationId ?? '';
  const draft = useAppStore((s) => s.drafts[draftKey] ?? '');
  const setDraft = useAppStore((s) => s.setDraft);
  const sendTurn = useAppStore((s) => s.sendTurn);
  const stopStreaming = useAppStore((s) => s.stopStreaming);
  const streaming = useAppStore((s) =>
    conversationId ? s.streams[conversationId] !== undefined : false,
  );
  const focusRequest = useAppStore((s) => s.composerFocusRequest);
  const pending = useAppStore((s) => s.pendingAttachments[draftKey]);
  const addFiles = useAppStore((s) => s.addAttachmentFiles);
  const attachAddress = useAppStore((s) => s.attachPictureAddress);
  const conversation = useAppStore((s) => (conversationId ? s.open[conversationId] : undefined));
  const takeAttachments = useAppStore((s) => s.takeAttachments);
  const model = useAppStore(
    (s) =>
      (conversationId ? s.open[conversationId]?.model : undefined) ??
      s.newChatModel ??
      chatDefaultOf(s),
  );
  const updateConversation = useAppStore((s) => s.updateConversation);
  const setNewChatModel = useAppStore((s) => s.setNewChatModel);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // A web address pasted alone: offered as a picture while the pasted text stays in the box.
  const [offer, setOffer] = useState<{ key: string; address: string; pasted: string } | null>(null);
  const offered = offer && offer.key === draftKey && draft.includes(offer.pasted) ? offer : null;
  const prompts = usePromptSlash(box, draft, (text) => setDraft(draftKey, text));

  useEffect(() => {
    box.current?.focus();
  }, [focusRequest, conversationId]);

  const busyAttachments = (pending ?? []).some(
    (a) => a.phase === 'uploading' || a.phase === 'converting' || a.phase === 'reading',
  );
  const readyCount = (pending ?? []).filter((a) => a.phase === 'ready').length;
  const models = useAppStore((s) => s.models);
  const keptFor = useAppStore((s) => s.imagesKeptFor[draftKey] ?? null);
  // Pictures (attached now or earlier in the conversation) for a model not priced for them:
  // Enter must not skip the choice above.
  // While comparing, the compared models are asked the same, each beside its picker.
  const compare = useCompareReady();
  const compareWaiting = useCompareVisionPending(draftKey).length > 0;
  const choosing = compare.on
    ? compareWaiting
    : visionChoicePending(picturesGoing(pending, conversation), model, models, keptFor);
  const [nudged, setNudged] = useState(false);
  // A turn pressed for and not begun yet: the press is taken, a second one would send twice.
  const starting = useAppStore((s) => s.turnStarting);
  const comparing = useAppStore((s) => comparingIn(s, conversationId));
  const sendCompare = useAppStore((s) => s.sendCompare);
  // Or a turn from a message (Regenerate, an edit, Continue) waited for the same choice.
  const asked = useAppStore((s) => s.visionAsked[draftKey] ?? false);
  const canSend =
    (draft.trim() !== '' || readyCount > 0) &&
    !busyAttachments &&
    !streaming &&
    !starting &&
    !comparing &&
    (!compare.on || compare.ready) &&
    !choosing;

  function send() {
    if (choosing) {
      setNudged(true);
      return;
    }
    if (!canSend) return;
    const attachments = takeAttachments(draftKey);
    setDraft(draftKey, '');
    setOffer(null);
    if (compare.on) void sendCompare(draftKey, draft, attachments);
    else
      void sendTurn({ kind: 'send', text: draft, ...(attachments.length ? { attachments } : {}) });
  }

  function switchModel(next: string) {
    if (conversationId) void updateConversation(conversationId, { model: next });
    else setNewChatModel(next);
  }

  return (
    <div
      className={`composer${dragging ? ' dragging' : ''}`}
      aria-busy={streaming || starting || comparing}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        addFiles(draftKey, Array.from(event.dataTransfer.files));
      }}
    >
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          {t('attach.dropHere')}
        </div>
      )}
      <VoicePanel conversationId={conversationId} />
      <CompareBar draftKey={draftKey} />
      <AttachmentTray conversationKey={draftKey} />
      <AttachmentAdvice
        conversationKey={draftKey}
        model={model}
        onSwitch={switchModel}
        vision={!compare.on}
      />
      {offered && (
        <AddressOffer
          address={offered.address}
          onAttach={() => {
            setDraft(draftKey, draft.replace(offered.pasted, '').trim());
            setOffer(null);
            void attachAddress(draftKey, offered.address);
            box.current?.focus();
          }}
          onKeepText={() => setOffer(null)}
        />
      )}
      {choosing && (nudged || asked) && (
        <p className="hint warning" role="status">
          {t('attach.vision.chooseFirst')}
        </p>
      )}
      {prompts.element}
      <textarea
        ref={box}
        {...prompts.inputProps}
        className="composer-input"
        aria-label={t('chat.message')}
        placeholder={t('chat.messagePlaceholder')}
        value={draft}
        rows={1}
        onChange={(event) => setDraft(draftKey, event.target.value)}
        onPaste={(event) => {
          const files = Array.from(event.clipboardData.files);
          if (files.length === 0) {
            // The text is pasted as usual; an address alone is also offered as a picture.
            const pasted = event.clipboardData.getData('text/plain');
            const address = pictureAddress(pasted);
            if (address) setOffer({ key: draftKey, address, pasted: pasted.trim() });
            return;
          }
          event.preventDefault();
          addFiles(draftKey, files);
        }}
        onKeyDown={(event) => {
          if (prompts.onKeyDown(event)) return;
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className="composer-bar">
        <IconButton
          label={t('chat.attach')}
          title={t('attach.hint')}
          onClick={() => picker.current?.click()}
        >
          <Icon name="attach" />
        </IconButton>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label={t('attach.files')}
          onChange={(event) => {
            addFiles(draftKey, Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Recorder onRecorded={(file) => addFiles(draftKey, [file])} />
        <CompareToggle />
        <VoiceButton />
        <span className="composer-hint">
          {busyAttachments ? t('attach.waitUploads') : t('attach.hint')}
        </span>
        {compare.on ? (
          <CompareCost conversationId={conversationId} draft={draft} />
        ) : (
          <TurnCost conversationId={conversationId} draft={draft} model={model} />
        )}
        {streaming && conversationId ? (
          <button
            type="button"
            className="button stop"
            onClick={() => void stopStreaming(conversationId)}
          >
            <Icon name="stop" size={14} /> {t('chat.stop')}
          </button>
        ) : (
          <button type="button" className="button primary" disabled={!canSend} onClick={send}>
            {t('chat.send')}
          </button>
        )}
      </div>
    </div>
  );
}
