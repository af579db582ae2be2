// The Documents tab: the history of extractions, the open document, a running extraction and decisions.
import { ATTACHMENT_LIMITS, claimedKind } from '../../../shared/attachments';
import type {
  DecisionQuestionInput,
  DocumentRecord,
  DocumentSummary,
  ExtractionMode,
} from '../../../shared/documents';
import type { UserError } from '../../../shared/types';
import { refusal } from '../common/file-problems';
import { uploadFile } from '../common/upload';
import { invoke } from '../platform';
import type { AttachmentsSlice } from './attachments-slice';
import type { BalanceSlice } from './balance-slice';
import type { ConversationsSlice } from './conversations-slice';
import type { SliceCreator } from './slice';
import type { SpendingSlice } from './spending-slice';
import { decisionEstimate, extractionEstimate } from '../../../shared/estimates';
import { EXTRACT_TEXT_MODEL, PDF_OCR_MODEL } from '../../../shared/models';
import { estimateTokens } from '../../../shared/tokens';
import type { UiSlice } from './ui-slice';

export interface ExtractionProgress {
  name: string;
  phase: 'uploading' | 'extracting';
  /** 0..1 of the upload. */
  progress: number;
}

export interface DocumentsSlice {
  documents: DocumentSummary[];
  documentProblems: number;
  openDocument: DocumentRecord | null;
  extraction: ExtractionProgress | null;
  loadDocuments(): Promise<void>;
  showDocument(id: string): Promise<UserError | null>;
  closeDocument(): void;
  /** Uploads and extracts; the result becomes the open document. */
  extractDocument(
    file: File,
    mode: ExtractionMode,
    returnImages: boolean,
  ): Promise<UserError | null>;
  deleteDocument(id: string): Promise<UserError | null>;
  /** Asks the questions about `text` (the open document's when it has not been edited). */
  decide(input: {
    text: string;
    model: string;
    questions: DecisionQuestionInput[];
  }): Promise<UserError | null>;
  /** A new chat with the document attached as a chip, ready to ask about. */
  sendDocumentToChat(record: DocumentRecord): void;
}

/** The refusal for a file the Documents tab cannot take, checked before uploading. */
export function documentFileProblem(file: File): UserError | null {
  const name = file.name || 'file';
  if (file.size === 0) return refusal('empty', { name });
  if (claimedKind(file.name, file.type) !== 'document') return refusal('unsupported', { name });
  if (file.size > ATTACHMENT_LIMITS.document)
    return refusal('too_large', { name, size: file.size, limit: ATTACHMENT_LIMITS.document });
  return null;
}

export const createDocumentsSlice: SliceCreator<
  DocumentsSlice,
  BalanceSlice & ConversationsSlice & AttachmentsSlice & UiSlice & SpendingSlice
> = (set, get) => ({
  documents: [],
  documentProblems: 0,
  openDocument: null,
  extraction: null,

  async loadDocuments() {
    const answer = await invoke('documents.list', {});
    if (answer.ok)
      set({ documents: answer.data.items, documentProblems: answer.data.problems.length });
  },

  async showDocument(id) {
    const answer = await invoke('documents.get', { id });
    if (!answer.ok) return answer.error;
    set({ openDocument: answer.data });
    return null;
  },

  closeDocument() {
    set({ openDocument: null });
  },

  async extractDocument(file, mode, returnImages) {
    const problem = documentFileProblem(file);
    if (problem) return problem;
    // The pages are counted by the service: the estimate is known only for a model priced per call.
    const go = await get().askToSpend(
      'documents',
      mode === 'ocr' ? PDF_OCR_MODEL : EXTRACT_TEXT_MODEL,
      (model, basis) => extractionEstimate(model, { pages: null }, basis),
    );
    if (!go) return null;
    set({ extraction: { name: file.name, phase: 'uploading', progress: 0 } });
    try {
      const uploaded = await uploadFile(file, {
        onProgress: (sent, total) =>
          set({
            extraction: {
              name: file.name,
              phase: 'uploading',
              progress: total === 0 ? 1 : sent / total,
            },
          }),
      });
      if (!uploaded.ok) return uploaded.error;
      set({ extraction: { name: file.name, phase: 'extracting', progress: 1 } });
      const answer = await invoke('documents.extract', {
        fileId: uploaded.data.fileId,
        mode,
        returnImages,
      });
      void get().refreshBalance(true);
      if (!answer.ok) return answer.error;
      set({ openDocument: answer.data });
      await get().loadDocuments();
      return null;
    } finally {
      set({ extraction: null });
    }
  },

  async deleteDocument(id) {
    const answer = await invoke('documents.delete', { id });
    if (!answer.ok) return answer.error;
    if (get().openDocument?.id === id) set({ openDocument: null });
    await get().loadDocuments();
    return null;
  },

  async decide({ text, model, questions }) {
    const open = get().openDocument;
    const asked = JSON.stringify(questions);
    const go = await get().askToSpend('decisions', model, (info, basis) =>
      decisionEstimate(info, { promptTokens: estimateTokens(text) + estimateTokens(asked) }, basis),
    );
    if (!go) return null;
    const answer = await invoke('documents.decide', {
      ...(open ? { documentId: open.id } : {}),
      // The open document's own text need not travel back; edited or pasted text does.
      ...(open && open.text === text ? {} : { text }),
      ...(model ? { model } : {}),
      questions,
    });
    void get().refreshBalance(true);
    if (!answer.ok) return answer.error;
    const shown = await invoke('documents.get', { id: answer.data.document.id });
    if (shown.ok) set({ openDocument: shown.data });
    await get().loadDocuments();
    return null;
  },

  sendDocumentToChat(record) {
    get().startNewChat();
    set((s) => ({
      tab: 'chat',
      pendingAttachments: {
        ...s.pendingAttachments,
        '': [
          {
            localId: `doc-${record.id}`,
            name: record.name,
            size: record.size,
            kind: 'document',
            previewUrl: null,
            phase: 'ready',
            progress: 1,
            error: null,
            attachment: {
              kind: 'document',
              documentId: record.id,
              name: record.name,
              mime: record.mime,
              size: record.size,
              tokens: record.tokens,
              ...(record.pageCount !== null ? { pages: record.pageCount } : {}),
            },
          },
        ],
      },
    }));
  },
});
