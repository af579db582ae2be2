// Decision questions' names: the person's own, q1, q2 … for the rest, and a name given twice found.
import { describe, expect, it } from 'vitest';
import {
  decisionQuestionNames,
  defaultQuestionName,
  repeatedQuestionName,
} from '../../../shared/documents';

describe('decision question names', () => {
  it('takes each name as given, trimmed, and q and the place for an empty one', () => {
    expect(
      decisionQuestionNames([{ name: ' tone ' }, {}, { name: '   ' }, { name: 'q1' }]),
    ).toEqual(['tone', 'q2', 'q3', 'q1']);
    expect(defaultQuestionName(7)).toBe('q7');
  });

  it('finds the first name two questions share, counting the default names', () => {
    expect(repeatedQuestionName(['a', 'b', 'c'])).toBeNull();
    expect(repeatedQuestionName(decisionQuestionNames([{ name: 'q2' }, {}]))).toBe('q2');
    expect(repeatedQuestionName(['x', 'y', 'x', 'y'])).toBe('x');
  });
});
