// Unit tests of the bench report's goal for the app's own cost per streamed update (bench/report.ts).
import { describe, expect, it } from 'vitest';
import { costGoal, type BenchFigures } from '../../../bench/report';

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
