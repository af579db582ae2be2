// The Images form's shapes: any size or aspect ratio in the document's form goes as typed; another form is named before sending.
import { describe, expect, it } from 'vitest';
import { isImageSize, shapeProblem, shapeRequest } from '../../../shared/images';

describe('image shapes typed freely', () => {
  it('takes any size written <width>x<height> in whole pixels, and nothing else', () => {
    for (const size of ['1280x720', '1x1', '4096x2304', '999999x1'])
      expect([size, isImageSize(size)]).toEqual([size, true]);
    for (const size of ['1280×720', '1280X720', '1280 x 720', '0x10', '12.5x10', 'wide', '1280x'])
      expect([size, isImageSize(size)]).toEqual([size, false]);
  });

  it('names the field typed in another form, and sends a well-formed one as typed', () => {
    expect(shapeProblem('1280x720', '')).toBeNull();
    expect(shapeProblem('', '')).toBeNull();
    expect(shapeProblem('big', '')).toBe('size');
    expect(shapeProblem('', 'wide')).toBe('aspectRatio');
    expect(shapeRequest(' 1280x720 ', '')).toEqual({ size: '1280x720' });
    expect(shapeRequest('', ' 2.39:1')).toEqual({ aspectRatio: '2.39:1' });
    expect(shapeRequest('', '')).toEqual({});
  });
});
