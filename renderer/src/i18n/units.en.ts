// English strings of units.*: counted nouns by plural category (one, few, many, other) and size units.

export const unitsEn = {
  'units.tokens.one': '{count} token',
  'units.tokens.few': '{count} tokens',
  'units.tokens.many': '{count} tokens',
  'units.tokens.other': '{count} tokens',
  'units.pages.one': '{count} page',
  'units.pages.few': '{count} pages',
  'units.pages.many': '{count} pages',
  'units.pages.other': '{count} pages',
  'units.calls.one': '{count} call',
  'units.calls.few': '{count} calls',
  'units.calls.many': '{count} calls',
  'units.calls.other': '{count} calls',
  'units.messages.one': '{count} message',
  'units.messages.few': '{count} messages',
  'units.messages.many': '{count} messages',
  'units.messages.other': '{count} messages',
  'units.size.B': '{size} B',
  'units.size.KB': '{size} KB',
  'units.size.MB': '{size} MB',
  'units.size.GB': '{size} GB',
} as const;
