// The modal frame's markup: its role, its accessible name from the title or a label, what it asks, its layer.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from '../../../../renderer/src/common/ModalDialog';

const close = () => undefined;

/** An attribute of the dialog element itself (not of the backdrop or the content). */
function attribute(html: string, name: string): string | undefined {
  const dialog = /<div role="(?:alert)?dialog"[^>]*>/.exec(html)?.[0] ?? '';
  return new RegExp(` ${name}="([^"]*)"`).exec(dialog)?.[1];
}

describe('ModalDialog', () => {
  it('is a modal dialog named by its title, with the head holding the title and its controls', () => {
    const html = renderToStaticMarkup(
      createElement(ModalDialog, {
        title: 'Keyboard shortcuts',
        headActions: createElement('button', { type: 'button' }, 'Close'),
        onClose: close,
        className: 'shortcuts-dialog',
        children: createElement('p', null, 'The list'),
      }),
    );
    expect(html).toMatch(/^<div class="modal-backdrop"><div role="dialog" aria-modal="true"/);
    const titleId = attribute(html, 'aria-labelledby');
    expect(titleId).toBeTruthy();
    expect(html).toContain(
      `<div class="modal-head"><h2 id="${titleId}">Keyboard shortcuts</h2><button type="button">Close</button></div>`,
    );
    expect(html).toContain('class="modal shortcuts-dialog" tabindex="-1"');
    expect(attribute(html, 'aria-label')).toBeUndefined();
    expect(html).toContain('<p>The list</p>');
  });

  it('takes its name from a label where it shows no title', () => {
    const html = renderToStaticMarkup(
      createElement(ModalDialog, { label: 'first picture', onClose: close, children: 'picture' }),
    );
    expect(attribute(html, 'aria-label')).toBe('first picture');
    expect(attribute(html, 'aria-labelledby')).toBeUndefined();
    expect(html).not.toContain('<h2');
    expect(html).not.toContain('modal-head');
  });

  it('asks as an alertdialog described by its text, drawn over other dialogs when raised', () => {
    const html = renderToStaticMarkup(
      createElement(ModalDialog, {
        role: 'alertdialog',
        title: 'Send this message?',
        describedBy: 'why',
        onClose: close,
        backdropCloses: false,
        raised: true,
        children: createElement('p', { id: 'why' }, 'It costs more than your limit.'),
      }),
    );
    expect(html).toMatch(/^<div class="modal-backdrop raised"><div role="alertdialog"/);
    expect(attribute(html, 'aria-describedby')).toBe('why');
  });
});
