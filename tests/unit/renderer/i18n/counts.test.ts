// Counts and sizes in words: the noun chosen by Intl.PluralRules of the figure as shown, the locale's digits and units.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../../../shared/types';
import { countWords, sizeWords, type CountedNoun } from '../../../../renderer/src/i18n/counts';
import type { MessageKey } from '../../../../renderer/src/i18n/en';
import { ru } from '../../../../renderer/src/i18n/ru';
import { addLanguage, translate } from '../../../../renderer/src/i18n/translate';

beforeAll(() => addLanguage('ru', ru));

describe('countWords', () => {
  it('English: one token, two tokens', () => {
    expect(countWords('en', 'units.tokens', 1)).toBe('1 token');
    expect(countWords('en', 'units.tokens', 2)).toBe('2 tokens');
    expect(countWords('en', 'units.pages', 1)).toBe('1 page');
    expect(countWords('en', 'units.calls', 1234)).toBe('1,234 calls');
  });

  it('Russian: one, few, many by the last digits, and fractions in the genitive singular', () => {
    const tokens = (n: number) => countWords('ru', 'units.tokens', n);
    expect(tokens(1)).toBe('1 токен');
    expect(tokens(2)).toBe('2 токена');
    expect(tokens(5)).toBe('5 токенов');
    expect(tokens(11)).toBe('11 токенов');
    expect(tokens(21)).toBe('21 токен');
    expect(tokens(22)).toBe('22 токена');
    expect(tokens(25)).toBe('25 токенов');
    expect(tokens(1.5)).toBe('1,5 токена');
    expect(countWords('ru', 'units.messages', 3)).toBe('3 сообщения');
  });

  it('chooses by the figure as shown: 1.04 shows as 1, 2500 with a group space', () => {
    expect(countWords('ru', 'units.pages', 1.04)).toBe('1 страница');
    expect(countWords('en', 'units.pages', 1.04)).toBe('1 page');
    expect(countWords('ru', 'units.calls', 2500).replace(/\s/g, ' ')).toBe('2 500 вызовов');
  });
});

