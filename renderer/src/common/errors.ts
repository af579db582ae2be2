// Turns a UserError into words: what happened and what to do, in the user's language.
import type { ErrorCode, UserError } from '../../../shared/types';
import type { MessageKey } from '../i18n/en';
import { translateDynamic, type Translate } from '../i18n/translate';

const KNOWN_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'no_key',
  'key_unknown',
  'foreign_key',
  'no_funds',
  'per_request_limit',
  'not_in_plan',
  'no_subscription',
  'context_exceeded',
  'max_tokens_too_large',
  'moderation',
  'too_large',
  'rate_limited',
  'refused',
  'upstream_timeout',
  'model_unavailable',
  'bad_request',
  'server_error',
  'bad_gateway',
  'malformed_response',
  'network',
  'bad_base_url',
  'cancelled',
  'invalid_input',
  'not_found',
  'storage',
  'encryption_unavailable',
  'unknown',
]);

/** A code from a newer core still gets a sentence: the general one. */
export function errorKey(code: string): MessageKey {
  return (KNOWN_CODES.has(code) ? `error.${code}` : 'error.unknown') as MessageKey;
}

export function errorSentence(t: Translate, error: UserError): string {
  // A base URL refused because plain http would carry the key off this computer unencrypted.
  if (error.details?.reason === 'insecure_http') return t('error.insecure_http');
  // The service refused `tools` for this model: the way out is in the conversation.
  if (error.details?.reason === 'tools_refused') return t('error.tools_refused');
  // A picture sent by its address that the service could not fetch (an unknown MIME type).
  if (error.details?.reason === 'picture_address_unreadable')
    return t('error.picture_address_unreadable');
  // An answer past Atelier's own cap on answers: text is cut and kept, media is not read on.
  if (error.details?.reason === 'answer_cap')
    return t(
      error.details.unit === 'characters' ? 'error.answer_cap_text' : 'error.answer_cap_bytes',
    );
  // A key with a look-alike or an invisible character: which one and where, so it can be found.
  if (error.details?.reason === 'key_character')
    return t('error.key_character', {
      code: String(error.details.code),
      position: String(error.details.position),
    });
  // A save refused for want of room: what to do is free some, and nothing saved was lost.
  if (error.details?.reason === 'disk_full') return t('error.disk_full');
  // A backup or restore asked for while the demo, whose conversations are apart, is in use.
  if (error.details?.reason === 'demo_in_use') return t('error.demo_in_use');
  return translateDynamic(t, errorKey(error.code));
}

/** Codes after which sending the history without its oldest messages is the way out. */
export function offersTrim(error: UserError): boolean {
  return error.code === 'context_exceeded';
}

/** Codes where the Settings tab is where the fix is. */
export function pointsToSettings(error: UserError): boolean {
  return ['no_key', 'key_unknown', 'foreign_key', 'network', 'bad_base_url'].includes(error.code);
}
