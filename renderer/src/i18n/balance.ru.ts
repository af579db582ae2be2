// Russian strings of balance.*: the balance in the shell; typed against the English ones.
import type { balanceEn } from './balance.en';

export const balanceRu: { readonly [K in keyof typeof balanceEn]: string } = {
  'balance.label': 'Баланс',
  'balance.demo': 'Демо',
  'balance.demoHint':
    'Демо-сервис: выдуманные ответы и игровые кредиты, не деньги. Его разговоры хранятся отдельным списком.',
  'balance.credits': '{credits} кредитов',
  'balance.refresh': 'Обновить баланс',
  'balance.checking': 'Проверяем баланс…',
  'balance.status.green': 'С аккаунтом всё в порядке',
  'balance.status.yellow': 'Баланс заканчивается',
  'balance.status.red': 'Аккаунт заблокирован или нет средств',
  'balance.subscriptionUntil': 'Подписка до {date}',
  'balance.moscowTime': 'по московскому времени',
  'balance.subscription': 'Подписка: {status}',
  'balance.off': 'Сервис не дал баланс: {reason}',
  'balance.offHelp':
    'Если получение баланса выключено, включите его в настройках аккаунта на сайте сервиса.',
  'balance.unknown': 'Ключа пока нет: добавьте его в настройках, чтобы видеть баланс.',
  'balance.error': 'Баланс недоступен.',
};
