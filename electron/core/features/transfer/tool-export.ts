// An answer's tool calls as the exports show them: each call's tool, server, arguments, how it
// ended and what it returned (text as text; pictures and links named). See docs/TOOLS.md.
import type { ChatMessage } from '../../../../shared/types';
import type { ToolCallRecord, ToolResultPart } from '../../../../shared/tools';

const STATE_WORDS: Record<ToolCallRecord['state'], string> = {
  asking: 'not decided',
  running: 'did not finish',
  done: 'done',
  denied: 'denied',
  failed: 'failed',
  stopped: 'stopped',
};

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function argumentsText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function partText(part: ToolResultPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
      return `[picture, ${part.mime}]`;
    case 'resource_link':
      return `[resource: ${part.name ? `${part.name} ` : ''}${part.uri}]`;
    default:
      return `[${part.note}]`;
  }
}

function outcomeText(call: ToolCallRecord): string {
  if (call.state === 'done') return (call.result ?? []).map(partText).join('\n') || '(nothing)';
  return call.error ?? '';
}

function heading(call: ToolCallRecord): string {
  const server = call.serverName ? ` on ${call.serverName}` : '';
  return `Tool call: ${call.tool}${server} (${STATE_WORDS[call.state]})`;
}

/** Markdown lines of the answer's rounds (what came before each, its calls); none without rounds. */
export function toolRoundsMarkdown(message: ChatMessage): string[] {
  const lines: string[] = [];
  for (const round of message.toolRounds ?? []) {
    if (round.content.trim() !== '') lines.push(round.content, '');
    for (const call of round.calls) {
      const args = argumentsText(call.arguments);
      const outcome = outcomeText(call);
      lines.push(`**${heading(call).replace(/\n/g, ' ')}**`, '');
      lines.push('Arguments:', '', fence(args) + 'json', args, fence(args), '');
      if (outcome !== '') lines.push('Result:', '', fence(outcome), outcome, fence(outcome), '');
    }
  }
  return lines;
}

/** The same as HTML; `escape` is the page's escaping of text. */
export function toolRoundsHtml(message: ChatMessage, escape: (text: string) => string): string {
  const parts: string[] = [];
  for (const round of message.toolRounds ?? []) {
    if (round.content.trim() !== '') parts.push(`<div class="text">${escape(round.content)}</div>`);
    for (const call of round.calls) {
      const outcome = outcomeText(call);
      parts.push(
        `<section class="tool" aria-label="${escape(heading(call))}"><p class="meta">${escape(heading(call))}</p>` +
          `<pre class="text">${escape(argumentsText(call.arguments))}</pre>` +
          (outcome !== '' ? `<pre class="text">${escape(outcome)}</pre>` : '') +
          '</section>',
      );
    }
  }
  return parts.join('');
}
