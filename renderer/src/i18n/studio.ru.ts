// Russian strings of studio.*: Read aloud, Illustrate and Animate in the chat, media from chats; typed against the English ones.
import type { studioEn } from './studio.en';

export const studioRu: { readonly [K in keyof typeof studioEn]: string } = {
  'studio.readAloud': 'Прочитать вслух',
  'studio.readAloudOf': 'Прочитать вслух: {message}',
  'studio.illustrate': 'Иллюстрировать',
  'studio.illustrateOf': 'Иллюстрировать: {message}',
  'studio.illustrateHint':
    'Создаёт картинку по этому ответу или по выделенной в нём части моделью картинок, выбранной в настройках.',
  'studio.animate': 'Оживить',
  'studio.animateOf': 'Оживить картинку {picture}',
  'studio.reading': 'Озвучиваем…',
  'studio.drawing': 'Рисуем картинку…',
  'studio.starting': 'Запускаем видео…',
  'studio.media': 'Создано из этого сообщения',
  'studio.recording': 'Чтение вслух',
  'studio.illustration': 'Иллюстрация: {prompt}',
  'studio.videoOf': 'Видео из картинки',
  'studio.videoJob': 'Видео из картинки: {status}',
  'studio.videoJobFailed': 'Видео не создано: {reason}',
  'studio.origin': 'Показать',
  'studio.originMade': 'Созданное здесь',
  'studio.originChats': 'Из чатов',
  'studio.openChat': 'Из чата «{title}»',
  'studio.openChatLabel': 'Открыть чат «{title}» на сообщении, из которого это создано',
  'studio.attachedToChat': 'Вложено в сообщение чата',
  'studio.chatGone': 'Из удалённого чата',
  'studio.noneFromChats':
    'Из чатов пока ничего нет. Здесь остаётся то, что создают «Прочитать вслух», «Иллюстрировать» и «Оживить» в сообщениях.',
  'studio.card': 'В чате',
  'studio.cardHint':
    'Модели для «Прочитать вслух», «Иллюстрировать», «Оживить» и голосового режима. Пока вы не выбрали, берётся модель по умолчанию из списка сервиса.',
  'studio.speechModel': 'Модель речи',
  'studio.voice': 'Голос',
  'studio.pictureModel': 'Модель картинок',
  'studio.videoModel': 'Модель видео (из картинки)',
  'studio.transcribeModel': 'Модель распознавания речи',
  'studio.usesDefault': 'Используется модель по умолчанию из списка.',
  'studio.useDefault': 'Брать модель по умолчанию',
  'studio.noModel': 'В списке сервиса пока нет модели для этого.',
};
