// A chat request's failure read for a picture sent by its address that the service could not fetch.
import type { UserError } from '../../../../shared/types';
import type { ChatRequest } from '../../service/types';

/**
 * The document: "If an image URL is not found or is blocked, an error like an unknown MIME type
 * is returned." Its exact words are not given; a MIME type named in the refusal is the sign.
 */
const UNKNOWN_MIME = /\bmime\b/i;

/** Whether the request carries a picture as an http(s) address (not as a data URI). */
export function sendsPictureAddress(request: ChatRequest): boolean {
  return request.messages.some(
    (m) =>
      Array.isArray(m.content) &&
      m.content.some((part) => part.type === 'image_url' && /^https?:/i.test(part.image_url)),
  );
}

/**
 * A refusal of a request that sent a picture by address, in words that name a MIME type, gets
 * `details.reason: 'picture_address_unreadable'`: the page says the service could not read the
 * picture's address, beside the service's own words. Anything else is returned as it is.
 */
export function readPictureAddressRefusal(error: UserError, request: ChatRequest): UserError {
  if (error.status === null || error.status < 400) return error;
  if (!UNKNOWN_MIME.test(error.message) || !sendsPictureAddress(request)) return error;
  return { ...error, details: { ...error.details, reason: 'picture_address_unreadable' } };
}
