// English strings of format.*: the Answer format of a conversation, JSON answers and their check, and the Sources of web-search answers.

export const formatEn = {
  'format.answerFormat': 'Answer format',
  'format.text': 'Free text',
  'format.json': 'JSON',
  'format.jsonSchema': 'JSON with a schema',
  'format.jsonHint':
    'The model is asked to answer in JSON. Best effort: a model may still wrap or break it.',
  'format.schemaName': 'Schema name',
  'format.schemaNameHint': 'Letters, digits, _ and -, up to 64.',
  'format.schema': 'Schema',
  'format.templates': 'Templates',
  'format.template.person': 'Person',
  'format.template.list': 'List of items',
  'format.template.classification': 'Classification',
  'format.saveSchema': 'Save schema',
  'format.schemaSaved': 'Schema saved. Answers will be checked against it.',
  'format.schemaUnsaved': 'The schema has changes that are not saved.',
  'format.schemaHint':
    'Sent with strict: true. Models with the structured-outputs badge keep to it; others may not.',
  'format.notJson': 'The schema is not valid JSON: {reason}',
  'format.notObject': 'The schema must be a JSON object, in curly braces.',
  'format.badName': 'The name may hold only letters, digits, _ and - (1 to 64 of them).',
  'format.tooLong': 'The schema is longer than {max}.',
  'format.jsonAnswer': 'JSON answer',
  'format.matches': 'Matches the schema',
  'format.mismatch': 'Does not match: {problems}',
  'format.validJson': 'Valid JSON',
  'format.notValidJson': 'Not valid JSON',
  'format.fenced': 'The model wrapped the JSON in a code block; Atelier took it out.',
  'format.withoutBadge':
    'This model is not known to keep to structured outputs, so its JSON may come wrapped or broken.',
  'format.copyJson': 'Copy JSON',
  'format.sources': 'Sources',
  'format.openSource': 'Open {url}',
} as const;
