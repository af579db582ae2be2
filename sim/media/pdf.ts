// Reads simple PDFs: objects (also inside object streams), the page tree, and page text.
import { inflateSync } from 'node:zlib';

export class CorruptDocument extends Error {}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

export interface PdfPage {
  text: string;
  /** One per image the page draws (the `Do` operator). */
  imageCount: number;
  width: number;
  height: number;
}

function decodeStream(dict: string, raw: Buffer): Buffer | null {
  const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1] ?? '';
  if (filters === '') return raw;
  const names = filters.match(/\/\w+/g) ?? [];
  if (names.length !== 1 || names[0] !== '/FlateDecode') return null;
  try {
    return inflateSync(raw);
  } catch {
    throw new CorruptDocument('a FlateDecode stream does not inflate');
  }
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+)\s+\d+\s+obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const endObj = text.indexOf('endobj', start);
    const streamAt = text.indexOf('stream', start);
    let dict: string;
    let stream: Buffer | null = null;
    if (streamAt >= 0 && (endObj < 0 || streamAt < endObj)) {
      dict = text.slice(start, streamAt);
      let dataStart = streamAt + 'stream'.length;
      if (text[dataStart] === '\r') dataStart += 1;
      if (text[dataStart] === '\n') dataStart += 1;
      const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1] ?? NaN);
      let dataEnd =
        Number.isFinite(length) && text.startsWith('endstream', skipEol(text, dataStart + length))
          ? dataStart + length
          : text.indexOf('endstream', dataStart);
      if (dataEnd < 0) throw new CorruptDocument('a stream has no end');
      if (!Number.isFinite(length))
        while (dataEnd > dataStart && (text[dataEnd - 1] === '\n' || text[dataEnd - 1] === '\r'))
          dataEnd -= 1;
      stream = pdf.subarray(dataStart, dataEnd);
      header.lastIndex = dataEnd;
    } else {
      if (endObj < 0) throw new CorruptDocument('an object has no end');
      dict = text.slice(start, endObj);
      header.lastIndex = endObj;
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  for (const object of [...objects.values()]) {
    if (!object.stream || !/\/Type\s*\/ObjStm/.test(object.dict)) continue;
    const decoded = decodeStream(object.dict, object.stream);
    if (!decoded) continue;
    const count = Number(/\/N\s+(\d+)/.exec(object.dict)?.[1] ?? 0);
    const first = Number(/\/First\s+(\d+)/.exec(object.dict)?.[1] ?? 0);
    const body = decoded.toString('latin1');
    const pairs = body.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i < count; i += 1) {
      const number = pairs[2 * i] ?? -1;
      const offset = first + (pairs[2 * i + 1] ?? 0);
      const next = i + 1 < count ? first + (pairs[2 * i + 3] ?? 0) : body.length;
      if (!objects.has(number))
        objects.set(number, { dict: body.slice(offset, next), stream: null });
    }
  }
  return objects;
}

function skipEol(text: string, at: number): number {
  let i = at;
  while (text[i] === '\r' || text[i] === '\n' || text[i] === ' ') i += 1;
  return i;
}

function refs(value: string): number[] {
  return [...value.matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]));
}

function pageObjects(pdf: Buffer, objects: Map<number, PdfObject>): PdfObject[] {
  const root = /\/Root\s+(\d+)\s+\d+\s+R/.exec(pdf.toString('latin1'))?.[1];
  const catalog = root ? objects.get(Number(root)) : undefined;
  const pagesRef = catalog ? /\/Pages\s+(\d+)\s+\d+\s+R/.exec(catalog.dict)?.[1] : undefined;
  const pages: PdfObject[] = [];
  const seen = new Set<number>();
  const walk = (number: number, inherited: string) => {
    const node = objects.get(number);
    if (!node || seen.has(number)) return;
    seen.add(number);
    const box = /\/MediaBox\s*\[[^\]]*\]/.exec(node.dict)?.[0] ?? inherited;
    if (/\/Type\s*\/Pages\b/.test(node.dict)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(node.dict)?.[1] ?? '';
      for (const kid of refs(kids)) walk(kid, box);
    } else if (/\/Type\s*\/Page\b/.test(node.dict))
      pages.push({ dict: `${node.dict} ${box}`, stream: null });
  };
  if (pagesRef) walk(Number(pagesRef), '');
  if (pages.length > 0) return pages;
  // Without a usable page tree, the page objects in file order are the best guess.
  return [...objects.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
}

/** Content streams of a PDF that has no pages at all: every stream that shows text. */
function looseTextStreams(objects: Map<number, PdfObject>): PdfPage[] {
  let text = '';
  for (const object of objects.values()) {
    if (!object.stream || /\/Type\s*\/(?:ObjStm|XRef)/.test(object.dict)) continue;
    const decoded = decodeStream(object.dict, object.stream)?.toString('latin1') ?? '';
    if (!/\bBT\b/.test(decoded)) continue;
    const shown = contentText(decoded).text;
    text += (text && shown ? '\n' : '') + shown;
  }
  return text ? [{ text, imageCount: 0, width: 612, height: 792 }] : [];
}

