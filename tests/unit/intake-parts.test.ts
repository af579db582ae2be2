// The pure parts of attachments, documents, decisions and semantic search: file checks, vector files, answers, WAV.
import { describe, expect, it } from 'vitest';
import { claimedKind, sniffedKind } from '../../shared/attachments';
import type { ChatMessage } from '../../shared/types';
import { planContext } from '../../electron/core/features/chat/engine';
import {
  checkedPageImage,
  readOutcome,
  toServiceQuestion,
} from '../../electron/core/features/documents/feature';
import { checkUploadedFile } from '../../electron/core/library/file-checks';
import { ServiceError } from '../../electron/core/service/errors';
import { chunkText, estimateCost } from '../../electron/core/features/search/semantic-index';
import {
  cosine,
  decodeVectorFile,
  encodeVectorFile,
} from '../../electron/core/features/search/vector-file';
import { encodeWav } from '../../renderer/src/chat/attachments/wav';
import { makePng } from '../e2e/files';

const limits = () => 1000;

function refusalOf(run: () => unknown): ServiceError {
  try {
    run();
  } catch (e) {
    if (e instanceof ServiceError) return e;
  }
  throw new Error('expected a refusal');
}

describe('checkUploadedFile', () => {
  const file = (name: string, sniffedMime: string | null, size = 10, mime = '') => ({
    name,
    mime,
    size,
    sniffedMime,
  });

  it('answers the kind the bytes are when the name agrees', () => {
    expect(checkUploadedFile(file('a.png', 'image/png'), limits, ['image'])).toBe('image');
    expect(checkUploadedFile(file('scan.PDF', 'application/pdf'), limits, ['document'])).toBe(
      'document',
    );
    // A name without an extension is judged by its bytes.
    expect(checkUploadedFile(file('recording', 'audio/wav'), limits, ['audio'])).toBe('audio');
  });

  it('refuses a file whose bytes are not what its name says, naming the type', () => {
    const error = refusalOf(() =>
      checkUploadedFile(file('report.pdf', 'image/png'), limits, ['document', 'image']),
    );
    expect(error.error.message).toBe('"report.pdf" is not a PDF file, although its name says so.');
    expect(error.error.details).toMatchObject({ reason: 'wrong_type', expected: 'PDF' });
  });

  it('refuses empty files, unknown bytes, kinds not taken here and files over the limit', () => {
    expect(
      refusalOf(() => checkUploadedFile(file('a.png', 'image/png', 0), limits, ['image'])).error
        .details,
    ).toMatchObject({ reason: 'empty' });
    expect(
      refusalOf(() => checkUploadedFile(file('notes', null), limits, ['image'])).error.details,
    ).toMatchObject({ reason: 'unsupported' });
    expect(
      refusalOf(() => checkUploadedFile(file('a.png', 'image/png'), limits, ['document'])).error
        .details,
    ).toMatchObject({ reason: 'unsupported' });
    const big = refusalOf(() =>
      checkUploadedFile(file('a.png', 'image/png', 5 * 1024 * 1024), () => 1024 * 1024, ['image']),
    );
    expect(big.error.message).toBe('"a.png" is 5.0 MB, over the limit of 1.0 MB.');
    expect(big.error.details).toMatchObject({ reason: 'too_large', size: 5 * 1024 * 1024 });
  });

  it('counts a browser recording that sniffs as WebM video as audio', () => {
    expect(sniffedKind('video/webm')).toBe('audio');
    expect(claimedKind('voice.webm', 'audio/webm')).toBe('audio');
    expect(claimedKind('x.docx', '')).toBe('document');
    expect(claimedKind('x.txt', 'text/plain')).toBeNull();
  });
});

describe('vector files', () => {
  const file = {
    model: 'emb-openai/text-embedding-3-small',
    dims: 3,
    title: 'Foxes',
    items: [
      { id: 'm1', hash: 'h1', snippet: 'a fox', vector: Float32Array.from([1, 0, 0]) },
      { id: 'm2', hash: 'h2', snippet: 'a dog', vector: Float32Array.from([0, 0.6, 0.8]) },
    ],
  };

  it('round-trips model, ids, snippets and vectors', () => {
    const decoded = decodeVectorFile(encodeVectorFile(file));
    expect(decoded).toMatchObject({ model: file.model, dims: 3, title: 'Foxes' });
    expect(decoded!.items.map((i) => [i.id, i.hash, i.snippet])).toEqual([
      ['m1', 'h1', 'a fox'],
      ['m2', 'h2', 'a dog'],
    ]);
    expect(Array.from(decoded!.items[1]!.vector)).toEqual([
      0, 0.6000000238418579, 0.800000011920929,
    ]);
  });

  it('answers null for a cut or foreign file, so it is rebuilt', () => {
    const bytes = encodeVectorFile(file);
    expect(decodeVectorFile(bytes.subarray(0, bytes.length - 4))).toBeNull();
    expect(decodeVectorFile(Buffer.from('{"not":"vectors"}'))).toBeNull();
  });

  it('scores by cosine similarity', () => {
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([2, 0]))).toBeCloseTo(1);
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([0, 1]))).toBe(0);
    expect(cosine(Float32Array.from([0, 0]), Float32Array.from([0, 1]))).toBe(0);
  });
});

