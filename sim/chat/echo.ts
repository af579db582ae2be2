// [[echo]]: the simulated model answers with the question's own text after the marker, verbatim.

const MARKER = '[[echo]]';

/**
 * What follows [[echo]] in the question (one line end after it dropped), or null when the
 * question has no marker: a test writes the exact markdown it wants streamed back (a diagram,
 * an HTML block, a hostile sample).
 */
export function echoedText(question: string): string | null {
  const at = question.indexOf(MARKER);
  if (at < 0) return null;
  return question.slice(at + MARKER.length).replace(/^\r?\n/, '');
}
