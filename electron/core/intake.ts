// What a person brings into the app (issue 3): chat attachments, documents and decisions, semantic search, diagnostics.
import type { AttachmentParts } from './chat/engine';
import { createAttachments } from './attachments';
import { createDiagnostics, type DiagnosticsChannel } from './diagnostics';
import { type DocumentChannel, openDocumentsFeature } from './documents/feature';
import type { FeatureContext, FeatureHandlers } from './feature-context';
import type { ConversationLibrary } from './library/conversations';
import { createSemanticHandlers, openSemanticIndex, type SemanticChannel } from './semantic/index';

export interface IntakeOptions {
  conversations: ConversationLibrary;
  /** The debug log's read interval (default 20 s, the service's rule). */
  debugLatestIntervalMs?: number;
  /** Time between background embedding passes while semantic search is on. */
  semanticIntervalMs?: number;
}

export interface IntakeFeatures {
  handlers: FeatureHandlers<
    'attachments.prepare' | DocumentChannel | SemanticChannel | DiagnosticsChannel
  >;
  attachments: AttachmentParts;
  dispose(): Promise<void>;
}

export async function openIntakeFeatures(
  ctx: FeatureContext,
  options: IntakeOptions,
): Promise<IntakeFeatures> {
  const documents = await openDocumentsFeature(ctx);
  const attachments = createAttachments(ctx, documents);
  const semantic = await openSemanticIndex({
    dataDir: ctx.dataDir,
    client: ctx.client,
    conversations: options.conversations,
    documents: documents.store,
    models: () => ctx.models.list(),
    onPaidCall: () => ctx.balance.refreshSoon(),
    intervalMs: options.semanticIntervalMs,
  });
  const diagnostics = await createDiagnostics(ctx, {
    minIntervalMs: options.debugLatestIntervalMs,
  });
  return {
    handlers: {
      ...attachments.handlers,
      ...documents.handlers,
      ...createSemanticHandlers(semantic),
      ...diagnostics.handlers,
    },
    attachments,
    async dispose() {
      await semantic.dispose();
      await documents.store.flush();
    },
  };
}
