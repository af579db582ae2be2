// English strings of fork.*: "New chat from here" on a message.

export const forkEn = {
  'fork.newChatHere': 'New chat from here',
  'fork.newChatHereOf': 'New chat from here: {message}',
  'fork.hint': 'A new conversation with everything up to this message, on the same settings',
} as const;
