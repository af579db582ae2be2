// The document's `<w>:<h>` form, one check for the Images and Video requests.
import { describe, expect, it } from 'vitest';
import { isAspectRatio } from '../../../shared/aspect-ratio';

describe('the aspect ratio form', () => {
  it('takes any ratio written <w>:<h> of two positive numbers, decimals too', () => {
    for (const ratio of ['5:4', '2.39:1', '1:1', '32:9', '16:9'])
      expect([ratio, isAspectRatio(ratio)]).toEqual([ratio, true]);
    for (const ratio of ['0:1', '16/9', '16:', ':9', '16 : 9', 'square', '-1:2', '1:0'])
      expect([ratio, isAspectRatio(ratio)]).toEqual([ratio, false]);
  });
});
