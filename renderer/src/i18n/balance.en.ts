// English strings of balance.*: the balance in the shell.

export const balanceEn = {
  'balance.label': 'Balance',
  'balance.demo': 'Demo',
  'balance.demoHint':
    'The demo service: made-up answers and play credits, not money. Its conversations are a list of their own.',
  'balance.credits': '{credits} credits',
  'balance.refresh': 'Refresh balance',
  'balance.checking': 'Checking balance…',
  'balance.status.green': 'Account in good standing',
  'balance.status.yellow': 'Balance running low',
  'balance.status.red': 'Account blocked or out of funds',
  'balance.subscriptionUntil': 'Subscription until {date}',
  'balance.moscowTime': 'Moscow time',
  'balance.subscription': 'Subscription: {status}',
  'balance.off': 'The service gave no balance: {reason}',
  'balance.offHelp':
    'If balance retrieval is off, enable it in your account settings on the service’s site.',
  'balance.unknown': 'No key yet: add one in Settings to see the balance.',
  'balance.error': 'Balance unavailable.',
} as const;
