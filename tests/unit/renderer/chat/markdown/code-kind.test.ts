// Unit tests of which fenced blocks are drawn or previewed, and how a previewable block is saved.
import { describe, expect, it } from 'vitest';
import {
  codeKindOf,
  highlightLanguageOf,
  previewFile,
} from '../../../../../renderer/src/chat/markdown/code-kind';

describe('codeKindOf', () => {
  it('draws mermaid blocks and previews html and svg ones, whatever the label’s case', () => {
    expect(codeKindOf('mermaid', 'flowchart LR\n A --> B')).toBe('mermaid');
    expect(codeKindOf('Mermaid', '')).toBe('mermaid');
    expect(codeKindOf('html', '<p>hi</p>')).toBe('html');
    expect(codeKindOf('HTM', '<p>hi</p>')).toBe('html');
    expect(codeKindOf('svg', '<svg></svg>')).toBe('svg');
  });

  it('takes an xml block for an SVG only when its first element is <svg>', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    expect(codeKindOf('xml', svg)).toBe('svg');
    expect(codeKindOf('xml', `<?xml version="1.0"?>\n<!-- a picture -->\n${svg}`)).toBe('svg');
    expect(codeKindOf('xml', '<note><svg/></note>')).toBe('code');
    expect(codeKindOf('xml', '<svgs/>')).toBe('code');
  });

  it('leaves every other block as code, unlabelled ones too', () => {
    for (const language of ['', 'ts', 'python', 'markdown', 'mermaidjs', 'xhtml5'])
      expect(codeKindOf(language, '<svg></svg>')).toBe('code');
  });
});

describe('previewFile', () => {
  it('names an HTML block a page and an SVG block a picture, with their types', () => {
    expect(previewFile('html')).toEqual({ name: 'preview.html', mime: 'text/html' });
    expect(previewFile('svg')).toEqual({ name: 'picture.svg', mime: 'image/svg+xml' });
  });
});

describe('highlightLanguageOf', () => {
  it('colours an SVG as XML and keeps every other label', () => {
    expect(highlightLanguageOf('svg', 'svg')).toBe('xml');
    expect(highlightLanguageOf('html', 'html')).toBe('html');
  });
});
