// English strings of attach.*: chat attachments.

export const attachEn = {
  'attach.files': 'Attach files',
  'attach.hint':
    'Images, audio, PDF, DOCX, text or code files: pick, paste or drop them here, or paste a picture’s web address.',
  'attach.dropHere': 'Drop files to attach them',
  'attach.remove': 'Remove {name}',
  'attach.list': 'Attachments',
  'attach.record': 'Record audio',
  'attach.stopRecording': 'Stop recording ({seconds} s)',
  'attach.recording': 'Recording',
  'attach.micUnavailable': 'The microphone is not available: {reason}',
  'attach.phase.converting': 'Converting to WAV…',
  'attach.phase.uploading': 'Uploading {percent}%',
  'attach.phase.reading': 'Reading…',
  'attach.phase.failed': 'Not attached',
  'attach.documentChip': '{pages} · about {tokens}',
  'attach.audioChip': '{format} · {size}',
  'attach.imageChip': 'Image · {size}',
  'attach.tooMany': 'At most {attachments} per message.',
  'attach.empty': '“{name}” is empty (0 bytes), so there is nothing to send.',
  'attach.tooLarge': '“{name}” is {size}; the limit for this kind of file is {limit}.',
  'attach.wrongType': '“{name}” is not a {expected} file, although its name says so.',
  'attach.unsupported':
    '“{name}” is not a file chat can send. Attach images (PNG, JPEG, GIF, WEBP), audio, PDF, DOCX, text or code files.',
  'attach.audioFormat': '“{name}” could not be turned into WAV; audio models take WAV or MP3.',
  'attach.audioUnsupported':
    '{model} does not take audio. Pick a model marked “audio input”, such as {suggestion}.',
  'attach.ocrPdfOnly': 'OCR reads PDF files only; use “Extract text” for DOCX.',
  'attach.vision.title':
    'The service may refuse pictures sent to {model}, or charge too much for them.',
  'attach.vision.historyTitle':
    'The pictures earlier in this conversation go to {model} with the next message, and the service may refuse them there or charge too much for them.',
  'attach.vision.body': 'Switch to {vision}: the same model, priced for pictures.',
  'attach.vision.bodyDetails':
    'The service prices pictures correctly only on models whose id starts with vis-. Sent to any other model, even one the list marks as seeing pictures, a request with pictures is refused on cost or priced too high.',
  'attach.vision.switch': 'Use {vision}',
  'attach.vision.keep': 'Send anyway',
  'attach.vision.chooseFirst':
    'First choose above: switch to the model priced for pictures, or send anyway.',
  'attach.vision.none':
    'The service may refuse pictures sent to {model}, or charge too much for them, and there is no version of it priced for pictures. Pick a model priced for pictures, or send anyway.',
  'attach.vision.historyNone':
    'The pictures earlier in this conversation go to {model} with the next message, and the service may refuse them there or charge too much for them; there is no version of it priced for pictures. Pick a model priced for pictures, or send anyway.',
  'attach.vision.noneDetails': 'The model list has no vis- variant of {model}.',
  'attach.audio.switch': 'Use {model}',
  'attach.audio.none': 'No model in the list takes audio.',
  'attach.contextWarning':
    'Atelier estimates about {tokens} for the message with its attachments, and {model} has a context of {limit}. The service may refuse it: remove an attachment or pick a model with a larger context.',
  'attach.addressChip': 'Picture by address · {host}',
  'attach.address.offer':
    'Send {address} as a picture? The service fetches it from that address; Atelier does not open it.',
  'attach.address.attach': 'Attach as picture',
  'attach.address.keepText': 'Keep as text',
  'attach.address.refused': 'Only an http: or https: address can be sent as a picture.',
  'attach.waitUploads': 'Wait for the attachments to finish uploading.',
  'attach.open': 'Open {name}',
  'attach.textChip': '{type} text · {size} · about {tokens}',
  'attach.notText': '“{name}” is not UTF-8 text (it looks binary), so it cannot be sent as text.',
  'attach.playAudio': 'Play {name}',
  'attach.pictureDeleted': 'Picture deleted',
  'attach.audioDeleted': 'Recording deleted',
  'attach.deletedHint': '“{name}” was deleted from the library.',
} as const;
