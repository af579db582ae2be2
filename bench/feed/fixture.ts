// What the streaming bench hands its in-page stand-in for core: the conversation and the answer's chunks.
import type { ChatMessage, Conversation } from '../../shared/types';

export const FIXTURE_PATH = '/bench-fixture.json';
export const FEED_SCRIPT_PATH = '/bench-feed.js';

export interface StreamFixture {
  model: string;
  /** The conversation as core would answer conversations.get before the turn. */
  conversation: Conversation;
  /** The user's turn, appended (with the answer) as core does when chat.send starts. */
  question: ChatMessage;
  answerId: string;
  chunks: string[];
  chunkIntervalMs: number;
  tokens: number;
}

/** What the stand-in reports when the stream and its aftermath are over. */
export interface StreamOutcome {
  chunksSent: number;
  /** Delta events sent: core merges the chunks that arrive within CHAT_DELTA_INTERVAL_MS. */
  deltasSent: number;
  /** Deltas delivered to the page's chat.event listeners (the renderer subscribes once). */
  deltaEvents: number;
  answerLength: number;
  /** Batches of DOM changes inside the streaming answer (instrumented passes only). */
  answerUpdates: number;
  streamMs: number;
  /** requestAnimationFrame callbacks from the first delta to the 'done' event. */
  frames: number;
  /** Gaps between consecutive frames longer than 50 ms (a visible stall). */
  longFrameGaps: number;
  longestFrameGapMs: number;
  /** Whether the Message box had focus as the stream began (its caret blinks through it). */
  messageBoxFocused: boolean;
}

/** From the Long Tasks API (tasks over 50 ms), first delta until the bench ends the window. */
export interface LongTaskTally {
  longTasks: number;
  longestTaskMs: number;
}
