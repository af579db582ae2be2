// Russian strings of format.*: формат ответа, JSON-ответы и их проверка, источники ответов с веб-поиском.
import type { formatEn } from './format.en';

export const formatRu: { readonly [K in keyof typeof formatEn]: string } = {
  'format.answerFormat': 'Формат ответа',
  'format.text': 'Свободный текст',
  'format.json': 'JSON',
  'format.jsonSchema': 'JSON по схеме',
  'format.jsonHint':
    'Модель просят ответить в формате JSON. Без гарантии: модель может обернуть или испортить его.',
  'format.schemaName': 'Имя схемы',
  'format.schemaNameHint': 'Латинские буквы, цифры, _ и -, не больше 64.',
  'format.schema': 'Схема',
  'format.templates': 'Шаблоны',
  'format.template.person': 'Человек',
  'format.template.list': 'Список',
  'format.template.classification': 'Классификация',
  'format.saveSchema': 'Сохранить схему',
  'format.schemaSaved': 'Схема сохранена. Ответы будут проверяться по ней.',
  'format.schemaUnsaved': 'В схеме есть несохранённые изменения.',
  'format.schemaHint':
    'Отправляется со strict: true. Модели со значком structured outputs её соблюдают, другие могут нет.',
  'format.notJson': 'Схема — некорректный JSON: {reason}',
  'format.notObject': 'Схема должна быть JSON-объектом в фигурных скобках.',
  'format.badName': 'В имени допустимы только латинские буквы, цифры, _ и - (от 1 до 64).',
  'format.tooLong': 'Схема длиннее, чем {max}.',
  'format.jsonAnswer': 'Ответ в JSON',
  'format.matches': 'Соответствует схеме',
  'format.mismatch': 'Не соответствует схеме: {problems}',
  'format.validJson': 'Корректный JSON',
  'format.notValidJson': 'Некорректный JSON',
  'format.fenced': 'Модель обернула JSON в блок кода; Atelier извлёк его.',
  'format.withoutBadge':
    'Неизвестно, соблюдает ли эта модель структурированный вывод, поэтому её JSON может прийти обёрнутым или испорченным.',
  'format.copyJson': 'Копировать JSON',
  'format.sources': 'Источники',
  'format.openSource': 'Открыть {url}',
} as const;
