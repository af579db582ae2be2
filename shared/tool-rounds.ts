// Stored tool rounds read the same way everywhere: the text the model got for each call, and
// calls a crash left unfinished. Core, the export and the token estimate use these.
import type { ChatMessage } from './types';
import type { ToolCallRecord } from './tools';

/** What the model gets when the person says no. */
export const DECLINED_RESULT = 'The person declined this call.';
/** What the model gets for a call the turn stopped before it ended. */
export const STOPPED_RESULT = 'The call was stopped before it finished.';

/** The text a `tool` message carries for a call as it ended. */
export function toolResultText(call: ToolCallRecord): string {
  if (call.state === 'denied') return DECLINED_RESULT;
  if (call.state === 'failed') return `The call failed: ${call.error ?? 'unknown error'}`;
  if (call.state !== 'done') return call.error ?? STOPPED_RESULT;
  const parts = (call.result ?? []).map((p) => {
    switch (p.type) {
      case 'text':
        return p.text;
      case 'image':
        return `[The tool returned a picture (${p.mime}); it is shown to the person.]`;
      case 'resource_link':
        return `[Resource link: ${p.name ? `${p.name} ` : ''}${p.uri}]`;
      default:
        return `[${p.note}]`;
    }
  });
  const text = parts.join('\n');
  return text === '' ? '(The tool returned nothing.)' : text;
}

/** Calls left asking or running (a crash) read as stopped, so no card asks for a gone turn. */
export function settleUnfinishedCalls(message: ChatMessage): boolean {
  let changed = false;
  for (const round of message.toolRounds ?? []) {
    for (const call of round.calls) {
      if (call.state === 'asking' || call.state === 'running') {
        call.state = 'stopped';
        call.error = STOPPED_RESULT;
        changed = true;
      }
    }
  }
  return changed;
}
