// What one bench run measured, as the report is written from it: the machine, the setup, each figure.
import type { FirstScreenRuns } from './first-screen';
import type { OpenConversationResult } from './open-conversation';
import type { StreamingResult } from './streaming';

export interface StreamSetup {
  historyMessages: number;
  tokens: number;
  tokensPerChunk: number;
  chunks: number;
  chunkIntervalMs: number;
  answerChars: number;
  /** What the answer's source holds, to check both renderers showed all of it. */
  expected: { codeBlocks: number; tables: number; headings: number; displayMath: number };
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
  date: string;
}

export interface BenchFigures {
  machine: Machine;
  setup: StreamSetup;
  /** plainText: the app as shipped with every markdown block shown as its source (work passes). */
  streaming: {
    real: StreamingResult;
    naive: StreamingResult;
    plainText: StreamingResult['work'];
    /** Work passes of the plain-text build, the bare page and the real build, interleaved. */
    cost: Record<'plain' | 'bare' | 'real', StreamingResult['work']>;
  };
  open: OpenConversationResult;
  firstScreen: FirstScreenRuns;
  durationS: number;
}
