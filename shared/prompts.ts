// Saved prompts: their shape, the limits the app imposes on them, and the {{variable}} rule that the Message box fills in.

/** A saved prompt as the list answers it. */
export interface Prompt {
  id: string;
  name: string;
  text: string;
  /** One of the set Atelier ships (in the person's language until edited); it may be changed or deleted. */
  shipped: boolean;
}

export const PROMPT_NAME_MAX = 80;
export const PROMPT_TEXT_MAX = 20_000;
/** Prompts one library keeps, so the list and a backup stay small. */
export const PROMPTS_MAX = 1_000;
/** Ids of the shipped prompts start with this; the person's own never do. */
export const SHIPPED_PROMPT_PREFIX = 'shipped-';

/**
 * A variable: `{{name}}` whose name is letters or digits of any script, `_`, `-` or spaces (spaces
 * around it do not count). Anything else between braces, or `{{` never closed, is plain text.
 */
const VARIABLE = /\{\{([\p{L}\p{M}\p{N}_ -]+)\}\}/gu;

/** How a variable's occurrences are told to be one: spaces collapsed and case set aside. */
function variableKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

export interface PromptVariable {
  /** What the fields are keyed by; every spelling of the same variable has one. */
  key: string;
  /** Its first spelling in the text, as the form labels it. */
  label: string;
}

/** The text's variables, each once, in the order they first appear. */
export function promptVariables(text: string): PromptVariable[] {
  const seen = new Map<string, PromptVariable>();
  for (const match of text.matchAll(VARIABLE)) {
    const label = match[1]!.trim().replace(/\s+/g, ' ');
    if (label === '') continue;
    const key = variableKey(label);
    if (!seen.has(key)) seen.set(key, { key, label });
  }
  return [...seen.values()];
}

/**
 * The text with each variable replaced by its value (by key); a variable without a value stays as
 * written. Values are put in as they are: braces in a value are never read as variables.
 */
export function fillPrompt(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (name.trim() === '') return whole;
    const value = values[variableKey(name)];
    return value === undefined ? whole : value;
  });
}
