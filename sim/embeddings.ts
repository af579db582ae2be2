// POST /embeddings and POST /decisions: deterministic vectors and probabilities from the words.
import { requireAccount, type Call, type Route } from './context';
import {
  optionalInteger,
  optionalString,
  parseJsonObject,
  requireString,
  sendJson,
  SimHttpError,
} from './http';
import { costOfUnits, formatCredits } from './money';
import { requireKind, resolveModel } from './models';
import { estimateTokens, hash32, words } from './text';

export const EMBEDDING_DIMENSIONS = 256;

function invalid(message: string): SimHttpError {
  return new SimHttpError(400, message, { code: 'invalid_request' });
}

/**
 * A hashed bag of words, normalised: texts that share words point the same way, so cosine
 * similarity behaves like a (very plain) semantic search.
 */
export function embed(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words(text)) {
    const h = hash32(word);
    vector[h % dimensions] = (vector[h % dimensions] ?? 0) + ((h >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));
  return norm === 0 ? vector : vector.map((v) => v / norm);
}

function createEmbeddings(call: Call): void {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const model = resolveModel(requireString(body, 'model'), account);
  requireKind(model, ['embedding'], '/embeddings');
  // The document: input is a string, the text to embed (one text per request).
  const input = body.input;
  if (typeof input !== 'string' || input === '')
    throw invalid("Field 'input' must be a non-empty string: the text to embed");
  const inputs = [input];
  const encoding = optionalString(body, 'encoding_format') ?? 'float';
  if (encoding !== 'float' && encoding !== 'base64')
    throw invalid("encoding_format must be 'float' or 'base64'");
  const dimensions = optionalInteger(body, 'dimensions') ?? EMBEDDING_DIMENSIONS;
  if (dimensions < 1 || dimensions > EMBEDDING_DIMENSIONS)
    throw invalid(`dimensions must be within 1..${EMBEDDING_DIMENSIONS}`);
  const limit = model.contextLength ?? Infinity;
  const tokens = inputs.map(estimateTokens);
  if (tokens.some((t) => t > limit))
    throw new SimHttpError(400, `An input is longer than the model's ${limit}-token limit`, {
      code: 'context_length_exceeded',
    });
  const promptTokens = tokens.reduce((a, b) => a + b, 0);
  const cost = costOfUnits(promptTokens, model.promptMicroPerM);
  call.state.accounts.assertCanPay(account, cost);
  call.state.accounts.charge(account, cost);
  sendJson(call.res, 200, {
    object: 'list',
    model: model.id,
    data: inputs.map((input, index) => {
      const vector = embed(input, dimensions);
      return {
        object: 'embedding',
        index,
        embedding:
          encoding === 'float'
            ? vector
            : Buffer.from(new Float32Array(vector).buffer).toString('base64'),
      };
    }),
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens, cost: formatCredits(cost) },
  });
}

/** Probabilities (in 1/10000 steps, summing to exactly 1) of options by their overlap with the text. */
function weigh(
  state: string,
  question: string,
  options: Array<[string, string]>,
): Map<string, number> {
  const stateWords = new Set(words(state));
  const logits = options.map(([name, description]) => {
    const overlap = words(`${name} ${description}`).filter((w) => stateWords.has(w)).length;
    const jitter = (hash32(`${state}|${question}|${name}`) % 1000) / 1000;
    return overlap * 1.5 + jitter;
  });
  const top = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - top));
  const total = exps.reduce((a, b) => a + b, 0);
  const basis = exps.map((e) => Math.floor((e / total) * 10000));
  const best = logits.indexOf(top);
  basis[best] = (basis[best] ?? 0) + 10000 - basis.reduce((a, b) => a + b, 0);
  return new Map(options.map(([name], i) => [name, (basis[i] ?? 0) / 10000]));
}

function bestOf(probabilities: Map<string, number>): [string, number] {
  let best: [string, number] = ['', -1];
  for (const entry of probabilities) if (entry[1] > best[1]) best = entry;
  return best;
}

