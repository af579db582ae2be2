// The Audio tab: speech, music and transcription tools beside the player and the audio history.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { conversationsUsing, usageTitles } from '../common/deleted-media';
import type { Language, MediaItem } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { Icon } from '../common/Icon';
import { saveMedia } from '../common/media';
import { localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { moneyWords } from '../i18n/money';
import { subscribe } from '../platform';
import { useAppStore } from '../store';
import type { AudioMode } from '../store/audio-slice';
import { MusicForm, SpeechForm } from './CreateForms';
import { TranscribePanel } from './TranscribePanel';
import { HistoryRow } from './HistoryRow';
import { FromChatLink } from '../common/FromChatLink';
import { OriginFilter } from '../common/OriginFilter';
import { WaveformPlayer } from './WaveformPlayer';
import '../common/media-page.css';
import './audio.css';

const MODES: readonly AudioMode[] = ['speech', 'music', 'transcribe'];

function ModeTabs() {
  const t = useT();
  const mode = useAppStore((s) => s.audioMode);
  const setMode = useAppStore((s) => s.setAudioMode);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKey(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + MODES.length) % MODES.length;
    setMode(MODES[next]!);
    buttons.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={t('audio.modes')} className="segmented">
      {MODES.map((item, index) => (
        <button
          key={item}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`audio-mode-${item}`}
          aria-selected={mode === item}
          aria-controls="audio-mode-panel"
          tabIndex={mode === item ? 0 : -1}
          className="segment"
          onClick={() => setMode(item)}
          onKeyDown={(event) => onKey(event, index)}
        >
          {t(
            item === 'speech'
              ? 'audio.mode.speech'
              : item === 'music'
                ? 'audio.mode.music'
                : 'audio.mode.transcribe',
          )}
        </button>
      ))}
    </div>
  );
}

