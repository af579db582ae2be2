// Russian strings of preview.*: diagrams drawn from ```mermaid blocks, previews of ```html and ```svg.
import type { previewEn } from './preview.en';

export const previewRu: { readonly [K in keyof typeof previewEn]: string } = {
  'preview.view': 'Показать',
  'preview.source': 'Код',
  'preview.diagram': 'Диаграмма',
  'preview.preview': 'Просмотр',
  'preview.copySource': 'Копировать код',
  'preview.save': 'Сохранить в файл',
  'preview.drawing': 'Рисуем диаграмму…',
  'preview.diagramFailed':
    'Эту диаграмму не удалось нарисовать, ниже её код. Сообщение разбора диаграммы:',
  'preview.htmlTitle': 'Просмотр HTML',
  'preview.svgTitle': 'Просмотр SVG-картинки',
  'preview.frameNote':
    'В просмотре не выполняются скрипты и ничего не загружается ни из сети, ни из ваших файлов.',
} as const;
