// Russian strings of documents.*: the Documents tab; typed against the English ones.
import type { documentsEn } from './documents.en';

export const documentsRu: { readonly [K in keyof typeof documentsEn]: string } = {
  'documents.title': 'Документы',
  'documents.choose': 'Выбрать документ',
  'documents.chooseInput': 'Файл документа',
  'documents.drop': 'Перетащите сюда PDF или DOCX',
  'documents.mode': 'Режим',
  'documents.mode.extract': 'Извлечь текст',
  'documents.mode.ocr': 'OCR',
  'documents.ocrHint': 'OCR читает только PDF: для сканов и снимков текста.',
  'documents.returnImages': 'Вернуть изображения страниц',
  'documents.extract': 'Извлечь',
  'documents.extracting': 'Извлечение…',
  'documents.uploading': 'Загрузка {percent}%',
  'documents.chosen': '{name} · {size}',
  'documents.noFile': 'Документ не выбран.',
  'documents.text': 'Извлечённый текст',
  'documents.textPlaceholder':
    'Здесь появится извлечённый текст. Можно и вставить свой текст, чтобы задать о нём вопросы.',
  'documents.copy': 'Копировать текст',
  'documents.saveTxt': 'Сохранить как .txt',
  'documents.saveMd': 'Сохранить как .md',
  'documents.toChat': 'Отправить в новый чат',
  'documents.toChatText': 'Вот документ «{name}»:',
  'documents.pages': 'Страницы',
  'documents.page': 'Страница {number}',
  'documents.gallery': 'Изображения страниц',
  'documents.pageImage': 'Страница {number}, изображение {index}',
  'documents.badImages':
    'Изображений страниц, которые не удалось прочитать: {count}; они пропущены, текст сохранён.',
  'documents.history': 'История',
  'documents.historyEmpty': 'Здесь хранятся ваши извлечения.',
  'documents.summary': '{mode} · {pages} · {tokens}',
  'documents.pagesUnknown': 'сервис не сообщил число страниц',
  'documents.fromChat': 'из чата',
  'documents.pasted': 'вставленный текст',
  'documents.delete': 'Удалить {name}',
  'documents.cost': 'Стоимость: {cost}',
  'documents.serviceCouldNotRead':
    'Сервис не смог прочитать документ. Проверьте, открывается ли он на компьютере, или попробуйте OCR для скана.',
  'documents.problems': 'Не удалось прочитать файлов документов: {count}.',
  'documents.tooLargeForService':
    'Сервис отклонил такой большой документ. Разделите его или сожмите в нём изображения и попробуйте снова.',
};
