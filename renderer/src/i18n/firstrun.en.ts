// English strings of firstrun.*: the welcome screen and the words for a connection check.

export const firstrunEn = {
  'firstrun.title': 'Welcome to Atelier',
  'firstrun.lead':
    'Atelier talks to one AI service for chat, pictures, sound and video. Enter its address and your key, or try the demo first.',
  'firstrun.connectTitle': 'Connect your service',
  'firstrun.connect': 'Connect',
  'firstrun.checking': 'Asking the service…',
  'firstrun.keyNeeded': 'Enter your key as well: the service is asked with it.',
  'firstrun.demoTitle': 'Or try it without an account',
  'firstrun.demoBody':
    'The demo service runs on this computer, offline, with made-up answers. You can leave it in Settings.',
  'firstrun.later': 'Look around first',
  'firstrun.laterHint': 'Settings is always in the navigation on the left.',
  'firstrun.start': 'Start chatting',
  'firstrun.waiting': 'Your message waits in the box: it is sent once a service is set up.',
  'firstrun.connected': 'Connected: {count} models, balance {credits} credits',
  'firstrun.connectedNoBalance':
    'Connected: {count} models. The balance is not available: {reason}',
  'firstrun.connectedPlain': 'Connected: {count} models.',
  'firstrun.refused': 'The key was refused: {words}',
  'firstrun.unreachable': 'Cannot reach {host}: check the address.',
  'firstrun.failed':
    '{host} answered, but not with a model list ({words}). Check the address: it usually ends with /v1.',
  'firstrun.keyKeptRefused':
    'The key is kept but marked not working: paste the right key, or clear it.',
  'firstrun.keyKeptUnchecked': 'The key is kept, but not checked yet.',
  'firstrun.keyNotWorking': 'Not working: the service refused this key.',
  'firstrun.keyWorking': 'Checked: the service accepts this key.',
  'firstrun.enterAddress': 'Enter your own service’s address and key.',
  'firstrun.nothingSaved': 'Nothing was saved.',
} as const;
