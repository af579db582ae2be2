// Russian strings of fork.*: "New chat from here" on a message; typed against the English ones.
import type { forkEn } from './fork.en';

export const forkRu: { readonly [K in keyof typeof forkEn]: string } = {
  'fork.newChatHere': 'Новый чат отсюда',
  'fork.newChatHereOf': 'Новый чат отсюда: {message}',
  'fork.hint':
    'Новый разговор со всем, что было до этого сообщения включительно, с теми же настройками',
} as const;
