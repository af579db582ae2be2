// Russian strings of prices.*: model prices in every picker, and the cost estimates before spending; typed against the English ones.
import type { pricesEn } from './prices.en';

export const pricesRu: { readonly [K in keyof typeof pricesEn]: string } = {
  'prices.tokens': 'Запрос {input} · ответ {output} кредитов за 1 млн токенов',
  'prices.unit.image': '{price} кредитов за картинку',
  'prices.unit.second': '{price} кредитов за секунду',
  'prices.unit.minute': '{price} кредитов за минуту',
  'prices.unit.page': '{price} кредитов за страницу',
  'prices.unit.call': '{price} кредитов за вызов',
  'prices.notListed': 'цена не указана',
  'prices.estimate': 'Оценка стоимости',
  'prices.turn': 'Около {tokens} токенов ≈ {cost} кредитов за отправку',
  'prices.turnNotListed': 'Около {tokens} токенов к отправке; цена не указана',
  'prices.images': '{count} × {price} ≈ {cost} кредитов',
  'prices.seconds': '{seconds} с × {price} ≈ {cost} кредитов',
  'prices.media': 'Около {cost} кредитов',
  'prices.mediaNotListed': 'Стоимость: цена не указана',
} as const;
