// Russian strings of firstrun.*: the welcome screen and the words for a connection check; typed against the English ones.
import type { firstrunEn } from './firstrun.en';

export const firstrunRu: { readonly [K in keyof typeof firstrunEn]: string } = {
  'firstrun.title': 'Добро пожаловать в Atelier',
  'firstrun.lead':
    'Atelier работает с одним ИИ-сервисом: чат, картинки, звук и видео. Введите его адрес и свой ключ или сначала попробуйте демо.',
  'firstrun.connectTitle': 'Подключите свой сервис',
  'firstrun.connect': 'Подключить',
  'firstrun.checking': 'Спрашиваем сервис…',
  'firstrun.keyNeeded': 'Введите и ключ: сервис проверяется с ним.',
  'firstrun.demoTitle': 'Или попробуйте без учётной записи',
  'firstrun.demoBody':
    'Демо-сервис работает на этом компьютере, без сети, с выдуманными ответами. Выйти из него можно в настройках.',
  'firstrun.later': 'Сначала осмотреться',
  'firstrun.laterHint': 'Настройки всегда есть в навигации слева.',
  'firstrun.start': 'Начать чат',
  'firstrun.waiting': 'Ваше сообщение ждёт в поле ввода: оно уйдёт, когда сервис будет настроен.',
  'firstrun.connected': 'Подключено: в списке {models}, баланс {credits}.',
  'firstrun.connectedNoBalance': 'Подключено: в списке {models}. Баланс недоступен: {reason}',
  'firstrun.connectedPlain': 'Подключено: в списке {models}.',
  'firstrun.refused': 'Ключ отклонён: {words}',
  'firstrun.unreachable': 'Не удаётся связаться с {host}: проверьте адрес.',
  'firstrun.failed':
    '{host} ответил, но не списком моделей ({words}). Проверьте адрес: обычно он оканчивается на /v1.',
  'firstrun.keyKeptRefused':
    'Ключ сохранён, но помечен как нерабочий: вставьте верный ключ или удалите этот.',
  'firstrun.keyKeptUnchecked': 'Ключ сохранён, но ещё не проверен.',
  'firstrun.keyNotWorking': 'Не работает: сервис отклонил этот ключ.',
  'firstrun.keyWorking': 'Проверено: сервис принимает этот ключ.',
  'firstrun.enterAddress': 'Введите адрес своего сервиса и ключ.',
  'firstrun.titlesTitle': 'Названия разговоров',
  'firstrun.titlesOn': 'Называть новые разговоры автоматически',
  'firstrun.titlesBody':
    'После первого ответа самая дешёвая модель чата из списка вашего сервиса предлагает короткое название в фоне; этот запрос оплачивается, как любой другой. Если выключить, разговор называется первыми словами его первого вопроса. Это можно изменить в настройках.',
  'firstrun.titlesCost': 'Примерно {cost} за название, модель {model}.',
  'firstrun.titlesCostLater': 'Стоимость названия будет показана, когда сервис подключён.',
  'firstrun.titlesNoModel':
    'В списке сервиса нет модели чата с ценами, поэтому стоимость названия назвать нельзя.',
  'firstrun.titlesNoPrice':
    'В списке нет цены для {model}, поэтому стоимость названия назвать нельзя.',
  'firstrun.nothingSaved': 'Ничего не сохранено.',
} as const;
