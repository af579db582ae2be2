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
  'firstrun.connected': 'Connected: {models}, balance {credits}.',
  'firstrun.connectedNoBalance': 'Connected: {models}. The balance is not available: {reason}',
  'firstrun.connectedPlain': 'Connected: {models}.',
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
  'firstrun.titlesTitle': 'Conversation titles',
  'firstrun.titlesOn': 'Name new conversations automatically',
  'firstrun.titlesBody':
    'After a conversation’s first answer, the cheapest chat model on your service’s list suggests a short title in the background, and it is paid like any request. Turned off, a conversation is named after the first words of its first question. You can change this in Settings.',
  'firstrun.titlesCost': 'About {cost} a title, with {model}.',
  'firstrun.titlesCostLater': 'What a title costs is shown once a service is connected.',
  'firstrun.titlesNoModel':
    'The service’s list gives no chat model with prices, so the cost of a title cannot be said.',
  'firstrun.titlesNoPrice':
    'The list gives no price for {model}, so the cost of a title cannot be said.',
} as const;
