import { findScanFigures, type PixelBox, type ScanPixels } from './scan-figures';
import { boldLines } from './stroke-weight';

/** A white page of w × h px on which rectangles are painted in a colour. */
function page(
  w: number,
  h: number,
): ScanPixels & { paint: (box: PixelBox, rgb: [number, number, number]) => void } {
  const data = new Uint8ClampedArray(w * h * 4).fill(255);
  return {
    data,
    width: w,
    height: h,
    paint([x0, y0, x1, y1], [r, g, b]) {
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = (y * w + x) * 4;
          data[i] = r;
          data[i + 1] = g;
          data[i + 2] = b;
        }
    },
  };
}

/** Text-like ink: vertical strokes `stroke` px wide every `pitch` px across the box. */
function strokes(img: ReturnType<typeof page>, [x0, y0, x1, y1]: PixelBox, stroke: number, pitch = 10): void {
  for (let x = x0; x + stroke <= x1; x += pitch) img.paint([x, y0, x + stroke, y1], [20, 20, 20]);
}

describe('findScanFigures', () => {
  it('finds a picture and leaves out the text lines, thin rules and the page itself', () => {
    const img = page(800, 600);
    const photo: PixelBox = [400, 200, 700, 450];
    // A "photo": three colours in bands, not a flat panel.
    img.paint([400, 200, 700, 280], [200, 60, 40]);
    img.paint([400, 280, 700, 370], [40, 120, 200]);
    img.paint([400, 370, 700, 450], [60, 160, 60]);
    const text: PixelBox[] = [
      [50, 50, 350, 80],
      [50, 100, 330, 130],
    ];
    for (const line of text) strokes(img, line, 3);
    img.paint([50, 520, 750, 523], [0, 0, 0]); // a horizontal rule
    const found = findScanFigures(img, text);
    expect(found).toHaveLength(1);
    const [x0, y0, x1, y1] = found[0] as PixelBox;
    expect(Math.abs(x0 - photo[0]) + Math.abs(y0 - photo[1])).toBeLessThanOrEqual(16);
    expect(Math.abs(x1 - photo[2]) + Math.abs(y1 - photo[3])).toBeLessThanOrEqual(16);
  });

  it('drops a flat one-colour panel behind text and a backdrop covering the page', () => {
    const panelPage = page(800, 600);
    panelPage.paint([0, 0, 800, 120], [30, 60, 140]); // a title bar
    expect(findScanFigures(panelPage, [[40, 30, 500, 90]])).toEqual([]);
    const backdrop = page(800, 600);
    backdrop.paint([0, 0, 800, 300], [200, 60, 40]);
    backdrop.paint([0, 300, 800, 600], [40, 120, 200]);
    expect(findScanFigures(backdrop, [])).toEqual([]);
  });
});

describe('boldLines', () => {
  it('marks lines whose strokes are markedly thicker than the page typical line', () => {
    const img = page(600, 400);
    const lines: PixelBox[] = [0, 1, 2, 3, 4].map((k): PixelBox => [20, 20 + k * 60, 500, 50 + k * 60]);
    lines.forEach((line, k) => strokes(img, line, k === 0 ? 5 : 3, 12));
    expect(boldLines(img, lines)).toEqual([true, false, false, false, false]);
    expect(boldLines(img, lines.slice(0, 2))).toEqual([false, false]); // too few lines to compare
  });
});
