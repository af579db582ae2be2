// The English dictionary, composed of one part per key prefix: the source of every visible string and aria-label.
import { appEn } from './app.en';
import { navEn } from './nav.en';
import { balanceEn } from './balance.en';
import { commonEn } from './common.en';
import { modelsEn } from './models.en';
import { settingsEn } from './settings.en';
import { chatEn } from './chat.en';
import { compareEn } from './compare.en';
import { errorEn } from './error.en';
import { shortcutsEn } from './shortcuts.en';
import { imagesEn } from './images.en';
import { attachEn } from './attach.en';
import { documentsEn } from './documents.en';
import { decisionsEn } from './decisions.en';
import { semanticEn } from './semantic.en';
import { diagnosticsEn } from './diagnostics.en';
import { audioEn } from './audio.en';
import { videoEn } from './video.en';
import { rateEn } from './rate.en';
import { linkEn } from './link.en';
import { transferEn } from './transfer.en';
import { firstrunEn } from './firstrun.en';
import { pricesEn } from './prices.en';
import { organiseEn } from './organise.en';
import { formatEn } from './format.en';
import { toolsEn } from './tools.en';
import { mcpEn } from './mcp.en';
import { storageEn } from './storage.en';
import { spendingEn } from './spending.en';
import { unitsEn } from './units.en';
import { previewEn } from './preview.en';
import { studioEn } from './studio.en';
import { voiceEn } from './voice.en';
import { promptsEn } from './prompts.en';
import { forkEn } from './fork.en';

export const en = {
  ...appEn,
  ...navEn,
  ...balanceEn,
  ...commonEn,
  ...modelsEn,
  ...settingsEn,
  ...chatEn,
  ...compareEn,
  ...errorEn,
  ...shortcutsEn,
  ...imagesEn,
  ...attachEn,
  ...documentsEn,
  ...decisionsEn,
  ...semanticEn,
  ...diagnosticsEn,
  ...audioEn,
  ...videoEn,
  ...rateEn,
  ...linkEn,
  ...transferEn,
  ...firstrunEn,
  ...pricesEn,
  ...organiseEn,
  ...formatEn,
  ...toolsEn,
  ...mcpEn,
  ...storageEn,
  ...spendingEn,
  ...unitsEn,
  ...previewEn,
  ...studioEn,
  ...voiceEn,
  ...promptsEn,
  ...forkEn,
} as const;

export type MessageKey = keyof typeof en;
export type EnglishDictionary = typeof en;
