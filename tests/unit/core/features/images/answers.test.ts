// The service's picture answers as the Images feature reads them: strict base64, and only PNG, JPEG or WEBP bytes.
import { describe, expect, it } from 'vitest';
import {
  checkImageBytes,
  decodeImageBase64,
} from '../../../../../electron/core/features/images/answers';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { picturePng } from '../../../../../sim/media/png';

describe('answer checks', () => {
  it('reads only strict base64 and only PNG, JPEG or WEBP bytes', () => {
    const png = picturePng('x', 8, 8);
    expect(decodeImageBase64(png.toString('base64')).equals(png)).toBe(true);
    expect(decodeImageBase64(`data:image/png;base64,${png.toString('base64')}`).equals(png)).toBe(
      true,
    );
    expect(() => decodeImageBase64('not base64!')).toThrow(ServiceError);
    expect(() => decodeImageBase64('')).toThrow(/not base64/);
    expect(() => checkImageBytes(Buffer.from('GIF89a......'))).toThrow(/not an image/);
    expect(checkImageBytes(png)).toBe('image/png');
  });
});
