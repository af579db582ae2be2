// The semantic index's vector file: encoded, decoded, refused when damaged; cosine similarity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cosine,
  decodeVectorFile,
  encodeVectorFile,
} from '../../../../../electron/core/features/search/vector-file';

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

  /** The file's frame (magic, header length) around a header of any text, then `body` bytes. */
  const framed = (header: string, body = 0): Buffer => {
    const json = Buffer.from(header);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(json.length, 0);
    return Buffer.concat([Buffer.from('ATVEC1\n', 'latin1'), length, json, Buffer.alloc(body)]);
  };

  it('answers null, and never throws, for a header of the wrong shape', () => {
    for (const [header, body] of [
      ['null', 0],
      ['7', 0],
      ['[]', 0],
      ['{"model":"m","dims":1,"items":[null]}', 4],
      ['{"model":"m","dims":1,"items":[7]}', 4],
    ] as const) {
      expect(decodeVectorFile(framed(header, body))).toBeNull();
    }
  });

  it('never throws on any bytes, framed or not', () => {
    const params = {
      seed: Number(process.env.FC_SEED ?? 37),
      numRuns: Number(process.env.FC_RUNS ?? 200),
    };
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.json(),
        fc.nat(64),
        (bytes, header, body) => {
          expect(() => decodeVectorFile(Buffer.from(bytes))).not.toThrow();
          expect(() => decodeVectorFile(framed(header, body))).not.toThrow();
        },
      ),
      params,
    );
  });

  it('scores by cosine similarity', () => {
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([2, 0]))).toBeCloseTo(1);
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([0, 1]))).toBe(0);
    expect(cosine(Float32Array.from([0, 0]), Float32Array.from([0, 1]))).toBe(0);
  });
});
