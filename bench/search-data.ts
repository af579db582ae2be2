// A library of 2,000 conversations × 100 messages written straight in core's on-disk format
// (conversations/<id>.json and conversations/index.json), for the search and start benches.
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONVERSATION_VERSION, INDEX_VERSION } from '../electron/core/library/conversation-file';
import { summaryOf } from '../shared/conversations';
import type { ChatMessage, Conversation } from '../shared/types';
import { benchConversation, chatHistory, seededRandom } from './corpus';

export const LIBRARY_CONVERSATIONS = 2_000;
export const LIBRARY_MESSAGES = 100;
/** Planted in few messages, for a rare word; in Russian, every eighth conversation speaks it. */
export const RARE_WORD = 'zanzibar';
export const RARE_COUNT = 7;

const RUSSIAN = (
  'как настроить сервер чтобы он отвечал быстрее при большой нагрузке объясни разницу между ' +
  'потоками и процессами почему запрос возвращает ошибку после обновления библиотеки напиши ' +
  'функцию которая сортирует список пользователей по дате регистрации ёлка йогурт память ' +
  'индекс поиск сообщение разговор быстро медленно база данных таблица строка файл папка'
).split(' ');

function russianText(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(RUSSIAN[Math.floor(random() * RUSSIAN.length)]!);
  const text = out.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}

/** The id of conversation `i`: fixed, so runs compare. */
export const conversationIdOf = (i: number) =>
  `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export function libraryConversation(i: number): Conversation {
  const messages: ChatMessage[] = chatHistory(1000 + i, LIBRARY_MESSAGES, 'bench/model');
  const random = seededRandom(5000 + i);
  if (i % 8 === 3)
    for (const m of messages)
      m.content = russianText(random, m.role === 'user' ? 12 : 60 + Math.floor(random() * 80));
  // The rare word: in RARE_COUNT messages of the library.
  if (i % Math.floor(LIBRARY_CONVERSATIONS / RARE_COUNT) === 5 && i / 285 < RARE_COUNT)
    messages[40]!.content += ` The ferry to ${RARE_WORD[0]!.toUpperCase()}${RARE_WORD.slice(1)} leaves at noon.`;
  const start = Date.parse('2025-01-01T00:00:00Z') + i * 3_600_000;
  messages.forEach((m, n) => (m.createdAt = new Date(start + n * 60_000).toISOString()));
  const c = benchConversation(conversationIdOf(i), messages, 'bench/model');
  return { ...c, version: CONVERSATION_VERSION, folderId: null, archived: false };
}

/** Writes the library into `dataDir` (replacing what is there); its size in bytes. */
export async function writeLibrary(
  dataDir: string,
  count = LIBRARY_CONVERSATIONS,
): Promise<number> {
  await rm(dataDir, { recursive: true, force: true });
  const folder = join(dataDir, 'conversations');
  await mkdir(folder, { recursive: true });
  const entries = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const c = libraryConversation(i);
    const file = join(folder, `${c.id}.json`);
    await writeFile(file, JSON.stringify(c), { mode: 0o600 });
    const info = await stat(file);
    bytes += info.size;
    entries.push({ ...summaryOf(c), size: info.size, mtimeMs: info.mtimeMs, streaming: false });
  }
  await writeFile(join(folder, 'index.json'), JSON.stringify({ version: INDEX_VERSION, entries }), {
    mode: 0o600,
  });
  return bytes;
}
