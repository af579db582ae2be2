// Assistants: presets a new chat starts from. A few ship built in (in the person's language); the person's own live in one JSON file, written atomically.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { BUILT_IN_ASSISTANT_PREFIX } from '../../../shared/organise';
import type { Assistant, Language } from '../../../shared/types';
import { writeFileAtomic } from './atomic-write';
import { makeFolder } from './data-folder';
import { newId } from './ids';
import { openRecovery, type Recovery } from './recovery';
import { saveFailed } from './save-failure';
import { serviceError } from '../service/errors';

export type AssistantDraft = Omit<Assistant, 'id' | 'builtIn'> & { id?: string };

export interface AssistantLibrary {
  /** Built-in ones first (in `language`), then the person's own by name. */
  list(language: Language): Assistant[];
  /** Creates (no id) or changes one of the person's own; built-ins cannot be changed. */
  save(draft: AssistantDraft): Promise<Assistant>;
  remove(id: string): Promise<void>;
}

interface BuiltIn {
  key: string;
  temperature: number | null;
  text: Record<Language, { name: string; systemPrompt: string }>;
}

const BUILT_INS: readonly BuiltIn[] = [
  {
    key: 'translator',
    temperature: 0.3,
    text: {
      en: {
        name: 'Translator',
        systemPrompt:
          'You are a careful translator. Translate the text the person sends: into English when it is in another language, into Russian when it is in English, unless they name another language. Keep the meaning, tone and formatting; answer with the translation only.',
      },
      ru: {
        name: 'Переводчик',
        systemPrompt:
          'Ты внимательный переводчик. Переводи присланный текст: на русский, если он на другом языке, и на английский, если он на русском, если человек не назвал другой язык. Сохраняй смысл, тон и форматирование; отвечай только переводом.',
      },
    },
  },
  {
    key: 'proofreader',
    temperature: 0.2,
    text: {
      en: {
        name: 'Proof-reader',
        systemPrompt:
          'You are a proof-reader. Correct spelling, grammar and punctuation in the text the person sends, in its own language, changing as little as possible. Give the corrected text first, then a short list of what you changed and why.',
      },
      ru: {
        name: 'Корректор',
        systemPrompt:
          'Ты корректор. Исправляй орфографию, грамматику и пунктуацию в присланном тексте на его языке, меняя как можно меньше. Сначала дай исправленный текст, затем короткий список исправлений с объяснениями.',
      },
    },
  },
  {
    key: 'code-reviewer',
    temperature: 0.2,
    text: {
      en: {
        name: 'Code reviewer',
        systemPrompt:
          'You are an experienced code reviewer. For the code the person sends, point out bugs, security problems, unclear names and missing tests, most important first. Quote the lines you mean and suggest a concrete fix for each point. Say so plainly when the code is fine.',
      },
      ru: {
        name: 'Ревьюер кода',
        systemPrompt:
          'Ты опытный ревьюер кода. В присланном коде укажи ошибки, проблемы безопасности, неясные имена и недостающие тесты, начиная с самого важного. Цитируй строки, о которых говоришь, и предлагай конкретное исправление для каждого замечания. Если код хорош, так и скажи.',
      },
    },
  },
  {
    key: 'summariser',
    temperature: 0.3,
    text: {
      en: {
        name: 'Summariser',
        systemPrompt:
          'You summarise texts. Give the main point in one sentence, then the key facts as a short bulleted list, in the language of the text. Do not add anything the text does not say.',
      },
      ru: {
        name: 'Конспектор',
        systemPrompt:
          'Ты составляешь краткие изложения. Сначала передай главную мысль одним предложением, затем ключевые факты коротким списком, на языке текста. Не добавляй ничего, чего нет в тексте.',
      },
    },
  },
];

/** The built-in assistants in a language. */
export function builtInAssistants(language: Language): Assistant[] {
  return BUILT_INS.map((b) => ({
    id: BUILT_IN_ASSISTANT_PREFIX + b.key,
    name: b.text[language].name,
    systemPrompt: b.text[language].systemPrompt,
    model: '',
    temperature: b.temperature,
    maxTokens: null,
    builtIn: true,
  }));
}

const FILE = 'assistants.json';
const VERSION = 1;

const fileSchema = z.object({
  version: z.literal(VERSION),
  assistants: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string(),
      systemPrompt: z.string(),
      model: z.string(),
      temperature: z.number().nullable(),
      maxTokens: z.number().nullable(),
    }),
  ),
});

export async function openAssistantLibrary(
  dataDir: string,
  options: { recovery?: Recovery } = {},
): Promise<AssistantLibrary> {
  const file = join(dataDir, FILE);
  const own = new Map<string, Assistant>();

  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!parsed.success) throw new Error('it is not a list of assistants');
    for (const a of parsed.data.assistants) {
      if (!a.id.startsWith(BUILT_IN_ASSISTANT_PREFIX)) own.set(a.id, { ...a, builtIn: false });
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      // Set aside before anything is saved, so no new list is written over it.
      await (options.recovery ?? openRecovery(dataDir)).setAside(
        file,
        `Your own assistants could not be read (${(e as Error).message}), so only the built-in ones are offered.`,
      );
    }
  }

  /** Saves the person's assistants after `change`; refused (a full disk), it is undone in memory too. */
  async function write(change: () => void): Promise<void> {
    const before = new Map(own);
    change();
    const assistants = [...own.values()].map(({ builtIn: _b, ...a }) => a);
    try {
      await makeFolder(dataDir);
      await writeFileAtomic(file, JSON.stringify({ version: VERSION, assistants }, null, 2));
    } catch (e) {
      own.clear();
      for (const [id, assistant] of before) own.set(id, assistant);
      throw saveFailed('The assistants', e);
    }
  }

  function refuseBuiltIn(id: string): void {
    if (id.startsWith(BUILT_IN_ASSISTANT_PREFIX))
      throw serviceError(
        'invalid_input',
        'A built-in assistant cannot be changed or deleted; make a copy of it instead.',
      );
  }

  return {
    list(language) {
      const mine = [...own.values()].sort((a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
      );
      return [...builtInAssistants(language), ...mine];
    },

    async save(draft) {
      const name = draft.name.replace(/\s+/g, ' ').trim();
      if (name === '') throw serviceError('invalid_input', 'An assistant needs a name.');
      if (draft.id !== undefined) {
        refuseBuiltIn(draft.id);
        if (!own.has(draft.id)) throw serviceError('not_found', 'That assistant no longer exists.');
      }
      const assistant: Assistant = {
        id: draft.id ?? newId('assistant'),
        name,
        systemPrompt: draft.systemPrompt,
        model: draft.model.trim(),
        temperature: draft.temperature,
        maxTokens: draft.maxTokens,
        builtIn: false,
      };
      await write(() => own.set(assistant.id, assistant));
      return assistant;
    },

    async remove(id) {
      refuseBuiltIn(id);
      if (!own.has(id)) throw serviceError('not_found', 'That assistant no longer exists.');
      await write(() => own.delete(id));
    },
  };
}
