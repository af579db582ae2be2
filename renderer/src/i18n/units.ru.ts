// Russian strings of units.*: counted nouns by plural category and size units; typed against the English ones.
import type { unitsEn } from './units.en';

export const unitsRu: { readonly [K in keyof typeof unitsEn]: string } = {
  'units.tokens.one': '{count} токен',
  'units.tokens.few': '{count} токена',
  'units.tokens.many': '{count} токенов',
  'units.tokens.other': '{count} токена',
  'units.pages.one': '{count} страница',
  'units.pages.few': '{count} страницы',
  'units.pages.many': '{count} страниц',
  'units.pages.other': '{count} страницы',
  'units.calls.one': '{count} вызов',
  'units.calls.few': '{count} вызова',
  'units.calls.many': '{count} вызовов',
  'units.calls.other': '{count} вызова',
  'units.messages.one': '{count} сообщение',
  'units.messages.few': '{count} сообщения',
  'units.messages.many': '{count} сообщений',
  'units.messages.other': '{count} сообщения',
  'units.size.B': '{size} Б',
  'units.size.KB': '{size} КБ',
  'units.size.MB': '{size} МБ',
  'units.size.GB': '{size} ГБ',
};
