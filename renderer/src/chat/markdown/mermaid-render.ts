// Draws mermaid diagrams: the library loaded on the first diagram, strict security, the app's look.
import { inertDiagram } from './diagram-links';

type Mermaid = typeof import('mermaid').default;
let library: Promise<Mermaid> | null = null;

/** The mermaid chunk (and each diagram type's own) is fetched only when a diagram is to be drawn. */
function loadMermaid(): Promise<Mermaid> {
  library ??= import('mermaid').then((module) => module.default);
  return library;
}

export type DiagramLook = 'light' | 'dark';

export type Drawn = { svg: string } | { error: string };

/** Diagrams drawn so far, by look and source: a row scrolled back into view is not drawn again. */
const drawnCache = new Map<string, Drawn>();
const CACHE_SIZE = 64;
let nextId = 0;

function remember(key: string, drawn: Drawn): Drawn {
  drawnCache.set(key, drawn);
  if (drawnCache.size > CACHE_SIZE) drawnCache.delete(drawnCache.keys().next().value!);
  return drawn;
}

/** A diagram already drawn in this look, if any, to show at once without waiting a tick. */
export function drawnBefore(source: string, look: DiagramLook): Drawn | undefined {
  return drawnCache.get(`${look}\n${source}`);
}

/** A hex colour token of the app's look (tokens.css), or undefined when it is not one. */
function token(name: string): string | undefined {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return /^#[0-9a-f]{3,8}$/i.test(value) ? value : undefined;
}

/**
 * Mermaid's dark theme puts edge labels on grey boxes and assumes a grey page: in the dark look
 * they take the app's own background, so a diagram sits in the answer like its text.
 */
function themeVariablesOf(look: DiagramLook): Record<string, string> {
  if (look === 'light') return {};
  const background = token('--bg');
  return background ? { background, edgeLabelBackground: background } : {};
}

/** The parser's own words, or '' when it gave none (the block's sentence then says it alone). */
function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim();
}

let drawQueue: Promise<unknown> = Promise.resolve();

/**
 * The diagram as SVG markup, or the parser's message. Strict security: no click callbacks, no
 * `javascript:` links, HTML in labels passed through DOMPurify, and the SVG itself sanitised
 * before it is handed back; its bind functions (event listeners) are never called, and its links
 * lead nowhere by themselves (diagram-links.ts).
 */
export function drawDiagram(source: string, look: DiagramLook): Promise<Drawn> {
  const cached = drawnCache.get(`${look}\n${source}`);
  if (cached) return Promise.resolve(cached);
  // One at a time: mermaid's configuration is global, so a draw in the other look (the theme
  // changed meanwhile) must not initialise it between another's initialise and render.
  const drawn = drawQueue.then(() => draw(source, look));
  drawQueue = drawn.catch(() => undefined);
  return drawn;
}

async function draw(source: string, look: DiagramLook): Promise<Drawn> {
  const key = `${look}\n${source}`;
  const cached = drawnCache.get(key);
  if (cached) return cached;
  let mermaid: Mermaid;
  try {
    mermaid = await loadMermaid();
  } catch (error) {
    // Its chunk could not be fetched (the app updated under the page): said, and tried again later.
    library = null;
    return { error: messageOf(error) };
  }
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    // A failed diagram is said in the block's own words, not drawn as a bomb into the page.
    suppressErrorRendering: true,
    theme: look === 'dark' ? 'dark' : 'default',
    fontFamily: getComputedStyle(document.body).fontFamily,
    themeVariables: themeVariablesOf(look),
  });
  const id = `atelier-diagram-${++nextId}`;
  try {
    const { svg } = await mermaid.render(id, source);
    return remember(key, { svg: inertDiagram(svg) });
  } catch (error) {
    return remember(key, { error: messageOf(error) });
  } finally {
    // Mermaid measures in a scratch element of its own; one left by a failure is removed.
    document.getElementById(`d${id}`)?.remove();
  }
}
