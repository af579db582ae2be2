// English strings of compare.*: one question to several models, their answers side by side.

export const compareEn = {
  'compare.toggle': 'Compare',
  'compare.toggleHint': 'Send one question to 2 to 4 models and see their answers side by side.',
  'compare.models': 'Models to compare',
  'compare.model': 'Model {n}',
  'compare.add': 'Add a model',
  'compare.remove': 'Remove model {n}',
  'compare.needModels': 'Choose {min} to {max} different models to compare.',
  'compare.estimate': 'All models together: up to {cost}',
  'compare.answers': 'Answers side by side',
  'compare.column': 'Answer of {model}',
  'compare.firstToken': 'First token',
  'compare.speed': 'Speed',
  'compare.tokens': 'Tokens',
  'compare.cost': 'Cost',
  'compare.seconds': '{value} s',
  'compare.perSecond': '{value} tokens/s',
  'compare.none': '—',
  'compare.estimated': '≈ {value}',
  'compare.estimatedHint': 'Atelier’s estimate: the service sent no usage for this answer.',
  'compare.liveHint':
    'Counted by Atelier while the answer is written (about four characters a token); the exact figures come with its end.',
  'compare.waiting': 'Waiting for the first token…',
  'compare.retrying': 'Trying again ({attempt} of {max})…',
  'compare.stopped': 'Stopped before the end.',
  'compare.stop': 'Stop',
  'compare.stopNamed': 'Stop {model}',
  'compare.retry': 'Try again',
  'compare.retryNamed': 'Try {model} again',
  'compare.choose': 'Continue with this answer',
  'compare.chooseNamed': 'Continue with the answer of {model}',
  'compare.chooseHint':
    'Continue with one answer: the others stay as its versions, and the next question is sent with the chosen one only.',
  'compare.vision.label': 'Pictures and {model}',
  'compare.vision.title':
    'Pictures sent to this model may be refused or cost too much; its vis- variant is priced for them.',
  'compare.vision.none':
    'Pictures sent to this model may be refused or cost too much, and the list has no vis- variant of it.',
  'compare.vision.keepNamed': 'Send anyway to {model}',
} as const;
