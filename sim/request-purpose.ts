// What a logged request was for, so a test can tell a person's turn from the background title
// request without reading prompts: the simulator decides it the way its chat route does.
import { isTitleRequest } from './chat/answer';
import { isRecord } from './chat/plan';

/** A chat request: 'title' is the model-made title asked after an answer, 'turn' anything else. */
export type RequestPurpose = 'title' | 'turn';

/** The system messages' text, as the chat plan reads it (strings and text parts). */
function systemTextOf(messages: unknown[]): string {
  const texts: string[] = [];
  for (const message of messages) {
    if (!isRecord(message) || message.role !== 'system') continue;
    const content = message.content;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content))
      for (const part of content as unknown[])
        if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
          texts.push(part.text);
  }
  return texts.join('\n');
}

/** The purpose of a POST to chat/completions; undefined for every other request. */
export function requestPurpose(
  method: string | undefined,
  path: string,
  body: Buffer,
): RequestPurpose | undefined {
  if (method !== 'POST' || !path.endsWith('/chat/completions')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return 'turn';
  }
  const messages = isRecord(parsed) && Array.isArray(parsed.messages) ? parsed.messages : [];
  return isTitleRequest({ systemText: systemTextOf(messages) }) ? 'title' : 'turn';
}
