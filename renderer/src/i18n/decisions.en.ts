// English strings of decisions.*: decisions on a document.

export const decisionsEn = {
  'decisions.title': 'Decisions',
  'decisions.hint':
    'Ask questions about the text above: yes/no, a choice among options, or a score on a scale.',
  'decisions.model': 'Decision model',
  'decisions.add': 'Add question',
  'decisions.question': 'Question {number}',
  'decisions.type': 'Question type',
  'decisions.type.noul': 'Yes / no',
  'decisions.type.choice': 'Choice',
  'decisions.type.score': 'Score',
  'decisions.instructions': 'Question',
  'decisions.trueMeans': 'True means',
  'decisions.falseMeans': 'False means',
  'decisions.optionLabel': 'Option {number}',
  'decisions.optionDescription': 'Description of option {number}',
  'decisions.addOption': 'Add option',
  'decisions.scale': 'Scale labels (comma-separated, lowest first)',
  'decisions.removeQuestion': 'Remove question {number}',
  'decisions.ask': 'Ask',
  'decisions.asking': 'Asking…',
  'decisions.needText': 'Extract or paste some text first.',
  'decisions.answers': 'Answers',
  'decisions.yes': 'Yes',
  'decisions.no': 'No',
  'decisions.probability': '{label}: {percent}%',
  'decisions.confidence': 'Confidence {percent}%',
  'decisions.chosen': 'Answer: {value}',
  'decisions.score': 'Score {value} of 1',
  'decisions.runAt': '{model} · {time}',
  'decisions.name': 'Question name',
  'decisions.nameHint': 'The name its answer goes by. Left empty, it is {name}.',
  'decisions.nameRepeated':
    'Two questions are named “{name}” (an empty name stands for q and the question’s number). Give each question a name of its own.',
  'decisions.chooseModel':
    'The model list has no model that looks like a decision model. Choose one in Decision model: any id you type is sent as typed.',
} as const;
