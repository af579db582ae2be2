// English strings of tools.*: tool calls in an answer (cards, Allow / Deny), the "Use tools" choice, the round limit.

export const toolsEn = {
  'tools.useTools': 'Use tools',
  'tools.useToolsHint': 'The model may call the tools of your MCP servers; you allow each call.',
  'tools.servers': 'Servers',
  'tools.allServers': 'All turned-on servers',
  'tools.noServers': 'No MCP servers yet: add them in Settings.',
  'tools.call': 'Tool call {tool}',
  'tools.onServer': 'on {server}',
  'tools.arguments': 'Arguments',
  'tools.result': 'Result',
  'tools.allow': 'Allow',
  'tools.deny': 'Deny',
  'tools.always': 'Always allow this tool',
  'tools.state.asking': 'waiting for your decision',
  'tools.state.running': 'running',
  'tools.state.done': 'done',
  'tools.state.denied': 'denied',
  'tools.state.failed': 'failed',
  'tools.state.stopped': 'stopped',
  'tools.deniedNote': 'You declined this call; the model was told.',
  'tools.failedNote': 'The call failed: {reason}',
  'tools.stoppedNote': 'The call was stopped before it finished.',
  'tools.emptyResult': 'The tool returned nothing.',
  'tools.picture': 'Picture returned by {tool}',
  'tools.link': 'Resource: {name}',
  'tools.decideFailed': 'This call no longer waits for a decision.',
  'tools.roundLimit': 'Tool rounds per answer',
  'tools.roundLimitHint':
    'How many times one answer may call tools before the model must answer without them ({min}–{max}).',
  'tools.settingsTitle': 'Tools',
  'tools.serverUnavailable':
    'The MCP server “{name}” could not start, so its tools were not offered: {reason}.',
  'tools.limitReached':
    'The limit of {rounds} in one answer was reached: the rest was written without tools. The limit is in Settings.',
  'tools.fail.notOffered': 'the model asked for a tool named “{name}”, which was not offered',
  'tools.fail.badJson': 'the model’s arguments are not valid JSON',
  'tools.fail.invalidArguments':
    'the model’s arguments do not fit the tool’s schema ({detail}); the tool was not called',
  'tools.fail.serverDown':
    'its server is not running or stopped during the call; see Settings → MCP servers',
  'tools.fail.timeout': 'the tool did not answer in time, so the call was cancelled',
  'tools.fail.unknownTool': 'the tool or its server was turned off or removed during the turn',
  'tools.fail.toolError': 'the tool reported an error: {detail}',
} as const;
