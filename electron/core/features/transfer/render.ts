// Conversations as a person reads them: Markdown, and one self-contained HTML page (answers rendered from their Markdown, code coloured, no scripts).
import type { ChatMessage, Conversation } from '../../../../shared/types';
import { markdownRenderer } from './markdown-html';
import { toolRoundsHtml, toolRoundsMarkdown } from './tool-export';

/** A picture to show inline in HTML, already read and small enough. */
export interface InlineImage {
  mime: string;
  base64: string;
}

/** Finds the bytes of a message's picture attachment, or null (then only its name is shown). */
export type ImageLookup = (
  attachment: NonNullable<ChatMessage['attachments']>[number],
) => Promise<InlineImage | null>;

const ROLE_WORDS: Record<ChatMessage['role'], string> = { user: 'You', assistant: 'Assistant' };

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

/** A picture sent by its address keeps the address in the export: " (https://…)". */
function addressNote(attachment: NonNullable<ChatMessage['attachments']>[number]): string {
  return attachment.url ? ` (${attachment.url.replace(/\s/g, '')})` : '';
}

function heading(message: ChatMessage): string {
  const model = message.role === 'assistant' && message.model ? ` (${message.model})` : '';
  return `${ROLE_WORDS[message.role]}${model} · ${when(message.createdAt)}`;
}

function titleOf(conversation: Conversation): string {
  return conversation.title.trim() || 'Untitled conversation';
}

/** A fence longer than any run of backticks inside, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** The active path of one conversation as Markdown; message text is kept as written (it is Markdown already). */
export function conversationMarkdown(conversation: Conversation): string {
  const lines = [`# ${titleOf(conversation).replace(/\n/g, ' ')}`, ''];
  lines.push(`Model: ${conversation.model || '—'} · Created: ${when(conversation.createdAt)}`, '');
  if (conversation.systemPrompt.trim()) {
    const fence = fenceFor(conversation.systemPrompt);
    lines.push('**System prompt**', '', fence, conversation.systemPrompt, fence, '');
  }
  for (const message of conversation.messages) {
    lines.push(`## ${heading(message)}`, '');
    for (const a of message.attachments ?? [])
      lines.push(`> Attached: ${a.name.replace(/\n/g, ' ')}${addressNote(a)}`);
    if (message.attachments?.length) lines.push('');
    lines.push(...toolRoundsMarkdown(message));
    lines.push(message.content, '');
  }
  return lines.join('\n');
}

