// A drawn diagram's links made inert: they lead nowhere by themselves, only through the link confirmation.
import { isOpenableLink } from '../../../../shared/links';

/** Where a diagram's link led; the element keeps no href, so no click of any kind follows it. */
export const LINK_ATTRIBUTE = 'data-diagram-link';

/**
 * Mermaid's strict level still draws a node's `click … "https://…" _top` as a link, which would
 * take the app's window to that address. Here every link loses its href and target: an address a
 * link may open (http, https, mailto) is kept aside for the confirm, anything else is dropped.
 * Event handler attributes and `javascript:` values, which mermaid's DOMPurify pass already
 * removes, are removed again in the same pass. Built in an inert template: nothing loads or runs.
 */
export function inertDiagram(svg: string): string {
  const template = document.createElement('template');
  template.innerHTML = svg;
  for (const element of template.content.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      if (name.startsWith('on') || /^\s*(javascript|vbscript):/i.test(value))
        element.removeAttribute(name);
    }
    if (element.localName !== 'a') continue;
    const href = element.getAttribute('href') ?? element.getAttribute('xlink:href');
    element.removeAttribute('href');
    element.removeAttribute('xlink:href');
    element.removeAttribute('target');
    if (href && isOpenableLink(href)) element.setAttribute(LINK_ATTRIBUTE, href);
  }
  return template.innerHTML;
}

/** The address a click in a diagram asks to open, if it landed on one of its links. */
export function diagramLinkAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest(`[${LINK_ATTRIBUTE}]`)?.getAttribute(LINK_ATTRIBUTE) ?? null;
}
