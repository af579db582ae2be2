// English strings of voice.*: voice mode in the chat's composer.

export const voiceEn = {
  'voice.start': 'Voice mode',
  'voice.startHint':
    'Talk with the model: speak, pause, and hear the answer read aloud. Esc stops.',
  'voice.region': 'Voice mode',
  'voice.phase.starting': 'Opening the microphone…',
  'voice.phase.listening': 'Listening… Speak, then pause.',
  'voice.phase.transcribing': 'Transcribing…',
  'voice.phase.thinking': 'Thinking…',
  'voice.phase.speaking': 'Speaking…',
  'voice.phase.off': 'Voice mode stopped.',
  'voice.played': 'Replies read aloud: {count}',
  'voice.sendNow': 'Send now',
  'voice.stop': 'Stop voice mode',
  'voice.escHint': 'Esc stops voice mode.',
  'voice.dismiss': 'Close',
  'voice.problem.no-microphone':
    'No microphone was found. Connect one or turn it on in the system settings, then press Voice mode again.',
  'voice.problem.microphone-refused':
    'Atelier may not use the microphone. Allow it in the system’s privacy settings (or the browser’s site settings), then press Voice mode again.',
  'voice.problem.microphone':
    'The microphone could not be used ({reason}). Check that no other app holds it, then press Voice mode again.',
  'voice.problem.no-transcription-model':
    'The service lists no transcription model to hear you with. Choose an stt- model for voice mode in Settings, then try again.',
  'voice.problem.no-speech-model':
    'The service lists no speech model to read the answer with. Choose a tts- model in Settings, then try again.',
  'voice.problem.service':
    'Voice mode stopped because the service refused a step of this round. What was said so far stays in the conversation.',
  'voice.problem.playback':
    'The reply could not be played ({reason}). Check the sound output, then press Voice mode again.',
} as const;
