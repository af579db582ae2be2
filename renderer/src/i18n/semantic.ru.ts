// Russian strings of semantic.*: semantic search in Settings; typed against the English ones.
import type { semanticEn } from './semantic.en';

export const semanticRu: { readonly [K in keyof typeof semanticEn]: string } = {
  'semantic.title': 'Смысловой поиск',
  'semantic.body':
    'Находите сообщения и документы по смыслу, а не только по словам. Atelier в фоне получает у сервиса эмбеддинги ваших бесед и извлечённых документов; это тратит кредиты.',
  'semantic.model': 'Модель эмбеддингов',
  'semantic.estimate': 'Оценить стоимость',
  'semantic.estimated':
    'Обработать {passages} (несколько сообщений или раздел документа в каждом), примерно {tokens}: {cost}. Один запрос на фрагмент: около {time} при текущей частоте запросов аккаунта.',
  'semantic.costCredits': 'примерно {cost}',
  'semantic.costUnknown': 'цена этой модели не указана',
  'semantic.enable': 'Включить смысловой поиск',
  'semantic.disable': 'Выключить смысловой поиск',
  'semantic.on': 'Включён: в индексе {indexed}, в очереди {pending}.',
  'semantic.timeLeft': 'Осталось около {time} при текущей частоте запросов.',
  'semantic.off': 'Выключен. Поиск находит только слова.',
  'semantic.running': 'Идёт фоновая обработка…',
  'semantic.lastError': 'Последний фоновый проход не удался: {message}',
  'semantic.byMeaning': 'по смыслу',
  'semantic.byWords': 'по словам',
  'semantic.documentHit': 'Документ',
};
