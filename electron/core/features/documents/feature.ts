// The Documents feature in core: text extraction and OCR through /extract_text, decisions through /decisions, kept in the library.
import { randomUUID } from 'node:crypto';
import { ATTACHMENT_LIMITS } from '../../../../shared/attachments';
import {
  decisionQuestionNames,
  repeatedQuestionName,
  type DecisionOutcome,
  type DecisionQuestionInput,
  type DecisionRun,
  type DocumentPage,
  type DocumentRecord,
  type ExtractionMode,
} from '../../../../shared/documents';
import { decisionEstimate, extractionEstimate } from '../../../../shared/estimates';
import { EXTRACT_TEXT_MODEL, PDF_OCR_MODEL } from '../../../../shared/models';
import { modelForTask } from '../account/models';
import { estimateTokens } from '../../../../shared/tokens';
import type { ChannelsOf, Feature, FeatureContext } from '../context';
import { estimateBefore } from '../spending/estimate';
import { checkUploadedFile } from '../../library/file-checks';
import { sniffMime } from '../../library/sniff';
import { serviceError } from '../../service/errors';
import { fileBase64 } from '../../service/streamed-body';
import type { DecisionAnswer, DecisionQuestion, ExtractedPage } from '../../service/types';
import { type DocumentStore, openDocumentStore, summaryOfDocument } from './store';

export type DocumentChannel = ChannelsOf<'documents'>;

/** Chat attachments and search use the store and the extraction too. */
export interface DocumentsFeature extends Feature<DocumentChannel> {
  store: DocumentStore;
  /** Extracts an uploaded PDF or DOCX and keeps the result (chat attachments use this too). */
  extract(input: {
    fileId: string;
    mode: ExtractionMode;
    returnImages: boolean;
    origin: DocumentRecord['origin'];
  }): Promise<DocumentRecord>;
  dispose(): Promise<void>;
}

const DATA_URI = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/\s]*={0,2})$/i;

/** A page image as a data URI, if its base64 decodes to a real picture; null otherwise. */
export function checkedPageImage(value: string): string | null {
  const trimmed = value.trim();
  const match = DATA_URI.exec(trimmed);
  const payload = match ? match[2]!.replace(/\s+/g, '') : trimmed.replace(/\s+/g, '');
  if (payload === '' || payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload))
    return null;
  const bytes = Buffer.from(payload, 'base64');
  const sniffed = sniffMime(bytes);
  if (sniffed === null || !sniffed.startsWith('image/')) return null;
  return `data:${sniffed};base64,${payload}`;
}

function pagesOf(pages: ExtractedPage[]): { pages: DocumentPage[]; badImages: number } {
  let badImages = 0;
  const checked = pages.map((page) => {
    const images: string[] = [];
    for (const image of page.images) {
      const uri = checkedPageImage(image.imageBase64);
      if (uri) images.push(uri);
      else badImages++;
    }
    return { index: page.index, markdown: page.markdown, images };
  });
  return { pages: checked, badImages };
}

/** The question in the service's shape: noul {true, false}, choice {label: description}, score [labels]. */
export function toServiceQuestion(q: DecisionQuestionInput): DecisionQuestion {
  const options = q.options.filter((o) => o.label.trim() !== '' || o.description.trim() !== '');
  if (q.type === 'noul') {
    return {
      type: 'noul',
      instructions: q.instructions,
      criteria: {
        true: options[0]?.description.trim() || 'Yes',
        false: options[1]?.description.trim() || 'No',
      },
    };
  }
  if (q.type === 'choice') {
    if (options.length < 2)
      throw serviceError('invalid_input', 'A choice question needs at least two options.');
    return {
      type: 'choice',
      instructions: q.instructions,
      criteria: Object.fromEntries(
        options.map((o) => [o.label.trim(), o.description.trim() || o.label.trim()]),
      ),
    };
  }
  const labels = options.map((o) => o.label.trim()).filter((l) => l !== '');
  if (labels.length < 2)
    throw serviceError('invalid_input', 'A score question needs a scale of at least two labels.');
  return { type: 'score', instructions: q.instructions, criteria: labels };
}

