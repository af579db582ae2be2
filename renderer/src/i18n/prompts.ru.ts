// Russian strings of prompts.*: saved prompts offered after "/" in the Message box, their form and manager; typed against the English ones.
import type { promptsEn } from './prompts.en';

export const promptsRu: { readonly [K in keyof typeof promptsEn]: string } = {
  'prompts.menu': 'Шаблоны',
  'prompts.none': 'Нет шаблонов по запросу «{query}».',
  'prompts.manage': 'Управление шаблонами…',
  'prompts.menuHint': '↑ ↓ выбрать · Enter или Tab вставить · Esc закрыть',
  'prompts.fillTitle': 'Заполните «{name}»',
  'prompts.fillHint': 'Готовый текст появится в поле сообщения; пока ничего не отправляется.',
  'prompts.insert': 'Вставить',
  'prompts.manager': 'Шаблоны',
  'prompts.managerHint': 'Чтобы вставить шаблон, наберите / в поле сообщения.',
  'prompts.new': 'Новый шаблон',
  'prompts.form': 'Шаблон',
  'prompts.name': 'Название',
  'prompts.text': 'Текст',
  'prompts.textHint':
    'Напишите {example} там, где нужно значение: при вставке шаблона Atelier попросит его ввести.',
  'prompts.exampleName': 'имя',
  'prompts.shipped': 'Из набора Atelier',
  'prompts.asks': 'Спросит: {names}',
  'prompts.actions': 'Действия с шаблоном «{name}»',
  'prompts.edit': 'Изменить',
  'prompts.deleteConfirm': 'Удалить шаблон «{name}»?',
  'prompts.empty': 'Шаблонов пока нет: добавьте первый кнопкой «Новый шаблон».',
  'prompts.loading': 'Загружаем шаблоны…',
} as const;
