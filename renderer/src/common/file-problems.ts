// Words for attachment and document refusals, in the user's language, from the reason core or the renderer gave.
import type { Language, UserError } from '../../../shared/types';
import { errorSentence } from './errors';
import type { Translate } from '../i18n/translate';
import { countWords, sizeWords } from '../i18n/counts';

export function refusal(
  reason: string,
  details: Record<string, string | number | boolean>,
): UserError {
  return {
    code: 'invalid_input',
    message: '',
    status: null,
    retryable: false,
    details: { reason, ...details },
  };
}

/** The sentence for a refused file; null when the error is not one of ours (show ErrorNotice then). */
export function fileProblem(t: Translate, error: UserError, language: Language): string | null {
  const d = error.details ?? {};
  const name = String(d.name ?? '');
  switch (d.reason) {
    case 'empty':
      return t('attach.empty', { name });
    case 'too_large':
      return t('attach.tooLarge', {
        name,
        size: sizeWords(Number(d.size), language),
        limit: sizeWords(Number(d.limit), language),
      });
    case 'wrong_type':
      return t('attach.wrongType', { name, expected: String(d.expected ?? '') });
    case 'unsupported':
      return t('attach.unsupported', { name });
    case 'not_text':
      return t('attach.notText', { name });
    case 'audio_format':
      return t('attach.audioFormat', { name });
    case 'ocr_pdf_only':
      return t('attach.ocrPdfOnly');
    case 'picture_address':
      return t('attach.address.refused');
    case 'too_many':
      return t('attach.tooMany', {
        attachments: countWords(language, 'units.attachments', Number(d.max)),
      });
    default:
      return null;
  }
}

/** A refusal's own sentence, or the general sentence for the error's code. */
export function problemText(t: Translate, error: UserError, language: Language): string {
  return fileProblem(t, error, language) ?? errorSentence(t, error);
}