function probability(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1
    ? value
    : null;
}

function numberMap(value: unknown): Record<string, number> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(value)) {
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) return null;
    out[k] = n;
  }
  return out;
}

/** The service's answer to one question, in the shape the screen draws (bars and confidence). */
export function readOutcome(
  question: DecisionQuestionInput,
  answer: DecisionAnswer | undefined,
): DecisionOutcome {
  const malformed = () =>
    serviceError('malformed_response', 'A decision answer is missing or unreadable.', 200);
  if (!answer || typeof answer !== 'object') throw malformed();
  const raw = answer as Record<string, unknown>;
  const confidence = probability(raw.confidence);
  if (question.type === 'noul') {
    const p = probability(raw.noul);
    if (p === null) throw malformed();
    return {
      question,
      type: 'noul',
      value: p,
      probabilities: { true: p, false: 1 - p },
      confidence,
      legend: null,
    };
  }
  const probabilities = numberMap(raw.probabilities) ?? {};
  if (question.type === 'choice') {
    if (typeof raw.choice !== 'string') throw malformed();
    return {
      question,
      type: 'choice',
      value: raw.choice,
      probabilities,
      confidence,
      legend: null,
    };
  }
  const score = typeof raw.score === 'string' ? Number(raw.score) : raw.score;
  if (typeof score !== 'number' || !Number.isFinite(score)) throw malformed();
  return {
    question,
    type: 'score',
    value: score,
    probabilities,
    confidence,
    legend: numberMap(raw.legend),
  };
}

function baseName(name: string): string {
  return name.replace(/\.[^.]*$/, '') || 'document';
}

