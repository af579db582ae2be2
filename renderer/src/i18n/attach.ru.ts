// Russian strings of attach.*: chat attachments; typed against the English ones.
import type { attachEn } from './attach.en';

export const attachRu: { readonly [K in keyof typeof attachEn]: string } = {
  'attach.files': 'Прикрепить файлы',
  'attach.hint':
    'Изображения, аудио, PDF, DOCX, текст или код: выберите, вставьте или перетащите сюда — или вставьте веб-адрес изображения.',
  'attach.dropHere': 'Отпустите файлы, чтобы прикрепить их',
  'attach.remove': 'Убрать {name}',
  'attach.list': 'Вложения',
  'attach.record': 'Записать звук',
  'attach.stopRecording': 'Остановить запись ({seconds} с)',
  'attach.recording': 'Идёт запись',
  'attach.micUnavailable': 'Микрофон недоступен: {reason}',
  'attach.phase.converting': 'Перевод в WAV…',
  'attach.phase.uploading': 'Загрузка {percent}%',
  'attach.phase.reading': 'Чтение…',
  'attach.phase.failed': 'Не прикреплено',
  'attach.documentChip': '{pages} · примерно {tokens}',
  'attach.audioChip': '{format} · {size}',
  'attach.imageChip': 'Изображение · {size}',
  'attach.tooMany': 'В одном сообщении — не больше, чем {attachments}.',
  'attach.empty': '«{name}» пуст (0 байт), отправлять нечего.',
  'attach.tooLarge': '«{name}» весит {size}; предел для таких файлов — {limit}.',
  'attach.wrongType': '«{name}» — не файл {expected}, хотя так сказано в его имени.',
  'attach.unsupported':
    '«{name}» нельзя отправить в чат. Прикрепляйте изображения (PNG, JPEG, GIF, WEBP), аудио, PDF, DOCX, текстовые файлы или код.',
  'attach.audioFormat': '«{name}» не удалось перевести в WAV; аудиомодели принимают WAV или MP3.',
  'attach.audioUnsupported':
    '{model} не принимает аудио. Выберите модель с пометкой «audio input», например {suggestion}.',
  'attach.ocrPdfOnly': 'OCR читает только PDF; для DOCX используйте «Извлечь текст».',
  'attach.vision.title':
    'Изображения, отправленные в {model}, сервис может отклонить или посчитать слишком дорого.',
  'attach.vision.historyTitle':
    'Изображения из этого разговора уйдут в {model} со следующим сообщением, и сервис может их отклонить или посчитать слишком дорого.',
  'attach.vision.body':
    'Перейдите на {vision}: это та же модель, но с верной ценой за изображения.',
  'attach.vision.bodyDetails':
    'Сервис верно назначает цену за изображения только у моделей, чей идентификатор начинается с vis-. Запрос с изображениями к любой другой модели, даже отмеченной в списке как видящая изображения, отклоняется из-за стоимости или обходится слишком дорого.',
  'attach.vision.switch': 'Перейти на {vision}',
  'attach.vision.keep': 'Всё равно отправить',
  'attach.vision.chooseFirst':
    'Сначала выберите выше: перейти на модель с верной ценой за изображения или всё равно отправить.',
  'attach.vision.none':
    'Изображения, отправленные в {model}, сервис может отклонить или посчитать слишком дорого, а версии этой модели с ценой за изображения нет. Выберите модель с ценой за изображения или всё равно отправьте.',
  'attach.vision.historyNone':
    'Изображения из этого разговора уйдут в {model} со следующим сообщением, и сервис может их отклонить или посчитать слишком дорого; версии этой модели с ценой за изображения нет. Выберите модель с ценой за изображения или всё равно отправьте.',
  'attach.vision.noneDetails': 'В списке моделей нет варианта vis- для {model}.',
  'attach.audio.switch': 'Перейти на {model}',
  'attach.audio.none': 'В списке нет моделей, принимающих аудио.',
  'attach.contextWarning':
    'По оценке Atelier, сообщению с вложениями нужно примерно {tokens}, а контекст {model} — {limit}. Сервис может отклонить запрос: уберите вложение или выберите модель с бо́льшим контекстом.',
  'attach.addressChip': 'Изображение по адресу · {host}',
  'attach.address.offer':
    'Отправить {address} как изображение? Сервис сам возьмёт его по этому адресу; Atelier его не открывает.',
  'attach.address.attach': 'Прикрепить как изображение',
  'attach.address.keepText': 'Оставить текстом',
  'attach.address.refused': 'Изображение можно отправить только по адресу http: или https:.',
  'attach.waitUploads': 'Дождитесь окончания загрузки вложений.',
  'attach.open': 'Открыть {name}',
  'attach.textChip': 'Текст {type} · {size} · примерно {tokens}',
  'attach.notText':
    '«{name}» — не текст в UTF-8 (похоже на двоичный файл), поэтому его нельзя отправить как текст.',
  'attach.playAudio': 'Воспроизвести {name}',
  'attach.pictureDeleted': 'Изображение удалено',
  'attach.audioDeleted': 'Запись удалена',
  'attach.deletedHint': '«{name}» удалён из библиотеки.',
};
