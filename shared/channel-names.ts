// The names of every IPC call and event, free of zod so the preload bundle stays small.

export const invokeChannels = [
  'settings.get',
  'settings.update',
  'key.set',
  'key.clear',
  'demo.use',
  'demo.leave',
  'rate.hold',
  'rate.retryNow',
  'models.list',
  'balance.get',
  'conversations.list',
  'conversations.get',
  'conversations.create',
  'conversations.update',
  'conversations.delete',
  'chat.send',
  'chat.stop',
  'chat.regenerate',
  'chat.edit',
  'shell.openExternal',
  'attachments.prepare',
  'documents.list',
  'documents.get',
  'documents.extract',
  'documents.delete',
  'documents.decide',
  'semantic.status',
  'semantic.estimate',
  'semantic.configure',
  'semantic.search',
  'diagnostics.get',
  'diagnostics.update',
  'diagnostics.sendTest',
  'diagnostics.fetchReceived',
  'files.begin',
  'files.chunk',
  'files.finish',
  'files.cancel',
  'media.list',
  'media.get',
  'media.delete',
  'media.saveAs',
  'media.import',
  'media.usage',
  'audio.speak',
  'audio.music',
  'audio.transcribe',
  'audio.transcripts',
  'audio.deleteTranscript',
  'video.generate',
  'video.jobs',
  'video.remove',
  'video.retryDownload',
  'images.generate',
  'images.edit',
  'images.sdTxt2img',
  'images.cancel',
] as const;

export type InvokeChannel = (typeof invokeChannels)[number];

export const eventChannels = [
  'chat.event',
  'balance.changed',
  'settings.changed',
  'conversations.changed',
  'media.changed',
  'video.jobs.changed',
  'audio.retrying',
  'video.retrying',
  'images.progress',
  'rate.hold.changed',
] as const;

export type EventChannel = (typeof eventChannels)[number];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && (invokeChannels as readonly string[]).includes(name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && (eventChannels as readonly string[]).includes(name);
}
