// Reads DOCX files: the ZIP central directory, word/document.xml (inflateRaw), its paragraphs.
import { inflateRawSync } from 'node:zlib';
import { CorruptDocument } from './pdf';

function zipEntry(zip: Buffer, wanted: string): Buffer | null {
  const min = Math.max(0, zip.length - 65_557);
  let eocd = -1;
  for (let i = zip.length - 22; i >= min; i -= 1)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new CorruptDocument('no ZIP directory');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50)
      throw new CorruptDocument('broken ZIP directory');
    const method = zip.readUInt16LE(offset + 10);
    const size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (name !== wanted) continue;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new CorruptDocument('broken ZIP entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    try {
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
    } catch {
      throw new CorruptDocument(`${name} does not inflate`);
    }
    throw new CorruptDocument(`${name} uses an unknown ZIP method ${method}`);
  }
  return null;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return named[entity.toLowerCase()] ?? '';
  });
}

export interface DocxText {
  text: string;
  pageCount: number;
}

export function readDocx(docx: Buffer): DocxText {
  if (docx.length < 30 || docx.readUInt32LE(0) !== 0x04034b50)
    throw new CorruptDocument('not a ZIP file');
  const xml = zipEntry(docx, 'word/document.xml');
  if (!xml) throw new CorruptDocument('no word/document.xml: not a Word document');
  const body = xml.toString('utf8');
  let text = '';
  let pageBreaks = 0;
  const token = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\b([^>]*)\/>|<w:cr\/>|<\/w:p>/g;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    const tag = match[0];
    if (match[1] !== undefined) text += decodeEntities(match[1]);
    else if (tag === '<w:tab/>') text += '\t';
    else if (tag === '</w:p>') text += '\n';
    else {
      if (/w:type="page"/.test(match[2] ?? '')) pageBreaks += 1;
      text += '\n';
    }
  }
  const app = zipEntry(docx, 'docProps/app.xml')?.toString('utf8');
  const pages = Number(/<Pages>(\d+)<\/Pages>/.exec(app ?? '')?.[1] ?? NaN);
  return {
    text: text.replace(/\n{3,}/g, '\n\n').trim(),
    pageCount: Number.isFinite(pages) ? pages : pageBreaks + 1,
  };
}