function itemFacts(item: MediaItem, language: Language, t: ReturnType<typeof useT>): string {
  const locale = localeOf(language);
  const facts: string[] = [];
  if (item.model) facts.push(item.model);
  if (typeof item.params.voice === 'string') facts.push(item.params.voice);
  if (typeof item.extra.duration === 'number')
    facts.push(
      t('audio.meta.seconds', {
        seconds: item.extra.duration.toLocaleString(locale, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
      }),
    );
  if (item.cost) facts.push(t('audio.meta.cost', { cost: moneyWords(item.cost, language) }));
  facts.push(new Date(item.createdAt).toLocaleString(locale));
  return facts.join(' · ');
}

/** A clip this much shorter than asked is said to be: a WAV's length is rounded to the millisecond. */
const SHORTER_BY_SECONDS = 0.5;

/** The service may make less music than asked (its model's own limit): the person is told. */
function ShorterThanAsked({ item }: { item: MediaItem }) {
  const t = useT();
  const language = useLanguage();
  const asked = item.params.seconds;
  const made = item.extra.duration;
  if (item.params.mode !== 'music' || typeof asked !== 'number' || typeof made !== 'number')
    return null;
  if (asked <= 0 || made > asked - SHORTER_BY_SECONDS) return null;
  const seconds = (value: number) =>
    value.toLocaleString(localeOf(language), { maximumFractionDigits: 1 });
  return (
    <p className="hint warning" role="status">
      {t('audio.musicShorter', { made: seconds(made), asked: seconds(asked) })}
    </p>
  );
}

/** Raw PCM speech is kept in a WAV header of Atelier's reading: the person is told how it was read. */
function PcmNote({ item }: { item: MediaItem }) {
  const t = useT();
  if (item.extra.wrappedPcm !== true) return null;
  return <p className="hint">{t('audio.pcmWrapped')}</p>;
}

function AudioHistory() {
  const t = useT();
  const language = useLanguage();
  const items = useAppStore((s) => s.audioItems);
  const current = useAppStore((s) => s.currentAudioId);
  const select = useAppStore((s) => s.selectAudio);
  const remove = useAppStore((s) => s.deleteAudio);
  const error = useAppStore((s) => s.audioHistoryError);
  const load = useAppStore((s) => s.loadAudioHistory);
  const origin = useAppStore((s) => s.audioOrigin);
  const setOrigin = useAppStore((s) => s.setAudioOrigin);
  /** A recording sent in chats, waiting for "Delete anyway". */
  const [asking, setAsking] = useState<{ id: string; text: string } | null>(null);

  async function askDelete(item: MediaItem): Promise<void> {
    const usage = await conversationsUsing(item.id);
    if (usage.length === 0) {
      setAsking(null);
      await remove(item.id);
      return;
    }
    const titles = usageTitles(usage, t('chat.untitled'), language);
    setAsking({
      id: item.id,
      text:
        usage.length === 1
          ? t('audio.usedInOne', { title: item.title, titles })
          : t('audio.usedInMany', { title: item.title, count: usage.length, titles }),
    });
  }

  return (
    <section className="audio-history" aria-labelledby="audio-history-title">
      <h2 id="audio-history-title">{t('audio.history')}</h2>
      <OriginFilter value={origin} onChange={(next) => void setOrigin(next)} />
      {error && <ErrorNotice error={error} onRetry={() => void load()} />}
      {items.length === 0 && !error && (
        <p className="muted">
          {origin === 'chats' ? t('studio.noneFromChats') : t('audio.historyEmpty')}
        </p>
      )}
      <ul className="stack history-list" aria-labelledby="audio-history-title">
        {items.map((item) => (
          <HistoryRow
            key={item.id}
            current={item.id === current}
            openLabel={t('audio.open', { title: item.title })}
            onOpen={() => select(item.id)}
            icon={<Icon name={item.params.mode === 'speech' ? 'chat' : 'audio'} size={16} />}
            title={item.title}
            facts={itemFacts(item, language, t)}
          >
            <FromChatLink item={item} />
            <button type="button" className="text-button" onClick={() => void saveMedia(item)}>
              {t('audio.download')}
            </button>
            <button
              type="button"
              className="text-button"
              aria-label={`${t('audio.delete')}: ${item.title}`}
              onClick={() => void askDelete(item)}
            >
              {t('audio.delete')}
            </button>
            {asking?.id === item.id && (
              <div className="confirm history-confirm" role="group" aria-label={asking.text}>
                <p>{asking.text}</p>
                <div className="confirm-actions">
                  <button
                    type="button"
                    className="button danger"
                    onClick={() => {
                      setAsking(null);
                      void remove(item.id);
                    }}
                  >
                    {t('audio.deleteAnyway')}
                  </button>
                  <button type="button" className="button ghost" onClick={() => setAsking(null)}>
                    {t('common.cancel')}
                  </button>
                </div>
              </div>
            )}
          </HistoryRow>
        ))}
      </ul>
    </section>
  );
}

export default function AudioTab() {
  const t = useT();
  const mode = useAppStore((s) => s.audioMode);
  const items = useAppStore((s) => s.audioItems);
  const currentId = useAppStore((s) => s.currentAudioId);
  const load = useAppStore((s) => s.loadAudioHistory);
  const current = items.find((item) => item.id === currentId) ?? null;

  useEffect(() => {
    void load();
    const unsubscribers = [
      subscribe('media.changed', ({ kind }) => {
        if (kind === 'audio') void useAppStore.getState().loadAudioHistory();
      }),
      subscribe('audio.retrying', (retry) => useAppStore.getState().applyAudioRetry(retry)),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [load]);

  return (
    <section className="media-page" aria-labelledby="audio-title">
      <header className="media-header">
        <h1 id="audio-title">{t('audio.title')}</h1>
        <ModeTabs />
      </header>
      <div className="media-columns">
        <div
          className="media-main"
          role="tabpanel"
          id="audio-mode-panel"
          aria-labelledby={`audio-mode-${mode}`}
        >
          {mode === 'speech' && <SpeechForm />}
          {mode === 'music' && <MusicForm />}
          {mode === 'transcribe' && <TranscribePanel />}
        </div>
        <div className="media-side">
          {current ? (
            <div className="card player">
              <p className="player-title">{current.title}</p>
              <WaveformPlayer item={current} />
              <ShorterThanAsked item={current} />
              <PcmNote item={current} />
              <div className="form-actions">
                <button type="button" className="button" onClick={() => void saveMedia(current)}>
                  {t('audio.download')}
                </button>
              </div>
            </div>
          ) : (
            <p className="muted card player">{t('audio.nothingSelected')}</p>
          )}
          <AudioHistory />
        </div>
      </div>
    </section>
  );
}
