// One source's vectors on disk: a small JSON header (model, ids, hashes, snippets) then packed little-endian float32s.

export interface StoredVectorItem {
  /** The message id, or a document chunk's id. */
  id: string;
  /** Hash of the embedded text: a changed text is embedded again. */
  hash: string;
  /** A short excerpt to show as the hit. */
  snippet: string;
  vector: Float32Array;
}

export interface VectorFile {
  model: string;
  dims: number;
  /** What the vectors belong to, for showing hits: a conversation's or a document's title. */
  title: string;
  items: StoredVectorItem[];
}

const MAGIC = Buffer.from('ATVEC1\n', 'latin1');

export function encodeVectorFile(file: VectorFile): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      model: file.model,
      dims: file.dims,
      title: file.title,
      items: file.items.map(({ id, hash, snippet }) => ({ id, hash, snippet })),
    }),
    'utf8',
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  const body = Buffer.alloc(file.items.length * file.dims * 4);
  file.items.forEach((item, i) => {
    if (item.vector.length !== file.dims) throw new Error('vector length differs from dims');
    for (let d = 0; d < file.dims; d++) body.writeFloatLE(item.vector[d]!, (i * file.dims + d) * 4);
  });
  return Buffer.concat([MAGIC, length, header, body]);
}

/** The file's contents, or null when it is not a whole vector file (then it is set aside and made again); never throws. */
export function decodeVectorFile(bytes: Buffer): VectorFile | null {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    return null;
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const headerStart = MAGIC.length + 4;
  const bodyStart = headerStart + headerLength;
  if (bodyStart > bytes.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(headerStart, bodyStart).toString('utf8'));
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null) return null;
  const { model, dims, title, items } = header as Record<string, unknown>;
  if (typeof model !== 'string' || typeof dims !== 'number' || !Number.isInteger(dims) || dims < 1)
    return null;
  if (!Array.isArray(items)) return null;
  if (bytes.length - bodyStart !== items.length * dims * 4) return null;
  const out: StoredVectorItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const meta = items[i] as { id?: unknown; hash?: unknown; snippet?: unknown } | null;
    if (typeof meta?.id !== 'string' || typeof meta.hash !== 'string') return null;
    const vector = new Float32Array(dims);
    for (let d = 0; d < dims; d++) vector[d] = bytes.readFloatLE(bodyStart + (i * dims + d) * 4);
    out.push({
      id: meta.id,
      hash: meta.hash,
      snippet: typeof meta.snippet === 'string' ? meta.snippet : '',
      vector,
    });
  }
  return { model, dims, title: typeof title === 'string' ? title : '', items: out };
}

/** Cosine similarity; the service's vectors are normalised, but a stray one must not score above 1. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