export async function openDocumentsFeature(ctx: FeatureContext): Promise<DocumentsFeature> {
  const store = await openDocumentStore(ctx.dataDir, { recovery: ctx.recovery });

  async function extract({
    fileId,
    mode,
    returnImages,
    origin,
  }: {
    fileId: string;
    mode: ExtractionMode;
    returnImages: boolean;
    origin: DocumentRecord['origin'];
  }): Promise<DocumentRecord> {
    const info = await ctx.files.info(fileId);
    checkUploadedFile(info, (kind) => ATTACHMENT_LIMITS[kind], ['document']);
    const isPdf = info.sniffedMime === 'application/pdf';
    if (mode === 'ocr' && !isPdf) {
      throw serviceError(
        'invalid_input',
        'OCR reads PDF files only; use Extract text for DOCX.',
        null,
        {
          reason: 'ocr_pdf_only',
          name: info.name,
        },
      );
    }
    const model = mode === 'ocr' ? PDF_OCR_MODEL : EXTRACT_TEXT_MODEL;
    // The service reads the type from the name: send the extension the bytes really have.
    const filename = `${baseName(info.name)}.${isPdf ? 'pdf' : 'docx'}`;
    // The form shows the price per page until the service has counted them: a figure only for a
    // model priced per call.
    const estimate = estimateBefore(ctx, model, (listed, basis) =>
      extractionEstimate(listed, { pages: null }, basis),
    );
    let result;
    try {
      result = await ctx.client.extractText(
        {
          // Streamed from disk into the request body: the file is never whole in memory.
          encoded_base64_file: fileBase64(ctx.files.pathOf(fileId), info.size),
          filename,
          model,
          ...(mode === 'ocr' ? { return_images: returnImages } : {}),
        },
        { priority: 'user' },
      );
    } finally {
      ctx.balance.refreshSoon();
    }
    const checked = result.pages ? pagesOf(result.pages) : null;
    const pages = result.pageCount ?? checked?.pages.length ?? null;
    let kept: DocumentRecord | null = null;
    try {
      kept = await store.add({
        name: info.name,
        mime: info.sniffedMime ?? info.mime,
        size: info.size,
        mode,
        model,
        pageCount: pages,
        tokens: estimateTokens(result.text),
        cost: result.cost ?? null,
        origin,
        text: result.text,
        pages: checked?.pages ?? null,
        badImages: checked?.badImages ?? 0,
        decisions: [],
      });
      return kept;
    } finally {
      ctx.spending.record({
        feature: 'documents',
        model,
        itemId: kept?.id ?? null,
        units: pages !== null ? { pages } : {},
        estimate,
        reported: result.cost ?? null,
      });
    }
  }

  const handlers: DocumentsFeature['handlers'] = {
    'documents.list': () => store.list(),
    'documents.get': ({ id }) => store.get(id),
    'documents.extract': ({ fileId, mode, returnImages }) =>
      extract({ fileId, mode, returnImages: returnImages ?? false, origin: 'documents' }),
    'documents.delete': async ({ id }) => {
      await store.remove(id);
      return { id };
    },
    'documents.decide': async ({ documentId, text, model, questions }) => {
      let record: DocumentRecord | null = documentId ? await store.get(documentId) : null;
      const state = text ?? record?.text ?? '';
      if (state.trim() === '')
        throw serviceError(
          'invalid_input',
          'There is no text to ask about: extract or paste some.',
        );
      // The default comes from the list in use, as every task's; with none there, no id is invented.
      const chosenModel = await modelForTask(
        ctx.models,
        'decisions',
        model,
        ctx.state.current().priceBasis,
        '',
      );
      if (chosenModel === '')
        throw serviceError(
          'invalid_input',
          'The model list has no decision model: choose one (any id typed is sent as typed).',
          null,
          { reason: 'no_decision_model' },
        );
      const names = decisionQuestionNames(questions);
      const repeated = repeatedQuestionName(names);
      if (repeated !== null)
        throw serviceError(
          'invalid_input',
          `Two questions are named "${repeated}": give each question a name of its own.`,
          null,
          { reason: 'question_name_repeated', name: repeated },
        );
      const keyed = questions.map((q, i) => [names[i]!, q] as const);
      const estimate = estimateBefore(ctx, chosenModel, (info, basis) =>
        decisionEstimate(
          info,
          { promptTokens: estimateTokens(state) + estimateTokens(JSON.stringify(questions)) },
          basis,
        ),
      );
      let result;
      try {
        result = await ctx.client.decisions(
          {
            model: chosenModel,
            state,
            questions: Object.fromEntries(keyed.map(([key, q]) => [key, toServiceQuestion(q)])),
          },
          { priority: 'user' },
        );
      } finally {
        ctx.balance.refreshSoon();
      }
      const usage = result.usage;
      ctx.spending.record({
        feature: 'decisions',
        model: chosenModel,
        itemId: documentId ?? null,
        units: {
          // Without usage: the state and questions as the service counts them, likely.
          promptTokens: usage?.promptTokens ?? estimateTokens(state + JSON.stringify(questions)),
          completionTokens: usage?.completionTokens ?? 0,
        },
        estimate,
        reported: usage?.cost ?? null,
      });
      const run: DecisionRun = {
        id: randomUUID(),
        createdAt: new Date().toISOString(),
        model: chosenModel,
        // A name is the person's own ("constructor" too): only the answer's own fields count.
        outcomes: keyed.map(([key, q]) => ({
          name: key,
          ...readOutcome(q, Object.hasOwn(result.answers, key) ? result.answers[key] : undefined),
        })),
        cost: result.usage?.cost ?? null,
      };
      if (record === null) {
        // Pasted text is kept as a document of its own, so its decisions are not lost.
        record = await store.add({
          name: state.trim().split('\n')[0]!.slice(0, 60),
          mime: 'text/plain',
          size: Buffer.byteLength(state),
          mode: 'text',
          model: null,
          pageCount: null,
          tokens: estimateTokens(state),
          cost: null,
          origin: 'documents',
          text: state,
          pages: null,
          badImages: 0,
          decisions: [],
        });
      }
      record.decisions.push(run);
      await store.save(record);
      return { document: summaryOfDocument(record), run };
    },
  };

  return { store, extract, handlers, dispose: () => store.flush() };
}
