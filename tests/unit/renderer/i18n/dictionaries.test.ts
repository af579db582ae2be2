// The two dictionaries agree: the same keys, and each Russian string fills the same {placeholders}.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../renderer/src/i18n/en';
import { ru } from '../../../../renderer/src/i18n/ru';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('have the same keys and the same placeholders in every string', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      expect({ key, names: placeholders(ru[key as keyof typeof ru]) }).toEqual({
        key,
        names: placeholders(english),
      });
    }
  });

  it('keep one English and one Russian part per key prefix, holding only that prefix', async () => {
    const folder = join(__dirname, '../../../../renderer/src/i18n');
    const parts = readdirSync(folder).filter((name) => /^\w+\.(en|ru)\.ts$/.test(name));
    const prefixes = new Set(Object.keys(en).map((key) => key.split('.')[0]!));
    expect(parts.sort()).toEqual([...prefixes].flatMap((p) => [`${p}.en.ts`, `${p}.ru.ts`]).sort());
    for (const part of parts) {
      const [prefix, language] = part.split('.') as [string, 'en' | 'ru'];
      const module = (await import(join(folder, part))) as Record<string, Record<string, string>>;
      const keys = Object.keys(module[`${prefix}${language === 'en' ? 'En' : 'Ru'}`]!);
      expect(keys.every((key) => key.startsWith(`${prefix}.`))).toBe(true);
    }
  });
});
