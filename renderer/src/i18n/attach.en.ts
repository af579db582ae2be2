// English strings of attach.*: chat attachments.

export const attachEn = {
  'attach.files': 'Attach files',
  'attach.hint': 'Images, audio, PDF, DOCX, text or code files: pick, paste or drop them here.',
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
  'attach.vision.title': '{model} does not see images.',
  'attach.vision.body':
    'Switch to {vision}: the same model, and it sees pictures. The model chosen now would refuse them.',
  'attach.vision.bodyDetails':
    'The service prices pictures only on its vis- models, so it refuses a request with pictures sent to the plain model.',
  'attach.vision.switch': 'Use {vision}',
  'attach.vision.keep': 'Send anyway',
  'attach.vision.chooseFirst':
    'First choose above: switch to the model that sees pictures, or send anyway.',
  'attach.vision.none':
    '{model} may not see pictures, and there is no version of it that does. Pick a model that sees pictures, or send anyway.',
  'attach.vision.noneDetails': 'The model list has no vis- variant of {model}.',
  'attach.audio.switch': 'Use {model}',
  'attach.audio.none': 'No model in the list takes audio.',
  'attach.contextWarning':
    'The message with its attachments needs about {tokens}; {model} has a context of {limit}. Remove a document or pick a model with a larger context.',
  'attach.waitUploads': 'Wait for the attachments to finish uploading.',
  'attach.open': 'Open {name}',
  'attach.textChip': '{type} text · {size} · about {tokens}',
  'attach.notText': '“{name}” is not UTF-8 text (it looks binary), so it cannot be sent as text.',
  'attach.playAudio': 'Play {name}',
  'attach.pictureDeleted': 'Picture deleted',
  'attach.audioDeleted': 'Recording deleted',
  'attach.deletedHint': '“{name}” was deleted from the library.',
} as const;
