// Which fenced code blocks are more than code: a diagram to draw, or HTML or SVG to preview.

export type CodeKind = 'mermaid' | 'html' | 'svg' | 'code';

const KIND_OF_LANGUAGE: Readonly<Record<string, Exclude<CodeKind, 'code'>>> = {
  mermaid: 'mermaid',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  svg: 'svg',
};

/** An XML block that is an SVG picture: its first element (after a declaration, comments) is <svg>. */
const SVG_START =
  /^(?:\s*<\?xml[^>]*\?>)?(?:\s*<!--[\s\S]*?-->)*\s*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i;

/** What a block is, by its fence's language; an `xml` block holding an SVG is an SVG. */
export function codeKindOf(language: string, code: string): CodeKind {
  const label = language.toLowerCase();
  const kind = KIND_OF_LANGUAGE[label];
  if (kind) return kind;
  if (label === 'xml' && SVG_START.test(code)) return 'svg';
  return 'code';
}

/** The name and type a previewable block is saved under. */
export function previewFile(kind: 'html' | 'svg'): { name: string; mime: string } {
  return kind === 'html'
    ? { name: 'preview.html', mime: 'text/html' }
    : { name: 'picture.svg', mime: 'image/svg+xml' };
}

/** highlight.js has no `svg` nor `mermaid` language: an SVG is coloured as XML. */
export function highlightLanguageOf(kind: CodeKind, language: string): string {
  return kind === 'svg' ? 'xml' : language;
}
