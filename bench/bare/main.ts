// The reference for the app's cost per streamed update: a page that appends each delta and scrolls, nothing else.
import type { ChatEvent } from '../../shared/types';

/** As many messages of the history as the app's list has on screen around the end (the rest is virtual). */
const HISTORY_SHOWN = 8;

const scroller = document.querySelector<HTMLDivElement>('.message-scroller')!;
const link = document.querySelector<HTMLButtonElement>('.conversation-link')!;
const api = window.atelier;
if (!api) throw new Error('the bench feed did not install window.atelier');
let answer: HTMLElement | null = null;
let article: HTMLElement | null = null;

/** One message as the bench's selectors expect it: an article with its text in a paragraph. */
function showMessage(text: string): HTMLElement {
  const element = document.createElement('article');
  element.className = 'message';
  const body = document.createElement('div');
  body.className = 'markdown';
  const paragraph = document.createElement('p');
  paragraph.className = 'answer';
  paragraph.textContent = text;
  body.append(paragraph);
  element.append(body);
  scroller.append(element);
  return element;
}

/**
 * Appends text to the answer. A blank line starts a new paragraph element, as any page of text
 * would have it: the browser then lays out only the last paragraph again, not the whole answer.
 */
function append(text: string): void {
  const parts = text.split('\n\n');
  answer?.append(parts[0] ?? '');
  for (const part of parts.slice(1)) {
    const paragraph = document.createElement('p');
    paragraph.className = 'answer';
    paragraph.textContent = part;
    answer?.after(paragraph);
    answer = paragraph;
  }
}

function toBottom(): void {
  scroller.scrollTop = scroller.scrollHeight;
}

link.addEventListener('click', () => {
  void (async () => {
    const envelope = await api.invoke('conversations.get', { id: 'bench' });
    if (!envelope.ok) return;
    for (const message of envelope.data.messages.slice(-HISTORY_SHOWN))
      showMessage(message.content);
    toBottom();
    // The message box has focus, as the app's has once a question is sent: its caret blinks in
    // both pages while the answer streams (a frame about every half second), not in the app's only.
    document.querySelector('textarea')?.focus();
  })();
});

api.on('chat.event', (event: ChatEvent) => {
  if (event.type === 'start') {
    showMessage(event.question.content);
    article = showMessage('');
    article.setAttribute('aria-busy', 'true');
    answer = article.querySelector('p');
    toBottom();
  } else if (event.type === 'delta' && answer) {
    append(event.content);
    toBottom();
  } else if (event.type === 'done' && article) {
    article.removeAttribute('aria-busy');
    answer = null;
  }
});
