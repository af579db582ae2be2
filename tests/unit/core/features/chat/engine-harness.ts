// What the chat engine's tests share: a fake service client driven by hand, a library in a fresh folder, the engine and the events it sends.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ChatEvent, ChatMessage, Conversation } from '../../../../../shared/types';
import {
  type ChatEngine,
  createChatEngine,
} from '../../../../../electron/core/features/chat/engine';
import type { ChatEngineOptions } from '../../../../../electron/core/features/chat/engine-options';
import { flushAtomicWrites } from '../../../../../electron/core/library/atomic-write';
import {
  type ConversationLibrary,
  openConversationLibrary,
} from '../../../../../electron/core/library/conversations';
import type {
  ChatRequest,
  ChatResult,
  ChatStreamOptions,
  ServiceClient,
} from '../../../../../electron/core/service/types';

/** One chatStream call the test drives by hand. */
export interface FakeCall {
  request: ChatRequest;
  options: ChatStreamOptions;
  push(content: string, reasoning?: string): void;
  finish(result?: Partial<ChatResult>): void;
  fail(error: unknown): void;
}

function fakeClient() {
  const calls: FakeCall[] = [];
  const client: Pick<ServiceClient, 'chatStream'> = {
    chatStream(request, options = {}) {
      return new Promise<ChatResult>((resolve, reject) => {
        let content = '';
        let reasoning = '';
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
        calls.push({
          request: structuredClone(request),
          options,
          push(c, r = '') {
            content += c;
            reasoning += r;
            options.onDelta?.(c, r);
          },
          finish(result = {}) {
            resolve({ content, reasoning, finishReason: 'stop', usage: null, ...result });
          },
          fail: reject,
        });
      });
    },
  };
  return { client, calls };
}

let dir: string;
export let library: ConversationLibrary;
export let events: ChatEvent[];
export let calls: FakeCall[];
export let engine: ChatEngine;
let contextLength: number | null;
export let paidCalls: number;

/** What a test may set of the engine's options beside the fake client and the library. */
type EngineExtra = Pick<ChatEngineOptions, 'saveIntervalMs' | 'deltaIntervalMs' | 'priceOf'>;

function makeEngine(extra: EngineExtra = {}): ChatEngine {
  const fake = fakeClient();
  calls = fake.calls;
  return createChatEngine({
    library,
    client: fake.client,
    contextLengthOf: () => contextLength,
    emit: (e) => events.push(e),
    onPaidCall: () => paidCalls++,
    ...extra,
  });
}

/** The context length the engine is told for every model from now on (null: unknown). */
export function setContextLength(tokens: number | null): void {
  contextLength = tokens;
}

/** Disposes of the engine and makes another with these settings. */
export async function replaceEngine(extra: EngineExtra): Promise<void> {
  await engine.dispose();
  engine = makeEngine(extra);
}

/** A fresh library, engine and fake client for each test of the calling file, disposed of after it. */
export function useChatEngine(): void {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-chat-'));
    library = await openConversationLibrary(dir, { indexDelayMs: 5 });
    events = [];
    contextLength = 128_000;
    paidCalls = 0;
    engine = makeEngine();
  });

  afterEach(async () => {
    await engine.dispose();
    await library.flush();
    await flushAtomicWrites();
    await rm(dir, { recursive: true, force: true });
  });
}

export const last = <T>(xs: readonly T[]): T => xs[xs.length - 1]!;
export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function onDisk(id: string): Promise<Conversation> {
  await library.flush();
  return JSON.parse(
    await readFile(join(dir, 'conversations', `${id}.json`), 'utf8'),
  ) as Conversation;
}

/** Sends and answers one turn. */
export async function turn(conversationId: string, text: string, answer: string): Promise<void> {
  await engine.sendTurn({ conversationId, text });
  last(calls).push(answer);
  last(calls).finish();
  await engine.settled(conversationId);
}

export function answered(
  message: Partial<ChatMessage>,
  role: ChatMessage['role'] = 'assistant',
): ChatMessage {
  return {
    id: `m-${Math.random().toString(36).slice(2)}`,
    role,
    content: '',
    createdAt: new Date().toISOString(),
    status: 'done',
    ...message,
  };
}
