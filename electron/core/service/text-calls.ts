// Calls on text: embeddings of a string, document extraction (text and OCR pages), decisions over a text.
import { type CallFamily, costText } from './calls';
import { serviceError } from './errors';
import type { DecisionAnswer, DecisionsRequest, ExtractedPage, FullServiceClient } from './types';
import { isObject, readUsage } from './wire';

export const textCalls: CallFamily<
  Pick<FullServiceClient, 'embeddings' | 'decisions' | 'extractText'>
> = (c) => {
  return {
    async embeddings(req, callOpts) {
      const { json, text } = await c.postJson(
        '/embeddings',
        { encoding_format: 'float', ...req },
        callOpts,
      );
      const list = isObject(json) && Array.isArray(json.data) ? json.data.filter(isObject) : null;
      if (!list || list.length === 0)
        throw serviceError('malformed_response', 'The embeddings answer holds no data.', 200);
      const ordered = [...list].sort((a, b) => Number(a.index ?? 0) - Number(b.index ?? 0));
      const vectors = ordered.map((item) => {
        const vector = item.embedding;
        if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number'))
          throw serviceError('malformed_response', 'An embedding is not a list of numbers.', 200);
        return vector as number[];
      });
      const model = isObject(json) && typeof json.model === 'string' ? json.model : null;
      return { model, vectors, usage: readUsage(json, text) };
    },

    async decisions(req: DecisionsRequest, callOpts) {
      const { json, text } = await c.postJson('/decisions', req, callOpts);
      if (!isObject(json) || !isObject(json.answers))
        throw serviceError('malformed_response', 'The decisions answer has no answers.', 200);
      return {
        model: typeof json.model === 'string' ? json.model : null,
        answers: json.answers as Record<string, DecisionAnswer>,
        usage: readUsage(json, text),
      };
    },

    async extractText(req, callOpts) {
      const { json } = await c.postJson(
        '/extract_text',
        req,
        callOpts,
        c.answerLimit('document', "The document's text"),
      );
      if (!isObject(json))
        throw serviceError('malformed_response', 'The extraction answer is not an object.', 200);
      const pages: ExtractedPage[] | null = Array.isArray(json.pages)
        ? json.pages.filter(isObject).map((page, i) => ({
            index: typeof page.index === 'number' ? page.index : i,
            markdown: typeof page.markdown === 'string' ? page.markdown : '',
            images: (Array.isArray(page.images) ? page.images : [])
              .filter(isObject)
              .map((image) => ({
                id: String(image.id ?? ''),
                imageBase64: typeof image.image_base64 === 'string' ? image.image_base64 : '',
              })),
          }))
        : null;
      const text =
        typeof json.text === 'string' ? json.text : pages?.map((p) => p.markdown).join('\n\n');
      if (typeof text !== 'string')
        throw serviceError('malformed_response', 'The extraction answer has no text.', 200);
      const usageInfo = isObject(json.usage_info) ? json.usage_info : {};
      const pageCountValue = json.page_count ?? usageInfo.pages_processed;
      const pageCount =
        typeof pageCountValue === 'number' &&
        Number.isInteger(pageCountValue) &&
        pageCountValue >= 0
          ? pageCountValue
          : null;
      const cost = costText(json.cost);
      return {
        text,
        pages,
        ...(pageCount !== null ? { pageCount } : {}),
        ...(cost !== null ? { cost } : {}),
      };
    },
  };
};