export function conversationsMarkdown(conversations: Conversation[]): string {
  return conversations.map(conversationMarkdown).join('\n---\n\n');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Only these picture types become data URIs; anything else (SVG with scripts) is named, not shown. */
const INLINE_MIME = /^image\/(png|jpeg|gif|webp)$/;

const STYLE = `
:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6b6b70; --card: #f4f4f6; }
@media (prefers-color-scheme: dark) { :root { --fg: #eee; --bg: #17171a; --muted: #a0a0a8; --card: #232328; } }
body { font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0 auto; max-width: 48rem; padding: 2rem 1rem; }
h1 { font-size: 1.5rem; margin: 2rem 0 0.25rem; }
.meta, .who { color: var(--muted); font-size: 0.875rem; }
article { background: var(--card); border-radius: 10px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
article.user { margin-left: 3rem; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 0.25rem 0 0; }
.markdown { overflow-wrap: anywhere; margin: 0.25rem 0 0; }
.markdown > :first-child { margin-top: 0; }
.markdown > :last-child { margin-bottom: 0; }
.markdown a { color: inherit; }
.markdown table { border-collapse: collapse; display: block; overflow-x: auto; }
.markdown th, .markdown td { border: 1px solid var(--muted); padding: 0.25rem 0.5rem; }
.markdown blockquote { border-left: 3px solid var(--muted); margin: 0.5rem 0; padding-left: 0.75rem; color: var(--muted); }
code { font: 0.875em/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--bg); border-radius: 6px; padding: 0.75rem; overflow-x: auto; }
.hljs-comment, .hljs-quote { color: #6a737d; font-style: italic; }
.hljs-keyword, .hljs-selector-tag, .hljs-literal, .hljs-type { color: #d73a49; }
.hljs-string, .hljs-regexp, .hljs-addition { color: #22863a; }
.hljs-number, .hljs-built_in, .hljs-symbol, .hljs-variable, .hljs-attr { color: #005cc5; }
.hljs-title, .hljs-section, .hljs-name, .hljs-selector-id, .hljs-selector-class { color: #6f42c1; }
.hljs-meta, .hljs-deletion { color: #b31d28; }
@media (prefers-color-scheme: dark) {
  .hljs-keyword, .hljs-selector-tag, .hljs-literal, .hljs-type { color: #ff7b72; }
  .hljs-string, .hljs-regexp, .hljs-addition { color: #a5d6ff; }
  .hljs-number, .hljs-built_in, .hljs-symbol, .hljs-variable, .hljs-attr { color: #79c0ff; }
  .hljs-title, .hljs-section, .hljs-name, .hljs-selector-id, .hljs-selector-class { color: #d2a8ff; }
  .hljs-comment, .hljs-quote { color: #8b949e; }
  .hljs-meta, .hljs-deletion { color: #ffa198; }
}
img { max-width: 100%; border-radius: 6px; display: block; margin: 0.5rem 0; }
.tool { border-left: 3px solid var(--muted); padding-left: 0.75rem; margin: 0.5rem 0; }
hr { border: none; border-top: 1px solid var(--muted); margin: 2rem 0; }
`;

async function messageHtml(
  message: ChatMessage,
  images: ImageLookup,
  markdown: (text: string) => string,
): Promise<string> {
  const parts = [`<p class="who">${escapeHtml(heading(message))}</p>`];
  for (const a of message.attachments ?? []) {
    const image = a.kind === 'image' ? await images(a) : null;
    if (image && INLINE_MIME.test(image.mime)) {
      parts.push(
        `<img alt="${escapeHtml(a.name)}" src="data:${image.mime};base64,${image.base64}">`,
      );
    } else {
      // A picture by address is named with its address, never loaded from it.
      parts.push(`<p class="meta">Attached: ${escapeHtml(a.name + addressNote(a))}</p>`);
    }
  }
  parts.push(toolRoundsHtml(message, escapeHtml));
  // A question is shown as typed; an answer is Markdown, shown as the app shows it.
  parts.push(
    message.role === 'assistant'
      ? `<div class="markdown">${markdown(message.content)}</div>`
      : `<div class="text">${escapeHtml(message.content)}</div>`,
  );
  return `<article class="${message.role}" aria-label="${message.role} message">${parts.join('')}</article>`;
}

/**
 * One HTML page for the conversations: every text escaped, answers rendered from their Markdown
 * (no raw HTML, links only to the web or mail), a policy that forbids scripts and any outside
 * request.
 */
export async function conversationsHtml(
  conversations: Conversation[],
  images: ImageLookup,
): Promise<string> {
  const sections: string[] = [];
  const { render } = await markdownRenderer();
  for (const conversation of conversations) {
    const messages: string[] = [];
    for (const message of conversation.messages)
      messages.push(await messageHtml(message, images, render));
    const system = conversation.systemPrompt.trim()
      ? `<p class="meta">System prompt:</p><div class="text">${escapeHtml(conversation.systemPrompt)}</div>`
      : '';
    sections.push(
      `<section><h1>${escapeHtml(titleOf(conversation))}</h1>` +
        `<p class="meta">Model: ${escapeHtml(conversation.model || '—')} · Created: ${escapeHtml(when(conversation.createdAt))}</p>` +
        system +
        messages.join('\n') +
        '</section>',
    );
  }
  const title =
    conversations.length === 1 && conversations[0]
      ? titleOf(conversations[0])
      : 'Atelier conversations';
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body>
${sections.join('\n<hr>\n')}
</body></html>
`;
}
