// Unit tests of how a code block is shown before anything is drawn: diagrams and previews start from their source.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from '../../../../../renderer/src/chat/markdown/CodeBlock';

function render(language: string, code: string, streaming = false): string {
  return renderToStaticMarkup(createElement(CodeBlock, { code, language, streaming }));
}

describe('CodeBlock', () => {
  it('shows a mermaid block as its source, with Diagram and Source, until mermaid has drawn it', () => {
    const html = render('mermaid', 'flowchart LR\n  A --&gt; B');
    expect(html).toContain('diagram-block');
    expect(html).toContain('>Diagram</button>');
    expect(html).toContain('>Source</button>');
    expect(html).toContain('flowchart LR');
    expect(html).toContain('Drawing the diagram…');
  });

  it('offers no Diagram while a mermaid block is still arriving', () => {
    const html = render('mermaid', 'flowchart LR\n  A --', true);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Diagram<\/button>/);
    expect(html).not.toContain('Drawing the diagram…');
  });

  it('shows an HTML block as source with Preview, Copy and Save as file, and no frame until asked', () => {
    const html = render('html', '<h1>Hi</h1><script>alert(1)</script>');
    expect(html).toContain('>Preview</button>');
    expect(html).toContain('>Save as file</button>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<script');
  });

  it('keeps any other block as plain code with Copy', () => {
    const html = render('ts', 'const a = 1;');
    expect(html).not.toContain('view-toggle');
    expect(html).toContain('aria-label="Copy code"');
  });
});