function answerQuestion(state: string, name: string, question: unknown): Record<string, unknown> {
  if (typeof question !== 'object' || question === null)
    throw invalid(`questions.${name} must be an object`);
  const { type, criteria } = question as { type?: unknown; criteria?: unknown };
  const instructions = String((question as { instructions?: unknown }).instructions ?? '');
  if (type === 'noul') {
    const c = criteria as Record<string, unknown> | null;
    if (
      typeof c !== 'object' ||
      c === null ||
      typeof c.true !== 'string' ||
      typeof c.false !== 'string'
    )
      throw invalid(`questions.${name}: noul criteria must be {true: "...", false: "..."}`);
    const p = weigh(state, name + instructions, [
      ['true', c.true],
      ['false', c.false],
    ]);
    return { type: 'noul', noul: p.get('true') };
  }
  if (type === 'choice') {
    if (typeof criteria !== 'object' || criteria === null || Array.isArray(criteria))
      throw invalid(`questions.${name}: choice criteria must be an object of option: description`);
    const options = Object.entries(criteria).map(([k, v]) => [k, String(v)] as [string, string]);
    if (options.length < 2) throw invalid(`questions.${name}: a choice needs at least 2 options`);
    const p = weigh(state, name + instructions, options);
    const [choice, confidence] = bestOf(p);
    return { type: 'choice', choice, probabilities: Object.fromEntries(p), confidence };
  }
  if (type === 'score') {
    if (
      !Array.isArray(criteria) ||
      criteria.length < 2 ||
      !criteria.every((c) => typeof c === 'string')
    )
      throw invalid(`questions.${name}: score criteria must be an array of at least 2 labels`);
    const labels = criteria as string[];
    const p = weigh(
      state,
      name + instructions,
      labels.map((l) => [l, l]),
    );
    const legend = Object.fromEntries(
      labels.map((l, i) => [l, Math.round((i / (labels.length - 1)) * 10000) / 10000]),
    );
    const score = labels.reduce((sum, l) => sum + (p.get(l) ?? 0) * (legend[l] ?? 0), 0);
    return {
      type: 'score',
      score: Math.round(score * 10000) / 10000,
      probabilities: Object.fromEntries(p),
      legend,
      confidence: bestOf(p)[1],
    };
  }
  throw invalid(`questions.${name}.type must be noul, choice or score`);
}

function decide(call: Call): void {
  const account = requireAccount(call);
  const body = parseJsonObject(call.body);
  const model = resolveModel(requireString(body, 'model'), account);
  requireKind(model, ['decision'], '/decisions');
  const state = requireString(body, 'state');
  const questions = body.questions;
  if (
    typeof questions !== 'object' ||
    questions === null ||
    Array.isArray(questions) ||
    Object.keys(questions).length === 0
  )
    throw invalid("Field 'questions' must be a non-empty object of name: question");
  const promptTokens = estimateTokens(state + JSON.stringify(questions));
  if (promptTokens > (model.contextLength ?? Infinity))
    throw new SimHttpError(
      400,
      `The state and questions exceed the model's context of ${model.contextLength} tokens`,
      { code: 'context_length_exceeded' },
    );
  const cost = costOfUnits(promptTokens, model.promptMicroPerM);
  call.state.accounts.assertCanPay(account, cost);
  const answers = Object.fromEntries(
    Object.entries(questions).map(([name, q]) => [name, answerQuestion(state, name, q)]),
  );
  call.state.accounts.charge(account, cost);
  sendJson(call.res, 200, {
    model: model.id,
    answers,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: 0,
      total_tokens: promptTokens,
      cost: formatCredits(cost),
    },
  });
}

export function semanticRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/embeddings',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: createEmbeddings,
    },
    {
      method: 'POST',
      path: '/decisions',
      api: true,
      auth: 'bearer',
      errorStyle: 'openai',
      run: decide,
    },
  ];
}
