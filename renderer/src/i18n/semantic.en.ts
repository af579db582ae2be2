// English strings of semantic.*: semantic search in Settings.

export const semanticEn = {
  'semantic.title': 'Semantic search',
  'semantic.body':
    'Find messages and documents by meaning, not only by their words. Atelier embeds your conversations and extracted documents with the service, in the background; this costs credits.',
  'semantic.model': 'Embedding model',
  'semantic.estimate': 'Estimate the cost',
  'semantic.estimated':
    'To embed {passages} (several messages or a document section each), about {tokens}: {cost}. One request per passage: about {time} at the account’s current request rate.',
  'semantic.costCredits': 'about {cost}',
  'semantic.costUnknown': 'the price of this model is not given',
  'semantic.enable': 'Turn on semantic search',
  'semantic.disable': 'Turn off semantic search',
  'semantic.on': 'On: {indexed} embedded, {pending} waiting.',
  'semantic.timeLeft': 'About {time} left at the current request rate.',
  'semantic.off': 'Off. Search finds words only.',
  'semantic.running': 'Embedding in the background…',
  'semantic.lastError': 'The last background pass failed: {message}',
  'semantic.byMeaning': 'by meaning',
  'semantic.byWords': 'by words',
  'semantic.documentHit': 'Document',
} as const;
