// Bold text in a scan: OCR reads characters, not fonts, so the weight is measured from the pixels. A line's
// stroke width is the mean length of its horizontal ink runs; relative to its height it does not depend on how
// many characters the line has or how loosely the detector boxed it.
import { backgroundColour, INK_DISTANCE, type PixelBox, type ScanPixels } from './scan-figures';

/** A line is bold when its relative stroke width exceeds the page's typical line by this factor. */
const BOLD_STROKE_RATIO = 1.3;
/** With fewer lines than this a page has no "typical" weight to compare with. */
const MIN_LINES = 4;

/** Stroke width ÷ line height for each box (NaN when the box holds no ink). */
export function relativeStrokeWidths(image: ScanPixels, boxes: PixelBox[]): number[] {
  const bg = backgroundColour(image);
  return boxes.map(([x0, y0, x1, y1]) => {
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(image.width, Math.ceil(x1));
    const top = Math.max(0, Math.floor(y0));
    const bottom = Math.min(image.height, Math.ceil(y1));
    let inkPixels = 0;
    let runs = 0;
    for (let y = top; y < bottom; y++) {
      let inRun = false;
      for (let x = left; x < right; x++) {
        const i = (y * image.width + x) * 4;
        const ink =
          Math.max(
            Math.abs((image.data[i] ?? 0) - bg[0]),
            Math.abs((image.data[i + 1] ?? 0) - bg[1]),
            Math.abs((image.data[i + 2] ?? 0) - bg[2]),
          ) >
          INK_DISTANCE * 2;
        if (ink) {
          inkPixels++;
          if (!inRun) runs++;
        }
        inRun = ink;
      }
    }
    return runs ? inkPixels / runs / Math.max(1, bottom - top) : Number.NaN;
  });
}

/** Which of the page's text lines are set in a bold weight. */
export function boldLines(image: ScanPixels, boxes: PixelBox[]): boolean[] {
  const widths = relativeStrokeWidths(image, boxes);
  const known = widths.filter((w) => Number.isFinite(w)).sort((a, b) => a - b);
  if (known.length < MIN_LINES) return boxes.map(() => false);
  const typical = known[Math.floor(known.length / 2)] ?? 0;
  return widths.map((w) => Number.isFinite(w) && w > typical * BOLD_STROKE_RATIO);
}
