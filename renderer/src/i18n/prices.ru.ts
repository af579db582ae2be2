// Russian strings of prices.*: model prices in every picker, the cost estimates before spending, the credits noun and the price basis; typed against the English ones.
import type { pricesEn } from './prices.en';

export const pricesRu: { readonly [K in keyof typeof pricesEn]: string } = {
  'prices.credits.one': 'кредит',
  'prices.credits.few': 'кредита',
  'prices.credits.many': 'кредитов',
  'prices.credits.other': 'кредита',
  'prices.tokens': 'Кредитов за 1 млн токенов: запрос {input} · ответ {output}',
  'prices.unit.image': '{price} за картинку',
  'prices.unit.second': '{price} за секунду',
  'prices.unit.minute': '{price} за минуту',
  'prices.unit.page': '{price} за страницу',
  'prices.unit.call': '{price} за запрос',
  'prices.notListed': 'цена не указана',
  'prices.estimate': 'Оценка стоимости',
  'prices.turn': 'Примерно {tokens}: около {low}, максимум {high}',
  'prices.turnNotListed':
    'Примерно {tokens}. В списке моделей нет цены этой модели, поэтому стоимость до отправки не известна.',
  'prices.exact': 'Стоимость: {cost}',
  'prices.range': 'Стоимость: около {low}, максимум {high}',
  'prices.gap.notListed':
    'В списке моделей нет цены этой модели, поэтому стоимость заранее не известна.',
  'prices.gap.zeroTokens':
    'В списке у этой модели только цены токенов, равные 0, и нет цены за картинку или секунду, поэтому стоимость заранее не известна.',
  'prices.gap.outputUnknown':
    'Цена в токенах: запрос стоит примерно {prompt}, а сколько займёт результат, станет известно, только когда он будет готов.',
  'prices.gap.otherUnit':
    'В списке цена этой модели указана {price}, а это действие так не считается, поэтому стоимость заранее не известна.',
  'prices.gap.length': '{price}; длину выбирает модель, поэтому итог заранее не известен.',
  'prices.gap.pages': '{price}; страницы будут посчитаны, когда документ будет прочитан.',
  'prices.gap.recording': '{price}; запись оплачивается по её длине.',
  'prices.basis.title': 'Цены',
  'prices.basis.label': 'Цены токенов в списке моделей читаются',
  'prices.basis.auto': 'по догадке для каждой цены',
  'prices.basis.token': 'за один токен',
  'prices.basis.million': 'за 1 млн токенов',
  'prices.basis.hint':
    'Этому следуют все цены и оценки на всех вкладках. Измените, если суммы выглядят в миллион раз неверными.',
  'prices.basis.guessToken': 'Для текущего списка догадка читает все цены токенов за один токен.',
  'prices.basis.guessMillion':
    'Для текущего списка догадка читает все цены токенов за 1 млн токенов.',
  'prices.basis.guessMixed':
    'Для текущего списка догадка читает цен за один токен: {token}, за 1 млн токенов: {million}.',
  'prices.basis.guessNone': 'В текущем списке нет цен токенов, по которым можно догадаться.',
} as const;
