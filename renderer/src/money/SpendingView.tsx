// The Spending view, opened from the balance meter: today, this week, this month, a chart by day, lines by model, feature and conversation, recent calls, CSV export.
import { useEffect, useId, useState } from 'react';
import { saveTextFile } from '../common/save-text';
import {
  BACKGROUND_FEATURES,
  chargesDiffer,
  SPEND_FEATURES,
  type SpendEntry,
  type SpendFeature,
  type SpendLine,
  type SpendSummary,
} from '../../../shared/spending';
import type { UserError } from '../../../shared/types';
import { ErrorNotice } from '../common/ErrorNotice';
import { ModalDialog } from '../common/ModalDialog';
import { creditsNoun, moneyWords } from '../i18n/money';
import { creditsForInput } from '../common/credits-input';
import { localeOf, type Translate } from '../i18n/translate';
import { countWords } from '../i18n/counts';
import { useLanguage, useT } from '../i18n/use-t';
import { invoke } from '../platform';
import { useAppStore } from '../store';
import { DayChart } from './DayChart';
import './spending.css';

/** Days the chart covers. */
const CHART_DAYS = 30;
/** Recent calls listed under the lines. */
const RECENT_CALLS = 50;
/** Lines shown per breakdown; the rest are in the CSV. */
const LINES_SHOWN = 50;

const FEATURE_NAME = {
  chat: 'spending.feature.chat',
  titles: 'spending.feature.titles',
  images: 'spending.feature.images',
  speech: 'spending.feature.speech',
  music: 'spending.feature.music',
  transcription: 'spending.feature.transcription',
  video: 'spending.feature.video',
  documents: 'spending.feature.documents',
  decisions: 'spending.feature.decisions',
  embeddings: 'spending.feature.embeddings',
} as const satisfies Record<SpendFeature, string>;

function featureName(t: Translate, key: string): string {
  return (SPEND_FEATURES as readonly string[]).includes(key)
    ? t(FEATURE_NAME[key as SpendFeature])
    : key;
}

const isBackground = (key: string) => (BACKGROUND_FEATURES as readonly string[]).includes(key);

/** True when a charge the service took differs from the one the prices give, beyond rounding. */
function differs(computed: string | null, other: string | null): other is string {
  return other !== null && chargesDiffer(computed, other);
}

interface Loaded {
  summary: SpendSummary;
  entries: SpendEntry[];
}

