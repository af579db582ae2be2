// Russian strings of common.*: words many screens share (close, retry, copy, …); typed against the English ones.
import type { commonEn } from './common.en';

export const commonRu: { readonly [K in keyof typeof commonEn]: string } = {
  'common.cancel': 'Отмена',
  'common.close': 'Закрыть',
  'common.retry': 'Повторить',
  'common.copy': 'Копировать',
  'common.copied': 'Скопировано',
  'common.delete': 'Удалить',
  'common.save': 'Сохранить',
  'common.saved': 'Сохранено',
  'common.serviceSaid': 'Ответ сервиса: {message}',
  'common.details': 'Подробности',
};