function decodeLiteral(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    i += 1;
    const e = raw[i] ?? '';
    const simple: Record<string, string> = {
      n: '\n',
      r: '\r',
      t: '\t',
      b: '\b',
      f: '\f',
      '(': '(',
      ')': ')',
      '\\': '\\',
    };
    if (simple[e] !== undefined) out += simple[e];
    else if (/[0-7]/.test(e)) {
      const octal = /^[0-7]{1,3}/.exec(raw.slice(i))?.[0] ?? e;
      out += String.fromCharCode(parseInt(octal, 8));
      i += octal.length - 1;
    } else if (e === '\r' && raw[i + 1] === '\n') i += 1;
    else if (e !== '\n' && e !== '\r') out += e;
  }
  return bytesToText(out);
}

function bytesToText(latin1: string): string {
  if (latin1.startsWith('\xfe\xff'))
    return Buffer.from(latin1.slice(2), 'latin1').swap16().toString('utf16le');
  return latin1;
}

/** The text a content stream shows, line breaks where the text moves down a line. */
export function contentText(content: string): { text: string; images: number } {
  let out = '';
  let images = 0;
  const operands: Array<string | number | Array<string | number>> = [];
  let array: Array<string | number> | null = null;
  const newline = () => {
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  for (let i = 0; i < content.length;) {
    const c = content[i] ?? '';
    if (c === '(') {
      let depth = 1;
      let j = i + 1;
      for (; j < content.length && depth > 0; j += 1) {
        if (content[j] === '\\') j += 1;
        else if (content[j] === '(') depth += 1;
        else if (content[j] === ')') depth -= 1;
      }
      const value = decodeLiteral(content.slice(i + 1, j - 1));
      (array ?? operands).push(value);
      i = j;
    } else if ((c === '<' || c === '>') && content[i + 1] === c) {
      i += 2;
    } else if (c === '<') {
      const end = content.indexOf('>', i);
      const hex = content.slice(i + 1, end < 0 ? content.length : end).replace(/\s+/g, '');
      (array ?? operands).push(
        bytesToText(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1')),
      );
      i = end < 0 ? content.length : end + 1;
    } else if (c === '[') {
      array = [];
      i += 1;
    } else if (c === ']') {
      operands.push(array ?? []);
      array = null;
      i += 1;
    } else if (c === '%') {
      while (i < content.length && content[i] !== '\n' && content[i] !== '\r') i += 1;
    } else if (/[\s<>{}/]/.test(c)) {
      i += 1;
      if (c === '/')
        while (i < content.length && !/[\s/[\]()<>{}%]/.test(content[i] ?? ' ')) i += 1;
    } else {
      let j = i;
      while (j < content.length && !/[\s/[\]()<>{}%]/.test(content[j] ?? ' ')) j += 1;
      const word = content.slice(i, j);
      i = j;
      if (/^[-+]?\d*\.?\d+$/.test(word)) {
        (array ?? operands).push(Number(word));
        continue;
      }
      const last = operands[operands.length - 1];
      switch (word) {
        case 'Tj':
          if (typeof last === 'string') out += last;
          break;
        case "'":
        case '"':
          newline();
          if (typeof last === 'string') out += last;
          break;
        case 'TJ':
          for (const item of Array.isArray(last) ? last : [])
            out += typeof item === 'string' ? item : item < -200 ? ' ' : '';
          break;
        case 'ID': {
          // Inline image data is binary: skip to its EI.
          const end = /\sEI(?=[\s]|$)/.exec(content.slice(i));
          i = end ? i + end.index + end[0].length : content.length;
          images += 1;
          break;
        }
        case 'Td':
        case 'TD': {
          const ty = operands[operands.length - 1];
          if (typeof ty === 'number' && ty !== 0) newline();
          else if (out !== '' && !/\s$/.test(out)) out += ' ';
          break;
        }
        case 'T*':
        case 'ET':
          newline();
          break;
        case 'Do':
          images += 1;
          break;
      }
      operands.length = 0;
    }
  }
  return { text: out.trim(), images };
}

/** The pages of a PDF with their text; throws CorruptDocument when it cannot be read. */
export function readPdf(pdf: Buffer): PdfPage[] {
  if (pdf.toString('latin1', 0, 5) !== '%PDF-') throw new CorruptDocument('not a PDF file');
  const objects = readObjects(pdf);
  const pages = pageObjects(pdf, objects);
  if (pages.length === 0) {
    // Hand-made PDFs (tests, tools) sometimes skip the page tree; their text still counts.
    const loose = looseTextStreams(objects);
    if (loose.length === 0) throw new CorruptDocument('the PDF has no pages');
    return loose;
  }
  return pages.map((page) => {
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page.dict)?.[1] ?? '';
    let text = '';
    let images = 0;
    for (const number of refs(contents)) {
      const object = objects.get(number);
      if (!object?.stream) continue;
      const decoded = decodeStream(object.dict, object.stream);
      if (!decoded) continue;
      const shown = contentText(decoded.toString('latin1'));
      text += (text && shown.text ? '\n' : '') + shown.text;
      images += shown.images;
    }
    const box = (/\/MediaBox\s*\[([^\]]*)\]/.exec(page.dict)?.[1] ?? '0 0 612 792')
      .trim()
      .split(/\s+/)
      .map(Number);
    return {
      text,
      imageCount: images,
      width: Math.round(Math.abs((box[2] ?? 612) - (box[0] ?? 0))) || 612,
      height: Math.round(Math.abs((box[3] ?? 792) - (box[1] ?? 0))) || 792,
    };
  });
}
