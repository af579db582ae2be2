// Russian strings of rate.*: the service's request rate and the wait it asked for.
import type { rateEn } from './rate.en';

export const rateRu: { readonly [K in keyof typeof rateEn]: string } = {
  'rate.holdNotice': 'Сервис попросил Atelier подождать: осталось {time}',
  'rate.holdHint':
    'Слишком много запросов: до этого времени сервису ничего не отправляется (чаты, проверки, баланс).',
  'rate.retryNow': 'Повторить сейчас',
};
