// Russian strings of settings.*: the Settings tab; typed against the English ones.
import type { settingsEn } from './settings.en';

export const settingsRu: { readonly [K in keyof typeof settingsEn]: string } = {
  'settings.title': 'Настройки',
  'settings.connection': 'Подключение',
  'settings.baseUrl': 'Базовый URL',
  'settings.baseUrlHint': 'Адрес сервиса, оканчивается на /v1.',
  'settings.apiKey': 'API-ключ',
  'settings.apiKeyPlaceholder': 'Вставьте новый ключ',
  'settings.keySet': 'Ключ задан, оканчивается на ····{last4}.',
  'settings.keyNotSet': 'Ключ не задан.',
  'settings.keyHint': 'Ключ шифруется на этом компьютере и больше не показывается.',
  'settings.clearKey': 'Удалить ключ',
  'settings.ratePlan': 'Тариф',
  'settings.ratePlan.standard': 'Стандартный: 1 запрос / 2 с',
  'settings.ratePlan.fast': 'FAST: быстрее, по ответам сервиса',
  'settings.ratePlan.custom': 'Свой: моя частота',
  'settings.ratePlan.fastHint':
    'Начинает с 1 запроса в 2 с и ускоряется, пока сервис принимает запросы; замедляется, когда он отвечает «слишком много запросов».',
  'settings.customRate': 'Запросов в секунду',
  'settings.customRateHint':
    'От {min} до {max}. Стандартный тариф — 0,5; Atelier всё равно ждёт, когда сервис об этом просит.',
  'settings.customRateInvalid': 'Введите число от {min} до {max}.',
  'settings.defaultModel': 'Модель по умолчанию',
  'settings.appearance': 'Внешний вид',
  'settings.language': 'Язык',
  'settings.language.en': 'English',
  'settings.language.ru': 'Русский',
  'settings.theme': 'Тема',
  'settings.theme.light': 'Светлая',
  'settings.theme.dark': 'Тёмная',
  'settings.theme.system': 'Системная',
  'settings.appearanceHint': 'Язык и тема меняются сразу.',
  'settings.demo': 'Демо-сервис',
  'settings.demoHint': 'Офлайн-демо сервиса: можно попробовать все вкладки без аккаунта.',
  'settings.demoActive': 'Используется демо-сервис.',
  'settings.leaveDemo': 'Выйти из демо-сервиса',
  'settings.noKeychain':
    'В системе нет хранилища ключей (secret service), поэтому Atelier не может как следует зашифровать ключ. Если не отметить флажок, ключ будет работать только до закрытия Atelier и не сохранится.',
  'settings.keySessionOnly':
    'В системе нет хранилища ключей: ключ работает до закрытия Atelier и не сохранён.',
  'settings.storeWithoutKeychain': 'Всё равно сохранить ключ, защищённый только правами на файл',
  'settings.demoLeft': 'Снова ваш адрес сервиса и ваш ключ.',
  'settings.keyElsewhere':
    'Сохранённый ключ принадлежит {host} и никогда не отправляется на другой хост. Чтобы работать с этим адресом, введите ключ для него.',
  'settings.saved': 'Настройки сохранены.',
  'settings.keySaved': 'Ключ сохранён.',
  'settings.keyCleared': 'Ключ удалён.',
  'settings.demoEnabled': 'Теперь используется демо-сервис.',
  'settings.sections': 'Разделы настроек',
  'settings.section.connection': 'Подключение',
  'settings.section.models': 'Модели',
  'settings.section.money': 'Деньги',
  'settings.section.chat': 'Чат',
  'settings.section.tools': 'Инструменты',
  'settings.section.data': 'Ваши данные',
  'settings.section.appearance': 'Внешний вид',
  'settings.section.advanced': 'Дополнительно',
  'settings.defaultModelAutomatic': 'Выбирать автоматически (самая дешёвая модель чата в списке)',
  'settings.defaultModelAutomaticNow':
    'Не выбрана: новые чаты начинаются с {model} — самой дешёвой модели чата в списке этого сервиса.',
  'settings.defaultModelAutomaticNone':
    'Не выбрана: новые чаты начнутся с самой дешёвой модели чата, как только придёт список сервиса.',
  'settings.defaultModelHint':
    'Новые чаты начинаются с этой модели. Она сохраняется сразу, как вы её выберете.',
  'settings.keySetShort': 'Ключ задан.',
};