export default function SpendingView() {
  const t = useT();
  const language = useLanguage();
  const demoInUse = useAppStore((s) => s.settings?.demo === true);
  const close = useAppStore((s) => s.setSpendingViewOpen);
  const revision = useAppStore((s) => s.spendRevision);
  const [demo, setDemo] = useState(demoInUse);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<UserError | null>(null);
  const [exported, setExported] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    void Promise.all([
      invoke('spending.summary', { demo, days: CHART_DAYS }),
      invoke('spending.entries', { demo, limit: RECENT_CALLS }),
    ]).then(([summary, entries]) => {
      if (!current) return;
      if (!summary.ok) setError(summary.error);
      else if (!entries.ok) setError(entries.error);
      else {
        setError(null);
        setLoaded({ summary: summary.data, entries: entries.data });
      }
    });
    return () => {
      current = false;
    };
  }, [demo, revision]);

  async function exportCsv() {
    setExported(null);
    const answer = await invoke('spending.export', { demo });
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    const { saved, entries, csv, name } = answer.data;
    // A host without a save dialog (the web host) hands the text over for the page to download.
    if (!saved && csv !== undefined && name !== undefined) saveTextFile(csv, name, 'text/csv');
    if (saved || csv !== undefined) setExported(entries);
  }

  return (
    <ModalDialog
      title={t('spending.view.title')}
      headActions={
        <>
          {demoInUse && (
            <div className="segmented" role="group" aria-label={t('spending.view.title')}>
              <button
                type="button"
                className="button"
                aria-pressed={!demo}
                onClick={() => setDemo(false)}
              >
                {t('spending.view.real')}
              </button>
              <button
                type="button"
                className="button"
                aria-pressed={demo}
                onClick={() => setDemo(true)}
              >
                {t('spending.view.demo')}
              </button>
            </div>
          )}
          <button type="button" className="button" onClick={() => void exportCsv()}>
            {t('spending.view.export')}
          </button>
          <button type="button" className="button" onClick={() => close(false)}>
            {t('common.close')}
          </button>
        </>
      }
      onClose={() => close(false)}
      className="spending-view"
    >
      {demo && <p className="hint">{t('spending.view.demoNote')}</p>}
      {exported !== null && (
        <p role="status" className="hint">
          {t('spending.view.exported', {
            entries: countWords(language, 'units.entries', exported),
          })}
        </p>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {loaded ? <Figures loaded={loaded} /> : !error && <p className="hint">…</p>}
    </ModalDialog>
  );
}

function Figures({ loaded }: { loaded: Loaded }) {
  const t = useT();
  const language = useLanguage();
  const { summary, entries } = loaded;
  const money = (amount: string) => moneyWords(amount, language);
  const calls = (count: number) => countWords(language, 'units.calls', count);
  const foreground = summary.byFeature.filter((line) => !isBackground(line.key));
  const background = summary.byFeature.filter((line) => isBackground(line.key));

  return (
    <>
      <dl className="spending-totals">
        {(
          [
            ['spending.view.today', summary.today],
            ['spending.view.week', summary.week],
            ['spending.view.month', summary.month],
          ] as const
        ).map(([label, total]) => (
          <div key={label} className="spending-total">
            <dt>{t(label)}</dt>
            <dd>{money(total)}</dd>
          </div>
        ))}
      </dl>
      {summary.entries === 0 && <p className="hint">{t('spending.view.empty')}</p>}
      <section aria-label={t('spending.view.byDay')}>
        <h3>{t('spending.view.byDay')}</h3>
        <DayChart days={summary.byDay} />
      </section>
      <div className="spending-lines">
        <Lines title={t('spending.view.byModel')} lines={summary.byModel} calls={calls} />
        <Lines
          title={t('spending.view.byFeature')}
          lines={foreground}
          calls={calls}
          name={(key) => featureName(t, key)}
        />
        {background.length > 0 && (
          <Lines
            title={t('spending.view.background')}
            lines={background}
            calls={calls}
            name={(key) => featureName(t, key)}
          />
        )}
        <Lines
          title={t('spending.view.byConversation')}
          lines={summary.byConversation}
          calls={calls}
          name={(key, label) => label ?? (key === '' ? t('spending.view.noConversation') : key)}
        />
      </div>
      {summary.differing > 0 && (
        <p className="hint warning">
          {t('spending.view.differing', { calls: calls(summary.differing) })}
        </p>
      )}
      {entries.length > 0 && <RecentCalls entries={entries} />}
    </>
  );
}

function Lines({
  title,
  lines,
  calls,
  name = (key) => key,
}: {
  title: string;
  lines: SpendLine[];
  calls: (count: number) => string;
  name?: (key: string, label: string | undefined) => string;
}) {
  const language = useLanguage();
  const id = useId();
  return (
    <section className="spending-breakdown" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul>
        {lines.slice(0, LINES_SHOWN).map((line) => (
          <li key={line.key}>
            <span className="spending-line-name">{name(line.key, line.label)}</span>
            <span className="spending-line-count">{calls(line.count)}</span>
            <span className="spending-line-total">{moneyWords(line.total, language)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A call's computed charge, and what the service took beside it where that differs. */
function CallCharge({
  entry,
  money,
  exact,
}: {
  entry: SpendEntry;
  money: (amount: string) => string;
  exact: (amount: string) => string;
}) {
  const t = useT();
  const reported = differs(entry.charge, entry.reported) ? entry.reported : null;
  const observed = differs(entry.charge, entry.observed) ? entry.observed : null;
  const shown = reported !== null || observed !== null ? exact : money;
  return (
    <td>
      {entry.charge === null ? t('spending.view.notPriced') : shown(entry.charge)}
      {reported !== null && (
        <span className="spending-differs">
          {t('spending.view.reported', { amount: shown(reported) })}
        </span>
      )}
      {observed !== null && (
        <span className="spending-differs">
          {t('spending.view.observed', { amount: shown(observed) })}
        </span>
      )}
    </td>
  );
}

function RecentCalls({ entries }: { entries: SpendEntry[] }) {
  const t = useT();
  const language = useLanguage();
  const money = (amount: string) => moneyWords(amount, language);
  // Figures that differ are shown whole: rounded for showing, two near amounts would read the same.
  const exact = (amount: string) =>
    `${creditsForInput(amount, localeOf(language))} ${creditsNoun(amount, language)}`;
  const time = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <section aria-label={t('spending.view.entries')}>
      <h3>{t('spending.view.entries')}</h3>
      <table className="spending-entries">
        <thead>
          <tr>
            <th scope="col">{t('spending.view.when')}</th>
            <th scope="col">{t('spending.view.feature')}</th>
            <th scope="col">{t('spending.view.model')}</th>
            <th scope="col">{t('spending.view.charge')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{time.format(entry.at)}</td>
              <td>{featureName(t, entry.feature)}</td>
              <td className="spending-model">{entry.model}</td>
              <CallCharge entry={entry} money={money} exact={exact} />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
