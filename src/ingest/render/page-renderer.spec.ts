import { resolveRenderScale } from './page-renderer';

describe('resolveRenderScale', () => {
  it('uses the scale when given, else dpi / 72, else 144 dpi', () => {
    expect(resolveRenderScale(612, 792, { scale: 1.5, dpi: 300 })).toBe(1.5);
    expect(resolveRenderScale(612, 792, { dpi: 216 })).toBe(3);
    expect(resolveRenderScale(612, 792)).toBe(2);
  });

  it('shrinks the scale so the image stays within maxPixels', () => {
    const scale = resolveRenderScale(720, 405, { scale: 10, maxPixels: 1_000_000 });
    expect(720 * scale * 405 * scale).toBeCloseTo(1_000_000, 3);
  });

  it('rejects a non-positive scale', () => {
    expect(() => resolveRenderScale(612, 792, { scale: 0 })).toThrow(RangeError);
  });
});
