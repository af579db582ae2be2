// Spending by day as a plain SVG bar chart (background spending stacked apart), with every bar's figures in words for screen readers.
import { compareCredits, parseDecimal } from '../../../shared/prices';
import type { SpendSummary } from '../../../shared/spending';
import { moneyWords } from '../i18n/money';
import { localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';

const WIDTH = 600;
const HEIGHT = 120;

/**
 * A bar's height as a share of the tallest: the one place a float meets money, for drawing only
 * (every figure shown in words stays exact).
 */
function share(amount: string, max: string): number {
  const a = parseDecimal(amount);
  const m = parseDecimal(max);
  if (!a || !m || m.digits === BigInt(0)) return 0;
  return Number(a.digits) / 10 ** a.scale / (Number(m.digits) / 10 ** m.scale);
}

export function DayChart({ days }: { days: SpendSummary['byDay'] }) {
  const t = useT();
  const language = useLanguage();
  const max = days.reduce(
    (top, day) => (compareCredits(day.total, top) > 0 ? day.total : top),
    '0',
  );
  const dayName = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short' });
  const nameOf = (day: string) => dayName.format(new Date(`${day}T12:00:00`));
  const step = days.length > 0 ? WIDTH / days.length : WIDTH;
  const plot = HEIGHT - 1;
  return (
    <figure className="day-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('spending.view.chart', { days: days.length })}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="day-chart-axis" />
        {days.map((day, i) => {
          const total = share(day.total, max) * plot;
          const back = share(day.background, max) * plot;
          const x = i * step + step * 0.15;
          const w = step * 0.7;
          return (
            <g key={day.day}>
              <title>
                {t('spending.view.bar', {
                  day: nameOf(day.day),
                  total: moneyWords(day.total, language),
                  background: moneyWords(day.background, language),
                })}
              </title>
              <rect x={x} y={plot - total} width={w} height={total - back} className="day-bar" />
              <rect x={x} y={plot - back} width={w} height={back} className="day-bar-background" />
            </g>
          );
        })}
      </svg>
      {days.length > 0 && (
        <figcaption className="day-chart-labels" aria-hidden="true">
          <span>{nameOf(days[0]!.day)}</span>
          <span>{nameOf(days[days.length - 1]!.day)}</span>
        </figcaption>
      )}
      <table className="visually-hidden">
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{nameOf(day.day)}</th>
              <td>{moneyWords(day.total, language)}</td>
              <td>{moneyWords(day.background, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
