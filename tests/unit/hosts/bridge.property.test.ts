// Random frames through the web host's WebSocket bridge (binary and text, well-formed and not) never kill the host: it goes on answering, on this socket or a new one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BINARY_HEADER_BYTES } from '../../../dev/bridge-protocol';
import { LOST, openBridge, type BridgeSession } from '../../soak/bridge';
import { startHostProcess, type HostProcess } from '../../soak/host-process';
import { anyValue } from '../core/schema-arbitrary';

const SEED = Number(process.env.FC_SEED ?? 3737);
const RUNS = Number(process.env.FC_RUNS ?? 300);

/**
 * Calls a fuzzed frame may name. Not those that reach the network or run programs: a fuzzed
 * address must not be fetched (this host refuses MCP command lines, but nothing here relies on it).
 */
const SAFE_CALLS = [
  'settings.get',
  'conversations.list',
  'conversations.get',
  'conversations.create',
  'folders.list',
  'folders.create',
  'files.begin',
  'files.chunk',
  'files.finish',
  'files.cancel',
  'media.list',
  'transfer.readOut',
  'chat.stop',
];

const uint32 = (n: number): Uint8Array => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n);
  return bytes;
};
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** JSON where the value has one (no BigInt, no cycle), else its text as fast-check prints it. */
function jsonOrText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return fc.stringify(value);
  }
}

/** A call as a page would shape it, with any id, a channel of the list or any name, any input. */
const callLike = fc.record({
  id: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 8 }), fc.constant(null)),
  channel: fc.oneof(fc.constantFrom(...SAFE_CALLS), fc.string({ maxLength: 20 })),
  input: fc.oneof(
    anyValue,
    fc.record({ uploadId: fc.string({ maxLength: 40 }), offset: fc.integer() }),
  ),
});

const frame: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  // Bytes that mean nothing.
  fc.uint8Array({ maxLength: 2048 }),
  // A binary call: a header of the right length holding any JSON, then bytes.
  fc.tuple(callLike, fc.uint8Array({ maxLength: 1024 })).map(([call, bytes]) => {
    const header = utf8(jsonOrText(call));
    return concat(uint32(header.length), header, bytes);
  }),
  // A header length that lies (past the end, over the cap, zero), or a header that is not UTF-8.
  fc
    .tuple(
      fc.oneof(
        fc.nat({ max: 64 }),
        fc.nat({ max: MAX_BINARY_HEADER_BYTES + 64 }),
        fc.nat(),
        fc.constantFrom(0, MAX_BINARY_HEADER_BYTES, MAX_BINARY_HEADER_BYTES + 1, 0xffffffff),
      ),
      fc.uint8Array({ maxLength: 512 }),
    )
    .map(([length, rest]) => concat(uint32(length), rest)),
  // Text: a call, any JSON, or text that is not JSON.
  callLike.map(jsonOrText),
  anyValue.map(jsonOrText),
  fc.string({ maxLength: 200 }),
);

let dir: string;
let host: HostProcess;
let bridge: BridgeSession;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-bridge-fuzz-'));
  host = await startHostProcess(dir);
  bridge = await openBridge(host.url);
}, 60_000);

afterAll(async () => {
  bridge?.close();
  await host?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The host still answers: on the socket the frames went through, or on a new one if it closed that. */
async function stillAnswers(): Promise<boolean> {
  if (!bridge.isOpen()) bridge = await openBridge(host.url, bridge.session);
  const answer = await bridge.call('settings.get', {});
  return answer !== LOST && answer.ok;
}

describe('the web host bridge, fuzzed', () => {
  it(`survives random frames and keeps answering (${RUNS} runs, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
        for (const f of frames) bridge.sendRaw(f);
        expect(await stillAnswers(), host.stderr()).toBe(true);
      }),
      // A dead host fails every later run: the first failing frames are the ones to show.
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // And with an upload open, so binary chunks can reach the file store.
    const begun = await bridge.call<{ uploadId: string }>('files.begin', {
      name: 'fuzz.bin',
      mime: 'application/octet-stream',
      size: 4096,
    });
    expect(begun !== LOST && begun.ok).toBe(true);
    const uploadId = begun !== LOST && begun.ok ? begun.data.uploadId : '';
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            offset: fc.oneof(fc.nat({ max: 5000 }), fc.integer()),
            bytes: fc.uint8Array({ maxLength: 300 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (chunks) => {
          for (const { offset, bytes } of chunks) {
            const header = utf8(
              JSON.stringify({ id: 1, channel: 'files.chunk', input: { uploadId, offset } }),
            );
            bridge.sendRaw(concat(uint32(header.length), header, bytes));
          }
          expect(await stillAnswers(), host.stderr()).toBe(true);
        },
      ),
      { seed: SEED + 1, numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    );
  }, 120_000);
});
