// The service's picture answers read before anything is kept: base64 decoded strictly, the bytes' type checked, the cost in an sdapi answer's info, a missing sdapi mapping explained.
import { SDAPI_MAPPING } from '../../../../shared/images';
import { sniffMime } from '../../library/sniff';
import { ServiceError, serviceError } from '../../service/errors';

/** What the service may answer as a picture; anything else is not saved. */
const RESULT_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 picture from the service. Buffer.from skips what is not base64, so a
 * damaged answer would otherwise pass as a shorter, broken image.
 */
export function decodeImageBase64(text: string): Buffer {
  const payload = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (payload === '' || payload.length % 4 !== 0 || !BASE64.test(payload))
    throw serviceError(
      'malformed_response',
      'The service answered with text that is not base64 where an image was expected.',
      200,
    );
  return Buffer.from(payload, 'base64');
}

/** The picture's type, or a malformed_response naming what arrived instead. */
export function checkImageBytes(bytes: Buffer): string {
  const mime = sniffMime(bytes);
  if (mime && RESULT_TYPES.has(mime)) return mime;
  throw serviceError(
    'malformed_response',
    `The service answered with ${bytes.length} bytes that are not an image (${mime ?? 'unknown data'}; expected PNG, JPEG or WEBP). Nothing was saved.`,
    200,
  );
}

/** The cost in an sdapi answer's `info` (a JSON string in the Automatic1111 format). */
export function costInInfo(info: unknown): string | null {
  let parsed: unknown = info;
  if (typeof info === 'string') {
    try {
      parsed = JSON.parse(info);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const cost = (parsed as Record<string, unknown>).cost;
  if (typeof cost === 'string' && /^\d+(\.\d+)?$/.test(cost)) return cost;
  if (typeof cost === 'number' && Number.isFinite(cost)) return String(cost);
  return null;
}

/** The service says the account lacks the sdapi/txt2img mapping: say how to make it. */
export function explainMissingMapping(e: unknown): never {
  if (
    e instanceof ServiceError &&
    e.error.status !== null &&
    e.error.status >= 400 &&
    e.error.status < 500 &&
    e.error.message.includes(SDAPI_MAPPING)
  )
    throw new ServiceError({ ...e.error, details: { ...e.error.details, mapping: SDAPI_MAPPING } });
  throw e;
}
