// Documents tab types: extractions kept in the library, and decisions asked about their text.

export type ExtractionMode = 'extract' | 'ocr';

export interface DocumentPage {
  index: number;
  markdown: string;
  /** Page images as data URIs (OCR with "return images"), checked to be real images. */
  images: string[];
}

export interface DocumentSummary {
  id: string;
  name: string;
  mime: string;
  size: number;
  /** 'text': text the user pasted, not extracted from a file. */
  mode: ExtractionMode | 'text';
  model: string | null;
  createdAt: string;
  pageCount: number | null;
  /** Estimated tokens of the text. */
  tokens: number;
  cost: string | null;
  decisionCount: number;
  /** Where it came from: the Documents tab or a chat attachment. */
  origin: 'documents' | 'chat';
}

export interface DocumentRecord extends DocumentSummary {
  text: string;
  /** Per-page markdown (OCR); null for plain extraction. */
  pages: DocumentPage[] | null;
  /** Page images the service sent that were not valid images (dropped). */
  badImages: number;
  decisions: DecisionRun[];
}

export type DecisionType = 'noul' | 'choice' | 'score';

export interface DecisionOption {
  label: string;
  description: string;
}

export interface DecisionQuestionInput {
  /** Its name in the request's `questions` map; empty or absent: q1, q2 … by its place. */
  name?: string;
  type: DecisionType;
  /** The question, in the user's words. */
  instructions: string;
  /** noul: [true, false] descriptions; choice: options; score: the scale's labels (description unused). */
  options: DecisionOption[];
}

export interface DecisionOutcome {
  /** The question's name as sent; absent in runs kept before questions had names. */
  name?: string;
  question: DecisionQuestionInput;
  type: DecisionType;
  /** noul: probability of true; choice: the chosen label; score: the expected value 0..1. */
  value: number | string | null;
  /** Label -> probability, for the bars (noul: true/false). */
  probabilities: Record<string, number>;
  confidence: number | null;
  /** Score: each label's value on the 0..1 scale. */
  legend: Record<string, number> | null;
}

export interface DecisionRun {
  id: string;
  createdAt: string;
  model: string;
  outcomes: DecisionOutcome[];
  cost: string | null;
}

export interface DocumentList {
  items: DocumentSummary[];
  problems: { file: string; reason: string }[];
}

/** A question's name when the person gives none: q1, q2 … by its place (1-based). */
export function defaultQuestionName(place: number): string {
  return `q${place}`;
}

/** The names the questions go by in the request: each one's own (trimmed), else q1, q2 … */
export function decisionQuestionNames(
  questions: readonly Pick<DecisionQuestionInput, 'name'>[],
): string[] {
  return questions.map((q, i) => q.name?.trim() || defaultQuestionName(i + 1));
}

/** The first name two questions share (the request's map needs each once); null when none does. */
export function repeatedQuestionName(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}