describe('sizeWords', () => {
  it('binary units in the language: decimal comma and Cyrillic units in Russian', () => {
    expect(sizeWords(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(sizeWords(1.5 * 1024 * 1024, 'ru')).toBe('1,5 МБ');
    expect(sizeWords(840 * 1024, 'ru')).toBe('840 КБ');
    expect(sizeWords(1023, 'ru')).toBe('1023 Б');
    expect(sizeWords(3 * 1024 ** 3, 'en')).toBe('3 GB');
  });
});

/** A sentence as its call site words it: the count in words in the placeholder, the rest as given. */
function counted(
  language: Language,
  key: MessageKey,
  placeholder: string,
  noun: CountedNoun,
  count: number,
  rest: Record<string, string> = {},
): string {
  const say = translate as (l: Language, k: MessageKey, v: Record<string, string>) => string;
  const words = countWords(language, noun, count);
  return say(language, key, { ...rest, [placeholder]: words }).replace(/\s/g, ' ');
}

interface Sentence {
  key: MessageKey;
  placeholder: string;
  noun: CountedNoun;
  rest?: Record<string, string>;
  /** The sentence with # where the count goes, and the count's words for 1, 2, 5 and 21. */
  en: [string, [string, string, string, string]];
  ru: [string, [string, string, string, string]];
}

const SENTENCES: Sentence[] = [
  {
    key: 'chat.listProblems',
    placeholder: 'files',
    noun: 'units.conversationFiles',
    en: [
      '# could not be read.',
      [
        '1 conversation file',
        '2 conversation files',
        '5 conversation files',
        '21 conversation files',
      ],
    ],
    ru: [
      'Не удалось прочитать #.',
      ['1 файл чата', '2 файла чатов', '5 файлов чатов', '21 файл чата'],
    ],
  },
  {
    key: 'documents.problems',
    placeholder: 'files',
    noun: 'units.documentFiles',
    en: [
      '# could not be read.',
      ['1 document file', '2 document files', '5 document files', '21 document files'],
    ],
    ru: [
      'Не удалось прочитать #.',
      ['1 файл документа', '2 файла документов', '5 файлов документов', '21 файл документа'],
    ],
  },
  {
    key: 'documents.badImages',
    placeholder: 'images',
    noun: 'units.pageImages',
    en: [
      'The text is kept, without # that could not be read.',
      ['1 page image', '2 page images', '5 page images', '21 page images'],
    ],
    ru: [
      'Текст сохранён, но не удалось прочитать и пришлось пропустить #.',
      [
        '1 изображение страницы',
        '2 изображения страниц',
        '5 изображений страниц',
        '21 изображение страницы',
      ],
    ],
  },
  {
    key: 'organise.deleteSelectedConfirm',
    placeholder: 'conversations',
    noun: 'units.selectedConversations',
    en: [
      'Delete #? This cannot be undone.',
      [
        '1 selected conversation',
        '2 selected conversations',
        '5 selected conversations',
        '21 selected conversations',
      ],
    ],
    ru: [
      'Удалить #? Это нельзя отменить.',
      [
        '1 выбранный разговор',
        '2 выбранных разговора',
        '5 выбранных разговоров',
        '21 выбранный разговор',
      ],
    ],
  },
  {
    key: 'semantic.on',
    placeholder: 'indexed',
    noun: 'units.passages',
    rest: { pending: '3' },
    en: ['On: # embedded, 3 waiting.', ['1 passage', '2 passages', '5 passages', '21 passages']],
    ru: [
      'Включён: в индексе #, в очереди 3.',
      ['1 фрагмент', '2 фрагмента', '5 фрагментов', '21 фрагмент'],
    ],
  },
  {
    key: 'storage.recoveredTitle',
    placeholder: 'files',
    noun: 'units.files',
    en: [
      'Atelier set aside # of its data that it could not use. Everything else has loaded.',
      ['1 file', '2 files', '5 files', '21 files'],
    ],
    ru: [
      'Atelier отложил в сторону # своих данных — использовать не удалось. Всё остальное загружено.',
      ['1 файл', '2 файла', '5 файлов', '21 файл'],
    ],
  },
  {
    key: 'attach.tooMany',
    placeholder: 'attachments',
    noun: 'units.attachments',
    en: [
      'At most # per message.',
      ['1 attachment', '2 attachments', '5 attachments', '21 attachments'],
    ],
    ru: [
      'В одном сообщении — не больше, чем #.',
      ['1 вложение', '2 вложения', '5 вложений', '21 вложение'],
    ],
  },
  {
    key: 'chat.maxTokensOverMost',
    placeholder: 'limit',
    noun: 'units.tokens',
    en: [
      'Most models refuse an output longer than #.',
      ['1 token', '2 tokens', '5 tokens', '21 tokens'],
    ],
    ru: [
      'Большинство моделей не дают ответ длиннее, чем #.',
      ['1 токен', '2 токена', '5 токенов', '21 токен'],
    ],
  },
  {
    key: 'models.context',
    placeholder: 'tokens',
    noun: 'units.tokens',
    en: ['Context: #', ['1 token', '2 tokens', '5 tokens', '21 tokens']],
    ru: ['Контекст: #', ['1 токен', '2 токена', '5 токенов', '21 токен']],
  },
  {
    key: 'format.tooLong',
    placeholder: 'max',
    noun: 'units.characters',
    en: [
      'The schema is longer than #.',
      ['1 character', '2 characters', '5 characters', '21 characters'],
    ],
    ru: ['Схема длиннее, чем #.', ['1 символ', '2 символа', '5 символов', '21 символ']],
  },
  {
    key: 'images.limit.many',
    placeholder: 'images',
    noun: 'units.sourceImages',
    en: [
      'This model takes up to #.',
      ['1 source image', '2 source images', '5 source images', '21 source images'],
    ],
    ru: [
      'Эта модель принимает не больше, чем #.',
      [
        '1 исходное изображение',
        '2 исходных изображения',
        '5 исходных изображений',
        '21 исходное изображение',
      ],
    ],
  },
  {
    key: 'images.refusal.tooMany',
    placeholder: 'images',
    noun: 'units.sourceImages',
    en: [
      'At most # can be sent.',
      ['1 source image', '2 source images', '5 source images', '21 source images'],
    ],
    ru: [
      'Можно отправить не больше, чем #.',
      [
        '1 исходное изображение',
        '2 исходных изображения',
        '5 исходных изображений',
        '21 исходное изображение',
      ],
    ],
  },
  {
    key: 'tools.limitReached',
    placeholder: 'rounds',
    noun: 'units.toolRounds',
    en: [
      'The limit of # in one answer was reached: the rest was written without tools. The limit is in Settings.',
      ['1 tool round', '2 tool rounds', '5 tool rounds', '21 tool rounds'],
    ],
    ru: [
      'Достигнут предел на один ответ — #: остальное написано без инструментов. Предел меняется в настройках.',
      [
        '1 раунд с инструментами',
        '2 раунда с инструментами',
        '5 раундов с инструментами',
        '21 раунд с инструментами',
      ],
    ],
  },
  {
    key: 'spending.view.chart',
    placeholder: 'days',
    noun: 'units.days',
    en: ['Spending by day over the last #', ['1 day', '2 days', '5 days', '21 days']],
    ru: ['Расходы по дням за #', ['1 день', '2 дня', '5 дней', '21 день']],
  },
  {
    key: 'spending.view.differing',
    placeholder: 'calls',
    noun: 'units.calls',
    en: [
      '# where what the service took differs from the computed charge',
      ['1 call', '2 calls', '5 calls', '21 calls'],
    ],
    ru: [
      '#, где списанное сервисом расходится с расчётом',
      ['1 вызов', '2 вызова', '5 вызовов', '21 вызов'],
    ],
  },
  {
    key: 'spending.view.exported',
    placeholder: 'entries',
    noun: 'units.entries',
    en: ['Saved #.', ['1 entry', '2 entries', '5 entries', '21 entries']],
    ru: ['Сохранено: #.', ['1 запись', '2 записи', '5 записей', '21 запись']],
  },
];

describe('sentences with a count', () => {
  it.each(SENTENCES)('$key: 1, 2, 5 and 21 in English and Russian', (sentence) => {
    for (const language of ['en', 'ru'] as const) {
      const [template, words] = sentence[language];
      const said = [1, 2, 5, 21].map((n) => {
        return counted(
          language,
          sentence.key,
          sentence.placeholder,
          sentence.noun,
          n,
          sentence.rest,
        );
      });
      expect(said).toEqual(words.map((w) => template.replace('#', w)));
    }
  });

  it('several counts in one sentence, each in its own form', () => {
    const say = translate as (l: Language, k: MessageKey, v: Record<string, string>) => string;
    const words = (language: Language, vars: Record<string, string>, key: MessageKey) =>
      say(language, key, vars).replace(/\s/g, ' ');
    const tokens = (language: Language, n: number) => countWords(language, 'units.tokens', n);
    expect(
      words(
        'ru',
        { room: tokens('ru', 21), context: tokens('ru', 8192), prompt: tokens('ru', 8171) },
        'chat.maxTokensOverContext',
      ),
    ).toBe(
      'В контексте модели (8 192 токена) после этой беседы (примерно 8 171 токен) остаётся лишь примерно 21 токен: сервис может отказать, или старые сообщения придётся не отправлять.',
    );
    expect(
      words(
        'en',
        { room: tokens('en', 1), context: tokens('en', 8192), prompt: tokens('en', 8191) },
        'chat.maxTokensOverContext',
      ),
    ).toBe(
      'The model’s context of 8,192 tokens leaves only about 1 token after this conversation (about 8,191 tokens): the service may refuse, or older messages must be left out.',
    );
    expect(
      words(
        'ru',
        { tokens: tokens('ru', 22), model: 'm', limit: tokens('ru', 21) },
        'attach.contextWarning',
      ),
    ).toMatch(
      /^По оценке Atelier, сообщению с вложениями нужно примерно 22 токена, а контекст m — 21 токен\./,
    );
    expect(
      words(
        'en',
        { tokens: tokens('en', 1), model: 'm', limit: tokens('en', 1) },
        'attach.contextWarning',
      ),
    ).toMatch(
      /^Atelier estimates about 1 token for the message with its attachments, and m has a context of 1 token\./,
    );
    const estimate = (language: Language, n: number) =>
      words(
        language,
        {
          passages: countWords(language, 'units.passages', n),
          tokens: tokens(language, n * 100),
          cost: 'C',
          time: 'T',
        },
        'semantic.estimated',
      );
    expect(estimate('en', 1)).toMatch(/^To embed 1 passage \(several .*\), about 100 tokens: C\./);
    expect(estimate('en', 21)).toMatch(
      /^To embed 21 passages \(several .*\), about 2,100 tokens: C\./,
    );
    expect(estimate('ru', 1)).toMatch(
      /^Обработать 1 фрагмент \(несколько .*\), примерно 100 токенов: C\./,
    );
    expect(estimate('ru', 21)).toMatch(
      /^Обработать 21 фрагмент \(несколько .*\), примерно 2 100 токенов: C\./,
    );
    expect(estimate('ru', 2)).toMatch(
      /^Обработать 2 фрагмента \(несколько .*\), примерно 200 токенов: C\./,
    );
  });

  it('seconds, fractions too: the music hint and a video length', () => {
    const hint = (language: Language, max: number) =>
      counted(language, 'audio.secondsHint', 'max', 'units.seconds', max);
    expect(hint('en', 1)).toBe('From 1 second up to 1 second. Music is saved as WAV.');
    expect(hint('en', 47.5)).toBe('From 1 second up to 47.5 seconds. Music is saved as WAV.');
    expect([1, 2, 5, 21, 1.5].map((n) => hint('ru', n))).toEqual(
      ['1 секунда', '2 секунды', '5 секунд', '21 секунда', '1,5 секунды'].map(
        (w) => `Не меньше 1 секунды и не больше, чем ${w}. Музыка сохраняется в WAV.`,
      ),
    );
    expect(countWords('en', 'units.seconds', 8)).toBe('8 seconds');
    expect(countWords('en', 'units.seconds', 1)).toBe('1 second');
  });
});