describe('semantic helpers', () => {
  it('chunks long documents at paragraph breaks', () => {
    const paragraph = 'word '.repeat(100).trim();
    const chunks = chunkText(Array.from({ length: 10 }, () => paragraph).join('\n\n'));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((c) => c.length <= 3000)).toBe(true);
    expect(chunkText('   \n\n  ')).toEqual([]);
  });

  it('estimates the cost from the per-token price', () => {
    expect(estimateCost(1000, '0.00000002')).toBe('0.00002');
    expect(estimateCost(10, '0.00000002')).toBe('0.000001');
    expect(estimateCost(10, null)).toBeNull();
    expect(estimateCost(0, '0.1')).toBe('0');
  });
});

describe('decisions', () => {
  it('builds the service shape of each question type', () => {
    expect(
      toServiceQuestion({ type: 'noul', instructions: 'Signed?', options: [] }).criteria,
    ).toEqual({ true: 'Yes', false: 'No' });
    expect(
      toServiceQuestion({
        type: 'choice',
        instructions: 'Kind?',
        options: [
          { label: 'invoice', description: 'a bill' },
          { label: 'letter', description: '' },
        ],
      }).criteria,
    ).toEqual({ invoice: 'a bill', letter: 'letter' });
    expect(
      toServiceQuestion({
        type: 'score',
        instructions: 'Tone?',
        options: [
          { label: 'low', description: '' },
          { label: ' high ', description: '' },
        ],
      }).criteria,
    ).toEqual(['low', 'high']);
    expect(() =>
      toServiceQuestion({
        type: 'score',
        instructions: 'Tone?',
        options: [{ label: 'only', description: '' }],
      }),
    ).toThrow(ServiceError);
  });

  it('reads answers into bars and refuses unreadable ones', () => {
    const noul = readOutcome(
      { type: 'noul', instructions: 'q', options: [] },
      {
        type: 'noul',
        noul: 0.8,
      },
    );
    expect(noul.probabilities.true).toBe(0.8);
    expect(noul.probabilities.false).toBeCloseTo(0.2);
    const score = readOutcome(
      { type: 'score', instructions: 'q', options: [] },
      {
        type: 'score',
        score: '0.25',
        probabilities: { low: 0.75, high: 0.25 },
        legend: { low: 0, high: 1 },
        confidence: 0.75,
      },
    );
    expect(score).toMatchObject({ value: 0.25, legend: { low: 0, high: 1 }, confidence: 0.75 });
    expect(() =>
      readOutcome(
        { type: 'noul', instructions: 'q', options: [] },
        {
          type: 'noul',
          noul: 7,
        },
      ),
    ).toThrow(ServiceError);
    expect(() =>
      readOutcome({ type: 'choice', instructions: 'q', options: [] }, undefined),
    ).toThrow(ServiceError);
  });
});

describe('page images', () => {
  it('keeps real pictures and drops invalid base64 or non-images', () => {
    const png = makePng(4, 4).toString('base64');
    expect(checkedPageImage(`data:image/png;base64,${png}`)).toBe(`data:image/png;base64,${png}`);
    expect(checkedPageImage(png)).toBe(`data:image/png;base64,${png}`);
    expect(checkedPageImage('data:image/png;base64,@@not*base64@@')).toBeNull();
    expect(checkedPageImage(Buffer.from('just text').toString('base64'))).toBeNull();
    expect(checkedPageImage('')).toBeNull();
  });
});

describe('context with attachments', () => {
  it('counts attachment tokens against the context', () => {
    const message = (tokens: number): ChatMessage => ({
      id: 'u1',
      role: 'user',
      content: 'Read it',
      createdAt: '',
      status: 'done',
      attachments: [
        {
          kind: 'document',
          documentId: 'd',
          name: 'a.pdf',
          mime: 'application/pdf',
          size: 1,
          tokens,
        },
      ],
    });
    const conversation = { systemPrompt: '', contextStart: 0, maxTokens: 100 };
    expect(planContext(conversation, [message(500)], 1000, false).maxTokens).toBe(100);
    expect(() => planContext(conversation, [message(950)], 1000, false)).toThrow(ServiceError);
  });
});

describe('encodeWav', () => {
  it('writes a 16-bit PCM WAV header and clamps samples', async () => {
    const blob = encodeWav([Float32Array.from([0, 1, -1, 2])], 8000);
    const bytes = Buffer.from(await blob.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WAVE');
    expect(bytes.readUInt32LE(24)).toBe(8000);
    expect(bytes.readUInt16LE(34)).toBe(16);
    expect(bytes.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => bytes.readInt16LE(44 + i * 2))).toEqual([
      0, 32767, -32768, 32767,
    ]);
    expect(blob.type).toBe('audio/wav');
  });
});
