// The first screen the page showed before the app ran (public/first-screen.js): its Message box
// takes input from the first paint, so what was typed there is handed to the app's own box.
import { useLayoutEffect } from 'react';
import { useAppStore } from '../store';

/** The first screen's Message box, if the page is showing one; read before the app renders. */
export function firstScreenBox(container: HTMLElement): HTMLTextAreaElement | null {
  return container.querySelector<HTMLTextAreaElement>('[data-first-screen] textarea');
}

/**
 * Called just before the app's first render: what the first screen's box holds becomes the new
 * chat's draft (the chat the first screen shows; no draft exists yet at a start), so the app's box
 * is drawn with it.
 */
export function takeFirstScreenText(box: HTMLTextAreaElement | null): void {
  if (box && box.value !== '') useAppStore.getState().setDraft('', box.value);
}

/**
 * Rendered after the app: in the app's first commit, which has just replaced the first screen with
 * the app's box, puts the caret or selection where it was. Text typed after the render began (the
 * first screen stays on screen until this commit) is taken too, its caret left at the end. The
 * app's box takes the focus itself.
 */
export function FirstScreenHandOver({ box }: { box: HTMLTextAreaElement | null }) {
  useLayoutEffect(() => {
    if (!box || box.value === '') return;
    const { drafts, setDraft } = useAppStore.getState();
    if ((drafts[''] ?? '') !== box.value) {
      setDraft('', box.value);
      return;
    }
    const appBox = document.querySelector<HTMLTextAreaElement>('textarea.composer-input');
    if (appBox?.value === box.value)
      appBox.setSelectionRange(box.selectionStart, box.selectionEnd, box.selectionDirection);
  }, [box]);
  return null;
}
