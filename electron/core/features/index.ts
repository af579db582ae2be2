// Opens every feature in dependency order and joins their handlers into the one exhaustive map the router takes.
import type { ChannelHandlers } from '../router';
import { openAccountFeature } from './account/feature';
import { openAudioFeature } from './audio/feature';
import { openChatFeature } from './chat/feature';
import type { ToolProvider } from './chat/tool-provider';
import type { FeatureContext } from './context';
import { openDiagnosticsFeature } from './diagnostics/feature';
import { openDocumentsFeature } from './documents/feature';
import { openImagesFeature } from './images/feature';
import { openMcpFeature, type McpFeatureOptions } from './mcp/feature';
import { openMediaFeature } from './media/feature';
import { openOrganiseFeature } from './organise/feature';
import { openPromptsFeature } from './prompts/feature';
import { openSearchFeature } from './search/feature';
import { openSettingsFeature } from './settings/feature';
import { openShellFeature } from './shell/feature';
import { openSpendingFeature } from './spending/feature';
import { openStorageFeature } from './storage/feature';
import { openTransferFeature } from './transfer/feature';
import { openVideoFeature } from './video/feature';

export interface FeatureOptions {
  /** How often a video job is polled; 10,000 ms (the service's minimum), lowered only in tests. */
  videoPollIntervalMs?: number;
  /** How often the debug log may be read; 20,000 ms (the service's rule), lowered only in tests. */
  debugLatestIntervalMs?: number;
  /** Tools for chat turns in place of the MCP servers' (tests). */
  toolProvider?: ToolProvider;
  /** MCP timeouts and restart waits; lowered only in tests. */
  mcp?: McpFeatureOptions;
}

export interface OpenFeatures {
  handlers: ChannelHandlers;
  /** Closes the features in the reverse order of opening. */
  dispose(): Promise<void>;
}

export async function openFeatures(
  ctx: FeatureContext,
  options: FeatureOptions = {},
): Promise<OpenFeatures> {
  const settings = await openSettingsFeature(ctx);
  const account = await openAccountFeature(ctx);
  const shell = await openShellFeature(ctx);
  const media = await openMediaFeature(ctx);
  const images = await openImagesFeature(ctx);
  const audio = await openAudioFeature(ctx);
  const video = await openVideoFeature(ctx, { pollIntervalMs: options.videoPollIntervalMs });
  const documents = await openDocumentsFeature(ctx);
  const search = await openSearchFeature(ctx, { documents });
  const mcp = await openMcpFeature(ctx, options.mcp);
  const chat = await openChatFeature(ctx, {
    documents,
    provider: options.toolProvider ?? mcp.provider,
  });
  const diagnostics = await openDiagnosticsFeature(ctx, {
    minIntervalMs: options.debugLatestIntervalMs,
  });
  const organise = await openOrganiseFeature(ctx);
  const storage = await openStorageFeature(ctx);
  const spending = await openSpendingFeature(ctx);
  const prompts = await openPromptsFeature(ctx);
  const transfer = await openTransferFeature(ctx, {
    documents,
    folders: organise.folders,
    prompts: prompts.library,
  });
  const opened = [
    settings,
    account,
    shell,
    media,
    images,
    audio,
    video,
    documents,
    search,
    mcp,
    chat,
    diagnostics,
    organise,
    storage,
    spending,
    prompts,
    transfer,
  ];
  return {
    handlers: {
      ...settings.handlers,
      ...account.handlers,
      ...shell.handlers,
      ...media.handlers,
      ...images.handlers,
      ...audio.handlers,
      ...video.handlers,
      ...documents.handlers,
      ...search.handlers,
      ...mcp.handlers,
      ...chat.handlers,
      ...diagnostics.handlers,
      ...transfer.handlers,
      ...organise.handlers,
      ...storage.handlers,
      ...spending.handlers,
      ...prompts.handlers,
    },
    async dispose() {
      for (const feature of opened.reverse()) await feature.dispose?.();
    },
  };
}
