// Russian strings of voice.*: voice mode in the chat's composer; typed against the English ones.
import type { voiceEn } from './voice.en';

export const voiceRu: { readonly [K in keyof typeof voiceEn]: string } = {
  'voice.start': 'Голосом',
  'voice.startHint':
    'Разговор с моделью: скажите, сделайте паузу и услышьте ответ вслух. Esc останавливает.',
  'voice.region': 'Голосовой режим',
  'voice.phase.starting': 'Включаю микрофон…',
  'voice.phase.listening': 'Слушаю… Говорите, затем сделайте паузу.',
  'voice.phase.transcribing': 'Распознаю речь…',
  'voice.phase.thinking': 'Думаю…',
  'voice.phase.speaking': 'Читаю ответ…',
  'voice.phase.off': 'Голосовой режим остановлен.',
  'voice.played': 'Ответов прочитано вслух: {count}',
  'voice.sendNow': 'Отправить сейчас',
  'voice.stop': 'Остановить голосовой режим',
  'voice.escHint': 'Esc останавливает голосовой режим.',
  'voice.dismiss': 'Закрыть',
  'voice.problem.no-microphone':
    'Микрофон не найден. Подключите его или включите в настройках системы, затем снова нажмите «Голосом».',
  'voice.problem.microphone-refused':
    'Atelier не разрешено пользоваться микрофоном. Разрешите это в настройках конфиденциальности системы (или в настройках сайта в браузере), затем снова нажмите «Голосом».',
  'voice.problem.microphone':
    'Микрофоном не удалось воспользоваться ({reason}). Проверьте, не занят ли он другой программой, затем снова нажмите «Голосом».',
  'voice.problem.no-transcription-model':
    'В списке сервиса нет модели распознавания речи. Выберите модель stt- для голосового режима в Настройках и попробуйте снова.',
  'voice.problem.no-speech-model':
    'В списке сервиса нет модели озвучивания, чтобы прочитать ответ. Выберите модель tts- в Настройках и попробуйте снова.',
  'voice.problem.service':
    'Голосовой режим остановлен: сервис отказал на одном из шагов. Всё сказанное до этого осталось в разговоре.',
  'voice.problem.playback':
    'Ответ не удалось воспроизвести ({reason}). Проверьте вывод звука, затем снова нажмите «Голосом».',
};
