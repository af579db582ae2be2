// The parts of the Chat tab the first screen does not show, in chunks of their own: the message
// list (with its virtualizer, rows, tool cards), a conversation's settings and its export menu.
import { deferred } from '../common/deferred';

const messageList = deferred(
  () => import('./MessageList').then((module) => module.MessageList),
  <div className="message-scroller" />,
);
const conversationSettings = deferred(() =>
  import('./ConversationSettings').then((module) => module.ConversationSettings),
);
const exportMenu = deferred(() =>
  import('../transfer/ExportMenu').then((module) => module.ExportMenu),
);

export const MessageList = messageList.Component;
export const ConversationSettings = conversationSettings.Component;
export const ExportMenu = exportMenu.Component;

/** Fetches them all ahead of need: once the first screen is up, or when a conversation opens. */
export function preloadChatParts(): Promise<void> {
  return Promise.all([
    messageList.preload(),
    conversationSettings.preload(),
    exportMenu.preload(),
  ]).then(() => undefined);
}
