// What the chat's studio actions send: an answer's markdown as the words read aloud, the prompt of its illustration, an animation's ratio, and each action's model when the setting is the list's default.
import { IMAGE_PROMPT_MAX_CHARS, imageShapeOf } from './images';
import { compareModels, defaultModelFor } from './model-defaults';
import type { PriceBasis } from './prices';
import type { StudioChoices } from './studio';
import type { ModelInfo } from './types';

/**
 * The words of an answer as a person reads them: fenced code, tables, pictures and math left
 * out; a link keeps its words, inline code its text; headings, list and quote marks, emphasis
 * and tags dropped; paragraphs kept apart by a blank line.
 */
export function answerWords(markdown: string): string {
  const lines: string[] = [];
  let fence: string | null = null;
  let math = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const opens = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (opens && opens[0] === fence[0] && opens.length >= fence.length) fence = null;
      continue;
    }
    if (opens) {
      fence = opens;
      continue;
    }
    if (line === '$$') {
      math = !math;
      continue;
    }
    if (math || line.startsWith('|') || /^([-*_]\s*){3,}$/.test(line)) continue;
    lines.push(
      line
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/`([^`]*)`/g, '$1')
        .replace(/\$[^$\n]+\$/g, '')
        .replace(/<\/?[a-z][^>]*>/gi, '')
        .replace(/^#{1,6}\s+/, '')
        .replace(/^(>\s*)+/, '')
        .replace(/^([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
        .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
        .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
        .trim(),
    );
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The words Read aloud sends for an answer (its markdown when it has no words of its own). */
export function readAloudText(markdown: string): string {
  return answerWords(markdown) || markdown.trim();
}

const KIND_ORDER = ['audio', 'image', 'video'];

/**
 * What a message shows of the media made from it: its pictures and videos, and of its sounds only
 * the newest reading of the whole answer (voice mode keeps one recording per sentence, linked to
 * the same answer: those stay in Audio's "From chats", not under the message).
 */
export function shownUnder<T extends { kind: string; params: Record<string, unknown> }>(
  items: readonly T[],
  markdown: string,
): T[] {
  const words = readAloudText(markdown);
  const readings = items.filter((i) => i.kind === 'audio' && i.params.text === words);
  const newest = readings.at(-1);
  const shown = items.filter((i) => i.kind !== 'audio' || i === newest);
  // The reading first, then the pictures, then the videos made of them.
  return shown.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

const ILLUSTRATION_LEAD = 'An illustration of: ';

/** The picture's prompt from an answer or the part of it selected, within the prompt limit. */
export function illustrationPrompt(text: string): string {
  const words = answerWords(text).replace(/\s+/g, ' ');
  return ILLUSTRATION_LEAD + cutAtWord(words, IMAGE_PROMPT_MAX_CHARS - ILLUSTRATION_LEAD.length);
}

/** The video prompt of an animated picture: its own title or prompt, as the service takes any length. */
export function animationPrompt(pictureTitle: string): string {
  const about = pictureTitle.replace(/\s+/g, ' ').trim();
  return `Bring this picture to life with gentle, natural motion${about ? `: ${about}` : '.'}`;
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trim();
}

/**
 * The shape an illustration asks for: square, in the form the model takes (an aspect ratio, the
 * first of its listed sizes), or nothing for a model that takes any size (the service's default).
 */
export function illustrationShape(
  model: ModelInfo | undefined,
  id: string,
): { aspectRatio: string } | { size: string } | Record<string, never> {
  const shape = imageShapeOf(model, id);
  if (shape.kind === 'aspect') return { aspectRatio: '1:1' };
  return shape.fixed && shape.sizes[0] ? { size: shape.sizes[0] } : {};
}

/** The ratios an animation asks for, the ones video models commonly take. */
const ANIMATE_RATIOS = [
  { ratio: '16:9', value: 16 / 9 },
  { ratio: '1:1', value: 1 },
  { ratio: '9:16', value: 9 / 16 },
] as const;

/** The common ratio nearest a picture's shape (16:9 when its size is unknown). */
export function animateRatio(width: number | null, height: number | null): string {
  if (!width || !height) return '16:9';
  const shape = Math.log(width / height);
  let best: (typeof ANIMATE_RATIOS)[number] = ANIMATE_RATIOS[0];
  for (const option of ANIMATE_RATIOS)
    if (Math.abs(Math.log(option.value) - shape) < Math.abs(Math.log(best.value) - shape))
      best = option;
  return best.ratio;
}

export type StudioTask = 'speech' | 'picture' | 'video' | 'transcribe';

/**
 * The model an action uses: the setting, else the list's default for its task. Animating takes
 * a picture, so its default is the first image-to-video model, else the video task's default.
 */
export function studioModel(
  task: StudioTask,
  choices: StudioChoices,
  models: readonly ModelInfo[],
  basis: PriceBasis = 'auto',
): string {
  switch (task) {
    case 'speech':
      return choices.speechModel || defaultModelFor('speech', models, basis);
    case 'picture':
      return choices.pictureModel || defaultModelFor('image', models, basis);
    case 'transcribe':
      return choices.transcribeModel || defaultModelFor('transcription', models, basis);
    case 'video': {
      if (choices.videoModel) return choices.videoModel;
      const animating = models.filter((m) => m.kind === 'image-to-video').sort(compareModels)[0];
      return animating?.id ?? defaultModelFor('video', models, basis);
    }
  }
}

/** Which media a library list shows: made in its tab, or made from or attached to chats. */
export type MediaOriginChoice = 'made' | 'chats';
