// Russian strings of decisions.*: decisions on a document; typed against the English ones.
import type { decisionsEn } from './decisions.en';

export const decisionsRu: { readonly [K in keyof typeof decisionsEn]: string } = {
  'decisions.title': 'Решения',
  'decisions.hint':
    'Задайте вопросы о тексте выше: да/нет, выбор из вариантов или оценка по шкале.',
  'decisions.model': 'Модель решений',
  'decisions.add': 'Добавить вопрос',
  'decisions.question': 'Вопрос {number}',
  'decisions.type': 'Тип вопроса',
  'decisions.type.noul': 'Да / нет',
  'decisions.type.choice': 'Выбор',
  'decisions.type.score': 'Оценка',
  'decisions.instructions': 'Вопрос',
  'decisions.trueMeans': '«Да» означает',
  'decisions.falseMeans': '«Нет» означает',
  'decisions.optionLabel': 'Вариант {number}',
  'decisions.optionDescription': 'Описание варианта {number}',
  'decisions.addOption': 'Добавить вариант',
  'decisions.scale': 'Метки шкалы (через запятую, от низшей)',
  'decisions.removeQuestion': 'Убрать вопрос {number}',
  'decisions.ask': 'Спросить',
  'decisions.asking': 'Спрашиваем…',
  'decisions.needText': 'Сначала извлеките или вставьте текст.',
  'decisions.answers': 'Ответы',
  'decisions.yes': 'Да',
  'decisions.no': 'Нет',
  'decisions.probability': '{label}: {percent}%',
  'decisions.confidence': 'Уверенность {percent}%',
  'decisions.chosen': 'Ответ: {value}',
  'decisions.score': 'Оценка {value} из 1',
  'decisions.runAt': '{model} · {time}',
  'decisions.name': 'Имя вопроса',
  'decisions.nameHint': 'Под этим именем придёт ответ. Если оставить пустым, будет {name}.',
  'decisions.nameRepeated':
    'Два вопроса названы «{name}» (пустое имя означает q и номер вопроса). Дайте каждому вопросу своё имя.',
  'decisions.chooseModel':
    'В списке моделей нет модели, похожей на модель решений. Выберите её в поле «Модель решений»: любой введённый идентификатор отправляется как есть.',
};
