// The simulator's documents: decisions in the documented shape, text from PDF and DOCX.
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, useSimulators } from './sim-harness';

useSimulators();

describe('decisions', () => {
  it('answers decisions in the documented shape', async () => {
    const body = (await (
      await call('/decisions', {
        json: {
          model: 'decisions/judge-1.0',
          state: 'The soup was cold and the waiter rude',
          questions: {
            good: {
              type: 'noul',
              instructions: 'Positive?',
              criteria: { true: 'good', false: 'rude cold' },
            },
            topic: { type: 'choice', instructions: '', criteria: { food: 'soup', cars: 'engine' } },
            stars: { type: 'score', instructions: '', criteria: ['bad', 'fine', 'great'] },
          },
        },
      })
    ).json()) as { answers: Record<string, Record<string, unknown>>; usage: { cost: string } };
    expect(body.answers.good?.noul).toBeLessThan(0.5);
    expect(body.answers.topic).toMatchObject({ type: 'choice', choice: 'food' });
    const probabilities = body.answers.stars?.probabilities as Record<string, number>;
    expect(Object.values(probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(body.answers.stars).toMatchObject({
      type: 'score',
      legend: { bad: 0, fine: 0.5, great: 1 },
    });
  });
});

function buildPdf(pages: string[][], flate: boolean): Buffer {
  const bodies: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(
      `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  pages.forEach((lines, i) => {
    bodies.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
      ),
    );
    const content = Buffer.from(
      `BT /F1 12 Tf 40 360 Td ${lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) Tj`).join(' 0 -14 Td ')} ET`,
    );
    const data = flate ? deflateSync(content) : content;
    bodies.push(
      Buffer.concat([
        Buffer.from(
          `<< /Length ${data.length}${flate ? ' /Filter /FlateDecode' : ''} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  bodies.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets
    .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
    .join('')}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref)]);
}

/** A ZIP of deflated entries, as Word writes a DOCX. */
function buildZip(entries: Array<[string, string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const raw = Buffer.from(text);
    const packed = deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(raw), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(raw.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += head.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('extract_text', () => {
  const extract = (file: Buffer, filename: string, model = 'utils/extract-text-1.0', extra = {}) =>
    call('/extract_text', {
      json: { encoded_base64_file: file.toString('base64'), filename, model, ...extra },
    });

  it('reads the text of plain and FlateDecode PDFs, page by page', async () => {
    const pages = [['Hello (world)', 'second line'], ['Page two']];
    for (const flate of [false, true]) {
      const body = (await (await extract(buildPdf(pages, flate), 'a.pdf')).json()) as {
        text: string;
        page_count: number;
      };
      expect(body.page_count).toBe(2);
      expect(body.text).toBe('Hello (world)\nsecond line\n\nPage two');
    }
    const ocr = (await (
      await extract(buildPdf(pages, true), 'a.pdf', 'utils/pdf-ocr-1.0', { return_images: true })
    ).json()) as {
      pages: Array<{
        index: number;
        markdown: string;
        images: unknown[];
        dimensions: { width: number };
      }>;
      usage_info: { pages_processed: number; doc_size_bytes: number };
    };
    expect(ocr.pages.map((p) => p.index)).toEqual([0, 1]);
    expect(ocr.pages[1]?.markdown).toBe('Page two');
    expect(ocr.pages[0]?.dimensions.width).toBe(300);
    expect(ocr.usage_info.pages_processed).toBe(2);
  });

  it('reads a DOCX and refuses corrupt or unsupported files with a 500', async () => {
    const xml =
      '<?xml version="1.0"?><w:document xmlns:w="x"><w:body>' +
      '<w:p><w:r><w:t>Fish &amp; chips</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t xml:space="preserve">Second </w:t><w:tab/><w:t>para</w:t></w:r></w:p>' +
      '</w:body></w:document>';
    const docx = buildZip([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', xml],
    ]);
    const body = (await (await extract(docx, 'memo.docx')).json()) as { text: string };
    expect(body.text).toBe('Fish & chips\nSecond \tpara');
    const corrupt = await extract(Buffer.from('%PDF-1.4 garbage'), 'bad.pdf');
    expect(corrupt.status).toBe(500);
    expect(typeof ((await corrupt.json()) as { error: unknown }).error).toBe('string');
    expect((await extract(docx, 'memo.docx', 'utils/pdf-ocr-1.0')).status).toBe(500);
    expect((await extract(Buffer.from('hello'), 'notes.txt')).status).toBe(500);
  });
});
