// Unit tests of the bench report's goal for the app's own cost per streamed update (bench/report-streaming.ts).
import { describe, expect, it } from 'vitest';
import type { BenchFigures } from '../../../bench/report-figures';
import { costGoal, costTable } from '../../../bench/report-streaming';

type Work = BenchFigures['streaming']['plainText'];

function work(task: number): Work {
  return {
    outcome: {
      chunksSent: 2000,
      deltasSent: 240,
      deltaEvents: 240,
      answerLength: 1000,
      answerUpdates: 0,
      streamMs: 20_000,
      frames: 0,
      longFrameGaps: 0,
      longestFrameGapMs: 0,
      messageBoxFocused: true,
    },
    metrics: { task, script: 0, layout: 0, recalcStyle: 0, threadCpu: 0, processCpu: 0 },
    windowMs: 22_000,
    cpu: { busy: 0.5, others: 0.1 },
    runsMs: [task],
  };
}

function figures(plain: number, bare: number, real: number): Pick<BenchFigures, 'streaming'> {
  const cost = { plain: work(plain), bare: work(bare), real: work(real) };
  return { streaming: { cost, plainText: cost.plain } as BenchFigures['streaming'] };
}

describe('costGoal', () => {
  it('is met when the plain-text build costs at most 1.5x the bare page', () => {
    const line = costGoal(figures(1500, 1000, 3000));
    expect(line).toContain(': met (');
    expect(line).toContain('1.50x');
    expect(line).toContain('3.00x');
  });

  it('is not met above 1.5x, and says by how much', () => {
    const line = costGoal(figures(1800, 1000, 4000));
    expect(line).toContain('**not met**');
    expect(line).toContain('1800 ms');
    expect(line).toContain('1.80x');
  });
});

describe('costTable', () => {
  it('shows the plain-text build, the bare page and the real renderer side by side, with the ratio', () => {
    const setup = { chunks: 2000 } as BenchFigures['setup'];
    const rows = costTable({ ...figures(1500, 1000, 3000), setup });
    expect(rows).toContain(
      '| Work pass, interleaved | Plain-text blocks | Bare page | Real renderer |',
    );
    expect(rows).toContain('| Against the bare page | 1.50x | 1.00x | 3.00x |');
    expect(rows.find((row) => row.startsWith('| Total main-thread work'))).toContain(
      '| 1500 ms | 1000 ms | 3000 ms |',
    );
  });
});
