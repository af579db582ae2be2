// The prompts Atelier ships, in English and Russian: shown in the person's language until they edit or delete one.
import { SHIPPED_PROMPT_PREFIX, type Prompt } from '../../../shared/prompts';
import type { Language } from '../../../shared/types';

export interface ShippedPrompt {
  key: string;
  text: Record<Language, { name: string; text: string }>;
}

export const SHIPPED_PROMPTS: readonly ShippedPrompt[] = [
  {
    key: 'translate',
    text: {
      en: {
        name: 'Translate',
        text: 'Translate the text below into {{language}}. Keep its meaning, tone and formatting, and answer with the translation only.\n\n',
      },
      ru: {
        name: 'Перевести',
        text: 'Переведи текст ниже на {{язык}}. Сохрани смысл, тон и форматирование; ответь только переводом.\n\n',
      },
    },
  },
  {
    key: 'summarise',
    text: {
      en: {
        name: 'Summarise',
        text: 'Summarise the text below: its main point in one sentence, then the key facts as a short list. Add nothing it does not say.\n\n',
      },
      ru: {
        name: 'Кратко изложить',
        text: 'Кратко изложи текст ниже: главную мысль одним предложением, затем ключевые факты коротким списком. Не добавляй ничего, чего в нём нет.\n\n',
      },
    },
  },
  {
    key: 'explain-code',
    text: {
      en: {
        name: 'Explain code',
        text: 'Explain what the code below does, step by step, for someone who knows {{language}} a little. Then point out anything surprising or risky.\n\n',
      },
      ru: {
        name: 'Объяснить код',
        text: 'Объясни, что делает код ниже, шаг за шагом, для человека, который немного знает {{язык}}. Затем укажи, что в нём неожиданно или рискованно.\n\n',
      },
    },
  },
  {
    key: 'email',
    text: {
      en: {
        name: 'Write an email',
        text: 'Write a short, polite email to {{person}} about {{topic}}. Plain words, no more than five sentences, with a subject line.',
      },
      ru: {
        name: 'Написать письмо',
        text: 'Напиши короткое вежливое письмо для {{кому}} на тему «{{тема}}». Простыми словами, не больше пяти предложений, с темой письма.',
      },
    },
  },
  {
    key: 'improve',
    text: {
      en: {
        name: 'Improve writing',
        text: 'Make the text below clearer and shorter, in its own language and with the same meaning. Give the new text, then the main changes as a short list.\n\n',
      },
      ru: {
        name: 'Улучшить текст',
        text: 'Сделай текст ниже понятнее и короче, на его языке и с тем же смыслом. Дай новый текст, затем главные изменения коротким списком.\n\n',
      },
    },
  },
];

/** A shipped prompt as the list shows it in `language`. */
export function shippedPrompt(shipped: ShippedPrompt, language: Language): Prompt {
  return {
    id: SHIPPED_PROMPT_PREFIX + shipped.key,
    name: shipped.text[language].name,
    text: shipped.text[language].text,
    shipped: true,
  };
}
