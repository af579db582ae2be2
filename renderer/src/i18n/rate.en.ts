// English strings of rate.*: the service's request rate and the wait it asked for.

export const rateEn = {
  'rate.holdNotice': 'The service asked Atelier to wait: {time} left',
  'rate.holdHint':
    'Too many requests: nothing is sent to the service until then (chats, checks, the balance).',
  'rate.retryNow': 'Retry now',
} as const;
