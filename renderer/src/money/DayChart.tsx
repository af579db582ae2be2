// Spending by day as a bar chart drawn by uPlot (background spending over the foot of each bar), with a credits scale, and every day's figures in words for screen readers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SpendSummary } from '../../../shared/spending';
import { moneyFigure, moneyWords } from '../i18n/money';
import { countWords } from '../i18n/counts';
import { localeOf } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';

const HEIGHT = 160;
const HALF_DAY_S = 12 * 60 * 60;

/** A day (YYYY-MM-DD) as uPlot's x: seconds at local noon, so no clock change moves it a day. */
function secondsOf(day: string): number {
  return new Date(`${day}T12:00:00`).getTime() / 1000;
}

/** The page's colour for a CSS variable, as the canvas needs it (it reads no CSS). */
function cssColour(element: Element, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || 'currentColor';
}

export function DayChart({ days }: { days: SpendSummary['byDay'] }) {
  const t = useT();
  const language = useLanguage();
  const holder = useRef<HTMLDivElement>(null);
  const dayName = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short' });
  const nameOf = (day: string) => dayName.format(new Date(`${day}T12:00:00`));

  useEffect(() => {
    const element = holder.current;
    if (!element || days.length === 0) return;
    const accent = cssColour(element, '--accent');
    const muted = cssColour(element, '--text-muted');
    const grid = cssColour(element, '--border');
    const bars = uPlot.paths.bars!({ size: [0.7, 48], align: 0 });
    // Floats only for drawing: every figure a person reads comes from the exact decimals.
    const xs = days.map((d) => secondsOf(d.day));
    const data: uPlot.AlignedData = [
      xs,
      days.map((d) => Number(d.total)),
      days.map((d) => Number(d.background)),
    ];
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { show: false } };
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          // Half a day beyond the first and the last, so their bars are drawn whole.
          x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max : 1] },
        },
        axes: [
          {
            ...axis,
            // A label under a bar (noon), not at a midnight between two; every k-th day, with
            // room for "29 нояб." as well as "Nov 29".
            splits: (u) => {
              const every = Math.max(1, Math.ceil(days.length / Math.max(1, u.width / 72)));
              return xs.filter((_x, i) => (days.length - 1 - i) % every === 0);
            },
            values: (_u, splits) => splits.map((s) => dayName.format(new Date(s * 1000))),
          },
          {
            ...axis,
            size: 64,
            values: (_u, splits) => splits.map((s) => moneyFigure(String(s), language)),
          },
        ],
        series: [
          {},
          {
            label: t('spending.view.chartAll'),
            fill: accent,
            stroke: accent,
            paths: bars,
            points: { show: false },
          },
          {
            label: t('spending.view.chartBackground'),
            fill: muted,
            stroke: muted,
            paths: bars,
            points: { show: false },
          },
        ],
      },
      data,
      element,
    );
    const resized = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: HEIGHT }),
    );
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
    // The day names follow the language; nameOf is rebuilt from it each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, language, t]);

  return (
    <figure className="day-chart">
      <div
        ref={holder}
        className="day-chart-plot"
        role="img"
        aria-label={t('spending.view.chart', {
          days: countWords(language, 'units.days', days.length),
        })}
      />
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
