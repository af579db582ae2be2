// The channels of the person's files: uploads, documents and decisions, search, export and import.
import { z } from 'zod';
import type { DecisionRun, DocumentList, DocumentRecord, DocumentSummary } from './documents';
import type { SemanticEstimate, SemanticStatus } from './semantic';
import type { InvokeChannel } from './channel-names';
import type { SearchHit, WordIndexStatus, StoredFile } from './types';
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from './upload-limits';
import {
  EXPORT_FORMATS,
  TRANSFER_LIMITS,
  type TransferProgress,
  type TransferReport,
  type TransferSaved,
} from './transfer';
import { id, text } from './channels-fields';

const decisionQuestion = z
  .object({
    name: z.string().max(200).optional(),
    type: z.enum(['noul', 'choice', 'score']),
    instructions: z.string().trim().min(1).max(4000),
    options: z
      .array(z.object({ label: z.string().max(200), description: z.string().max(2000) }).strict())
      .max(20),
  })
  .strict();

export const libraryInvokeSchemas = {
  'documents.list': z.object({}).strict(),
  'documents.get': z.object({ id }).strict(),
  'documents.extract': z
    .object({ fileId: id, mode: z.enum(['extract', 'ocr']), returnImages: z.boolean().optional() })
    .strict(),
  'documents.delete': z.object({ id }).strict(),
  'documents.decide': z
    .object({
      documentId: id.optional(),
      text: text.optional(),
      model: z.string().max(200).optional(),
      questions: z.array(decisionQuestion).min(1).max(20),
    })
    .strict(),
  'semantic.status': z.object({}).strict(),
  'semantic.estimate': z.object({ model: z.string().max(200).optional() }).strict(),
  'semantic.configure': z
    .object({ enabled: z.boolean().optional(), model: z.string().max(200).optional() })
    .strict(),
  'semantic.search': z.object({ query: z.string().max(500) }).strict(),
  'semantic.wordsStatus': z.object({}).strict(),
  'files.begin': z
    .object({
      name: z.string().min(1).max(500),
      mime: z.string().max(200),
      size: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
    })
    .strict(),
  'files.chunk': z
    .object({
      uploadId: id,
      offset: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
      // The bytes themselves (structured clone over Electron IPC, a binary frame over the web
      // host's socket): never base64.
      bytes: z
        .instanceof(Uint8Array)
        .refine((bytes) => bytes.length > 0 && bytes.length <= UPLOAD_CHUNK_BYTES, {
          message: `A chunk carries 1 to ${UPLOAD_CHUNK_BYTES} bytes.`,
        }),
    })
    .strict(),
  'files.finish': z.object({ uploadId: id }).strict(),
  'files.cancel': z.object({ uploadId: id }).strict(),
  /** One conversation, or every one when conversationId is left out. */
  'transfer.export': z
    .object({ conversationId: id.optional(), format: z.enum(EXPORT_FORMATS) })
    .strict(),
  'transfer.readOut': z
    .object({ outId: id, offset: z.number().int().min(0).max(TRANSFER_LIMITS.archiveTotalBytes) })
    .strict(),
  /** An uploaded JSON file: the app's own export or ChatGPT's conversations.json. */
  'transfer.import': z.object({ fileId: id }).strict(),
  'transfer.backup': z.object({ jobId: id }).strict(),
  /** An uploaded backup archive (zip). */
  'transfer.restore': z.object({ fileId: id, jobId: id }).strict(),
  /** Desktop: the person picks the archive in the host's dialog and core reads it where it lies. */
  'transfer.restorePicked': z.object({ jobId: id }).strict(),
} as const satisfies Partial<Record<InvokeChannel, z.ZodType>>;

export interface LibraryInvokeOutputs {
  'documents.list': DocumentList;
  'documents.get': DocumentRecord;
  'documents.extract': DocumentRecord;
  'documents.delete': { id: string };
  'documents.decide': { document: DocumentSummary; run: DecisionRun };
  'semantic.status': SemanticStatus;
  'semantic.estimate': SemanticEstimate;
  'semantic.configure': SemanticStatus;
  /** Word hits first, then meaning hits (when semantic search is on). */
  'semantic.search': SearchHit[];
  /** Whether the word index is still being built (then word hits may be missing). */
  'semantic.wordsStatus': WordIndexStatus;
  'files.begin': { uploadId: string };
  'files.chunk': { received: number };
  'files.finish': StoredFile;
  'files.cancel': { cancelled: boolean };
  'transfer.export': TransferSaved;
  /** Up to TRANSFER_LIMITS.readChunkBytes of a prepared file from offset; done at its end (then it is removed). */
  'transfer.readOut': { base64: string; done: boolean };
  'transfer.import': TransferReport;
  'transfer.backup': TransferSaved;
  'transfer.restore': TransferReport;
  /** null: the person cancelled the dialog. */
  'transfer.restorePicked': TransferReport | null;
}

export interface LibraryEventPayloads {
  'transfer.progress': TransferProgress;
}
