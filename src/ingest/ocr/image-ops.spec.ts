import { canvasFromRgba, cropTextLine, readRgba, type RgbaImage } from './image-ops';

function pageImage(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : (i * 7) % 251;
  return { data, width, height };
}

describe('canvasFromRgba', () => {
  it('holds exactly the given pixels', () => {
    const image = pageImage(37, 11);
    expect(Array.from(readRgba(canvasFromRgba(image)))).toEqual(Array.from(image.data));
  });

  it('gives a canvas that line crops do not copy whole', () => {
    const page = canvasFromRgba(pageImage(1600, 1600)); // 10 MB of pixels
    const crops = 40;
    const before = process.memoryUsage().rss;
    for (let k = 0; k < crops; k++) {
      const y = 20 + k * 35;
      cropTextLine(
        page,
        [
          [100, y],
          [700, y],
          [700, y + 30],
          [100, y + 30],
        ],
        48,
        2400,
      );
    }
    // A copy of the page per crop would add 400 MB.
    expect((process.memoryUsage().rss - before) / 2 ** 20).toBeLessThan(100);
  });
});
