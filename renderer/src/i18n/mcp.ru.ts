// Russian strings of mcp.*: the MCP servers region of Settings; typed against the English ones.
import type { mcpEn } from './mcp.en';

export const mcpRu: { readonly [K in keyof typeof mcpEn]: string } = {
  'mcp.title': 'MCP-серверы',
  'mcp.intro':
    'MCP-серверы дают модели инструменты. Сервер-программа работает на этом компьютере с вашими правами: добавляйте только те, которым доверяете. Перед первым запуском новой или изменённой команды приложение спросит вас.',
  'mcp.configuration': 'Конфигурация MCP',
  'mcp.configurationHint':
    'Вставьте JSON с "mcpServers" в том виде, в каком его пишут другие приложения (command, args, env, cwd или url и headers). Сервер с уже существующим именем будет обновлён.',
  'mcp.import': 'Импортировать серверы',
  'mcp.importedAdded': 'Добавлены: {names}.',
  'mcp.importedUpdated': 'Обновлены: {names}.',
  'mcp.importEmpty': 'Сначала вставьте конфигурацию.',
  'mcp.none': 'MCP-серверов пока нет: импортируйте конфигурацию или добавьте сервер.',
  'mcp.list': 'Настроенные MCP-серверы',
  'mcp.add': 'Добавить сервер',
  'mcp.stateConnected': 'подключён',
  'mcp.stateStarting': 'запускается',
  'mcp.stateStopped': 'остановлен',
  'mcp.stateOff': 'выключен',
  'mcp.stateAwaitingAddress': 'ждёт, пока вы подтвердите его адрес',
  'mcp.stateFailed': 'ошибка: {reason}',
  'mcp.retrying': 'новая попытка через {seconds} с',
  'mcp.turnOff': 'Выключить',
  'mcp.turnOn': 'Включить',
  'mcp.start': 'Запустить',
  'mcp.restart': 'Перезапустить',
  'mcp.edit': 'Изменить',
  'mcp.remove': 'Удалить',
  'mcp.removeConfirm': 'Удалить MCP-сервер «{name}»? Приложение забудет его настройки.',
  'mcp.showTools': 'Показать инструменты',
  'mcp.hideTools': 'Скрыть инструменты',
  'mcp.toolsOf': 'Инструменты сервера {name}',
  'mcp.noTools': 'Инструменты появятся после подключения: нажмите «Запустить».',
  'mcp.showLog': 'Показать журнал',
  'mcp.hideLog': 'Скрыть журнал',
  'mcp.refreshLog': 'Обновить журнал',
  'mcp.logOf': 'Журнал сервера {name}',
  'mcp.logEmpty': 'Сервер пока ничего не написал в поток ошибок.',
  'mcp.addTitle': 'Новый MCP-сервер',
  'mcp.editTitle': 'Изменить {name}',
  'mcp.name': 'Имя',
  'mcp.kind': 'Вид',
  'mcp.kindStdio': 'Программа (stdio)',
  'mcp.kindHttp': 'Адрес (Streamable HTTP)',
  'mcp.command': 'Команда',
  'mcp.args': 'Аргументы',
  'mcp.argsHint': 'По одному в строке.',
  'mcp.env': 'Переменные окружения',
  'mcp.envHint':
    'ИМЯ=значение, по одной в строке. Добавляются к небольшому безопасному окружению; ключа сервиса в нём никогда нет.',
  'mcp.cwd': 'Папка',
  'mcp.cwdHint': 'Где запускается; пусто — собственная папка MCP приложения.',
  'mcp.url': 'Адрес',
  'mcp.headers': 'Заголовки',
  'mcp.headersHint': 'Имя: значение, по одному в строке. Отправляются только на этот адрес.',
  'mcp.save': 'Сохранить сервер',
  'mcp.badEnvLine':
    'Строка {line} окружения не в виде ИМЯ=значение: исправьте её и сохраните снова.',
  'mcp.badHeaderLine':
    'Строка {line} заголовков не в виде Имя: значение: исправьте её и сохраните снова.',
  'mcp.failure.timeout': 'сервер не ответил за {detail} с',
  'mcp.failure.not_found': 'программа не найдена; проверьте команду',
  'mcp.failure.permission': 'запуск программы запрещён (нет прав)',
  'mcp.failure.no_folder': 'папки {detail} нет; проверьте рабочую папку сервера',
  'mcp.failure.refused': 'по этому адресу никто не отвечает; запущен ли сервер?',
  'mcp.failure.unknown_host': 'такое имя хоста неизвестно; проверьте адрес',
  'mcp.failure.address_timeout': 'адрес не ответил вовремя',
  'mcp.failure.unreachable': 'адрес недоступен ({detail})',
  'mcp.failure.declined':
    'вы не разрешили запуск его команды; нажмите «Перезапустить», чтобы ответить снова',
  'mcp.failure.commands_off':
    'этот веб-хост не запускает команды: запустите его с --allow-mcp-commands или из терминала, где он сможет вас спросить',
  'mcp.failure.address_unconfirmed':
    'его адрес {detail} находится на этом компьютере или в частной сети и пришёл из импортированной конфигурации: подтвердите его, прежде чем им пользоваться',
  'mcp.failure.http_status': 'адрес ответил HTTP {detail}, а не ответом MCP',
  'mcp.failure.not_mcp': 'адрес ответил, но не как сервер MCP',
  'mcp.failure.too_large': 'его ответ больше {detail} МБ, поэтому он не прочитан',
  'mcp.toolListMore':
    'Этот сервер перечисляет больше, чем {tools}; Atelier использует первые {count}.',
  'mcp.toolListLeftOut':
    'Пропущено инструментов с именем длиннее, чем {name}, или схемой больше, чем {schema}: {count}.',
  'mcp.failure.stopped_at_once': 'он сразу остановился и написал: {detail}',
  'mcp.failure.stopped_unexpectedly': 'сервер неожиданно остановился',
  'mcp.lastWords': ' (последнее, что он написал: {detail})',
  'mcp.addressTitle': 'Адрес сервера {name} ждёт подтверждения',
  'mcp.addressKind.loopback': 'Адрес этого импортированного сервера находится на этом компьютере:',
  'mcp.addressKind.private':
    'Адрес этого импортированного сервера находится в частной сети (домашней, рабочей или облачной):',
  'mcp.addressKind.unresolved':
    'Адрес этого импортированного сервера не удалось найти, поэтому он может вести на этот компьютер или в частную сеть:',
  'mcp.addressHint':
    'Туда ничего не отправляется, даже заголовки, пока вы не подтвердите адрес. Подтверждайте, только если собирались пользоваться сервером по этому адресу.',
  'mcp.confirmAddress': 'Использовать этот адрес',
  'mcp.gaveUp':
    '; он снова остановился, хотя его перезапустили {times}: нажмите «Перезапустить», чтобы попробовать ещё раз',
};
