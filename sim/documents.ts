// POST /extract_text: text of PDF and DOCX (utils/extract-text-1.0), PDF pages as markdown (pdf-ocr).
import { requireAccount, type Call, type Route } from './context';
import { parseJsonObject, requireString, sendJson, SimHttpError } from './http';
import { readDocx } from './media/docx';
import { picturePng } from './media/png';
import { CorruptDocument, readPdf, type PdfPage } from './media/pdf';
import { formatCredits } from './money';
import { requireKind, resolveModel } from './models';

const OCR_MODEL = 'utils/pdf-ocr-1.0';

function unreadable(reason: string): SimHttpError {
  return new SimHttpError(500, `Could not extract text: ${reason}`, { code: 'extraction_failed' });
}

function pageMarkdown(page: PdfPage, index: number): string {
  const paragraphs = page.text.split('\n').filter((line) => line.trim() !== '');
  const figures = Array.from(
    { length: page.imageCount },
    (_, i) => `![img-${index}-${i}.png](img-${index}-${i}.png)`,
  );
  return [...paragraphs, ...figures].join('\n\n');
}

function extractText(call: Call): void {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const model = resolveModel(requireString(body, 'model'), account);
  requireKind(model, ['utility'], '/extract_text');
  const filename = requireString(body, 'filename');
  const encoded = requireString(body, 'encoded_base64_file').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*=*$/.test(encoded))
    throw new SimHttpError(400, 'encoded_base64_file is not valid base64', {
      code: 'invalid_request',
    });
  const returnImages = body.return_images === true;
  const file = Buffer.from(encoded, 'base64');
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  const ocr = model.id === OCR_MODEL;
  if (ocr ? extension !== 'pdf' : extension !== 'pdf' && extension !== 'docx')
    throw unreadable(
      `unsupported file type '.${extension}': ${ocr ? 'PDF only' : 'PDF or DOCX only'}`,
    );

  let pages: PdfPage[] | null = null;
  let docText = '';
  let pageCount: number;
  try {
    if (extension === 'pdf') {
      pages = readPdf(file);
      pageCount = pages.length;
    } else {
      const docx = readDocx(file);
      docText = docx.text;
      pageCount = docx.pageCount;
    }
  } catch (error) {
    if (error instanceof CorruptDocument)
      throw unreadable(
        `the file is corrupt or not a ${extension.toUpperCase()} (${error.message})`,
      );
    throw error;
  }
  const cost = pageCount * (model.unitMicro ?? 0);
  call.state.accounts.assertCanPay(account, cost);
  call.state.accounts.charge(account, cost);
  const usage = { pages_processed: pageCount, doc_size_bytes: file.length };

  if (!ocr || !pages) {
    const text = pages ? pages.map((p) => p.text).join('\n\n') : docText;
    return sendJson(call.res, 200, {
      text,
      model: model.id,
      page_count: pageCount,
      usage_info: usage,
      cost: formatCredits(cost),
    });
  }
  const ocrPages = pages.map((page, index) => ({
    index,
    markdown: pageMarkdown(page, index),
    images: returnImages
      ? Array.from({ length: page.imageCount }, (_, i) => ({
          id: `img-${index}-${i}.png`,
          image_base64: `data:image/png;base64,${picturePng(`${filename}#${index}#${i}`, 96, 64).toString('base64')}`,
        }))
      : [],
    dimensions: { dpi: 72, width: page.width, height: page.height },
  }));
  sendJson(call.res, 200, {
    pages: ocrPages,
    model: model.id,
    usage_info: usage,
    text: ocrPages.map((p) => p.markdown).join('\n\n'),
    cost: formatCredits(cost),
  });
}

export function documentRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/extract_text',
      api: true,
      auth: 'bearer',
      errorStyle: 'error-text',
      run: extractText,
    },
  ];
}
