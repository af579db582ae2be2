// Russian strings of compare.*: one question to several models, their answers side by side; typed against the English ones.
import type { compareEn } from './compare.en';

export const compareRu: { readonly [K in keyof typeof compareEn]: string } = {
  'compare.toggle': 'Сравнить',
  'compare.toggleHint': 'Отправить один вопрос 2–4 моделям и увидеть ответы рядом.',
  'compare.models': 'Модели для сравнения',
  'compare.model': 'Модель {n}',
  'compare.add': 'Добавить модель',
  'compare.remove': 'Убрать модель {n}',
  'compare.needModels': 'Выберите от {min} до {max} разных моделей для сравнения.',
  'compare.estimate': 'Все модели вместе: не больше, чем {cost}',
  'compare.answers': 'Ответы рядом',
  'compare.column': 'Ответ модели {model}',
  'compare.firstToken': 'Первый токен',
  'compare.speed': 'Скорость',
  'compare.tokens': 'Токены',
  'compare.cost': 'Стоимость',
  'compare.seconds': '{value} с',
  'compare.perSecond': '{value} ток/с',
  'compare.none': '—',
  'compare.estimated': '≈ {value}',
  'compare.estimatedHint': 'Оценка Atelier: сервис не прислал расход по этому ответу.',
  'compare.liveHint':
    'Считает Atelier, пока ответ пишется (примерно четыре символа на токен); точные цифры придут с его концом.',
  'compare.waiting': 'Ждём первый токен…',
  'compare.retrying': 'Новая попытка ({attempt} из {max})…',
  'compare.stopped': 'Ответ остановлен.',
  'compare.stop': 'Стоп',
  'compare.stopNamed': 'Остановить {model}',
  'compare.retry': 'Повторить',
  'compare.retryNamed': 'Повторить {model}',
  'compare.choose': 'Продолжить с этим ответом',
  'compare.chooseNamed': 'Продолжить с ответом {model}',
  'compare.chooseHint':
    'Продолжите с одним ответом: остальные останутся его версиями, а следующий вопрос уйдёт только с выбранным.',
  'compare.vision.label': 'Изображения и {model}',
  'compare.vision.title':
    'Изображения для этой модели сервис может отклонить или насчитать за них слишком много; её вариант vis- считает их верно.',
  'compare.vision.none':
    'Изображения для этой модели сервис может отклонить или насчитать за них слишком много, а варианта vis- в списке нет.',
  'compare.vision.keepNamed': 'Всё равно отправить в {model}',
} as const;
