// Russian strings of tools.*: tool calls in an answer (cards, Allow / Deny), the "Use tools" choice, the round limit; typed against the English ones.
import type { toolsEn } from './tools.en';

export const toolsRu: { readonly [K in keyof typeof toolsEn]: string } = {
  'tools.useTools': 'Использовать инструменты',
  'tools.useToolsHint':
    'Модель может вызывать инструменты ваших MCP-серверов; каждый вызов вы разрешаете сами.',
  'tools.servers': 'Серверы',
  'tools.allServers': 'Все включённые серверы',
  'tools.noServers': 'MCP-серверов пока нет: добавьте их в Настройках.',
  'tools.call': 'Вызов инструмента {tool}',
  'tools.onServer': 'на сервере {server}',
  'tools.arguments': 'Аргументы',
  'tools.result': 'Результат',
  'tools.allow': 'Разрешить',
  'tools.deny': 'Отклонить',
  'tools.always': 'Всегда разрешать этот инструмент',
  'tools.state.asking': 'ждёт вашего решения',
  'tools.state.running': 'выполняется',
  'tools.state.done': 'выполнен',
  'tools.state.denied': 'отклонён',
  'tools.state.failed': 'не удался',
  'tools.state.stopped': 'остановлен',
  'tools.deniedNote': 'Вы отклонили этот вызов; модели об этом сообщено.',
  'tools.failedNote': 'Вызов не удался: {reason}',
  'tools.stoppedNote': 'Вызов остановлен, не завершившись.',
  'tools.emptyResult': 'Инструмент ничего не вернул.',
  'tools.picture': 'Изображение от {tool}',
  'tools.link': 'Ресурс: {name}',
  'tools.decideFailed': 'Этот вызов больше не ждёт решения.',
  'tools.roundLimit': 'Раундов инструментов на ответ',
  'tools.roundLimitHint':
    'Сколько раз один ответ может вызывать инструменты, прежде чем модель должна ответить без них ({min}–{max}).',
  'tools.settingsTitle': 'Инструменты',
  'tools.serverUnavailable':
    'MCP-сервер «{name}» не запустился, и его инструменты не были предложены: {reason}.',
  'tools.limitReached':
    'Достигнут предел на один ответ — {rounds}: остальное написано без инструментов. Предел меняется в настройках.',
  'tools.fail.notOffered': 'модель запросила инструмент «{name}», которого не предлагали',
  'tools.fail.badJson': 'аргументы модели — не корректный JSON',
  'tools.fail.invalidArguments':
    'аргументы модели не подходят под схему инструмента ({detail}); инструмент не вызывался',
  'tools.fail.serverDown':
    'его сервер не запущен или остановился во время вызова; см. Настройки → MCP-серверы',
  'tools.fail.timeout': 'инструмент не ответил вовремя, вызов отменён',
  'tools.fail.unknownTool': 'инструмент или его сервер выключили или удалили во время ответа',
  'tools.fail.toolError': 'инструмент сообщил об ошибке: {detail}',
};
