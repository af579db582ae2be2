// Russian strings of diagnostics.*: the diagnostics card in Settings; typed against the English ones.
import type { diagnosticsEn } from './diagnostics.en';

export const diagnosticsRu: { readonly [K in keyof typeof diagnosticsEn]: string } = {
  'diagnostics.title': 'Диагностика',
  'diagnostics.body':
    'Отладочный адрес сервиса запоминает последний полученный запрос, чтобы вы видели, что именно отправил Atelier. Читать его можно раз в {seconds} с.',
  'diagnostics.debugAddress': 'Отладочный адрес',
  'diagnostics.debugDefault': 'По умолчанию: {address}',
  'diagnostics.saveAddress': 'Сохранить адреса',
  'diagnostics.sendTest': 'Отправить тестовый запрос',
  'diagnostics.testSent': 'Тестовый запрос отправлен: HTTP {status}.',
  'diagnostics.fetch': 'Получить то, что принял сервис',
  'diagnostics.fetchIn': 'Снова можно через {seconds} с',
  'diagnostics.received': 'Что принял сервис (ключ скрыт)',
  'diagnostics.legacyAddress': 'Старый адрес',
  'diagnostics.legacyHint': 'Прежний адрес того же сервиса, порт 6070.',
  'diagnostics.addressInUse': 'Используемый адрес',
  'diagnostics.useMain': 'Основной адрес',
  'diagnostics.useLegacy': 'Старый адрес (порт 6070)',
  'diagnostics.saved': 'Адреса сохранены.',
};
