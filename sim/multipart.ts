// multipart/form-data bodies (transcriptions, image edits), parsed from the raw bytes.
import { SimHttpError } from './http';

export interface FormFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface FormData {
  fields: Map<string, string>;
  files: Map<string, FormFile>;
}

function headerParam(header: string, name: string): string | null {
  const match = new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  return match ? (match[1] ?? match[2] ?? '') : null;
}

export function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data/i.test(contentType ?? '');
}

export function parseMultipart(body: Buffer, contentType: string | undefined): FormData {
  const boundary = contentType ? headerParam(contentType, 'boundary') : null;
  if (!boundary || !isMultipart(contentType))
    throw new SimHttpError(400, 'Expected a multipart/form-data body with a boundary', {
      code: 'invalid_request',
    });
  const delimiter = Buffer.from(`--${boundary}`);
  const form: FormData = { fields: new Map(), files: new Map() };
  let start = body.indexOf(delimiter);
  if (start < 0)
    throw new SimHttpError(400, 'The multipart body has no parts', { code: 'invalid_request' });
  for (;;) {
    start += delimiter.length;
    if (body.subarray(start, start + 2).toString('latin1') === '--') break;
    if (body.subarray(start, start + 2).toString('latin1') === '\r\n') start += 2;
    const end = body.indexOf(delimiter, start);
    if (end < 0)
      throw new SimHttpError(400, 'The multipart body ends early', { code: 'invalid_request' });
    const part = body.subarray(start, end >= 2 && body[end - 2] === 0x0d ? end - 2 : end);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = headerParam(disposition, 'name');
      const filename = headerParam(disposition, 'filename');
      const type =
        /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
      if (name !== null) {
        if (filename !== null)
          form.files.set(name, { filename, contentType: type, bytes: Buffer.from(content) });
        else form.fields.set(name, content.toString('utf8'));
      }
    }
    start = end;
  }
  return form;
}
