// The Russian dictionary, composed like the English one; typed against it, so a missing or extra key fails the build.
import type { MessageKey } from './en';
import { appRu } from './app.ru';
import { navRu } from './nav.ru';
import { balanceRu } from './balance.ru';
import { commonRu } from './common.ru';
import { modelsRu } from './models.ru';
import { settingsRu } from './settings.ru';
import { chatRu } from './chat.ru';
import { compareRu } from './compare.ru';
import { errorRu } from './error.ru';
import { shortcutsRu } from './shortcuts.ru';
import { imagesRu } from './images.ru';
import { attachRu } from './attach.ru';
import { documentsRu } from './documents.ru';
import { decisionsRu } from './decisions.ru';
import { semanticRu } from './semantic.ru';
import { diagnosticsRu } from './diagnostics.ru';
import { audioRu } from './audio.ru';
import { videoRu } from './video.ru';
import { rateRu } from './rate.ru';
import { linkRu } from './link.ru';
import { transferRu } from './transfer.ru';
import { firstrunRu } from './firstrun.ru';
import { pricesRu } from './prices.ru';
import { organiseRu } from './organise.ru';
import { formatRu } from './format.ru';
import { toolsRu } from './tools.ru';
import { mcpRu } from './mcp.ru';
import { storageRu } from './storage.ru';
import { spendingRu } from './spending.ru';
import { unitsRu } from './units.ru';
import { previewRu } from './preview.ru';
import { studioRu } from './studio.ru';
import { voiceRu } from './voice.ru';
import { promptsRu } from './prompts.ru';
import { forkRu } from './fork.ru';

export const ru: { readonly [K in MessageKey]: string } = {
  ...appRu,
  ...navRu,
  ...balanceRu,
  ...commonRu,
  ...modelsRu,
  ...settingsRu,
  ...chatRu,
  ...compareRu,
  ...errorRu,
  ...shortcutsRu,
  ...imagesRu,
  ...attachRu,
  ...documentsRu,
  ...decisionsRu,
  ...semanticRu,
  ...diagnosticsRu,
  ...audioRu,
  ...videoRu,
  ...rateRu,
  ...linkRu,
  ...transferRu,
  ...firstrunRu,
  ...pricesRu,
  ...organiseRu,
  ...formatRu,
  ...toolsRu,
  ...mcpRu,
  ...storageRu,
  ...spendingRu,
  ...unitsRu,
  ...previewRu,
  ...studioRu,
  ...voiceRu,
  ...promptsRu,
  ...forkRu,
};
