// The look the document is drawn in now (light or dark), followed live as the theme changes.
import { useSyncExternalStore } from 'react';
import type { DiagramLook } from './mermaid-render';

function subscribe(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function current(): DiagramLook {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** theme.ts sets `data-theme` on the root, "system" included: this follows that attribute. */
export function useDocumentLook(): DiagramLook {
  return useSyncExternalStore(subscribe, current, () => 'light');
}
