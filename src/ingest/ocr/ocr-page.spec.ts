import type { OcrLine } from './line-grouping';
import { DEFAULT_OCR_LONGEST_SIDE_PX, ocrLinesToTextItems, ocrRenderScale } from './ocr-page';

describe('ocrRenderScale', () => {
  it('renders the longest side at the requested pixel count', () => {
    expect(ocrRenderScale(720, 405, 1800)).toBeCloseTo(2.5, 9);
    expect(ocrRenderScale(612, 792, 1800)).toBeCloseTo(1800 / 792, 9);
    expect(ocrRenderScale(720, 540, DEFAULT_OCR_LONGEST_SIDE_PX) * 720).toBeCloseTo(
      DEFAULT_OCR_LONGEST_SIDE_PX,
      6,
    );
  });

  it('caps the scale for tiny pages', () => {
    expect(ocrRenderScale(50, 30, 1800)).toBe(6);
  });
});

describe('ocrLinesToTextItems', () => {
  const line = (text: string, box: OcrLine['box'], confidence = 0.876): OcrLine => ({
    text,
    box,
    confidence,
    segments: [],
  });

  it('divides pixel boxes by the render scale per axis and keeps a top-left origin', () => {
    const [item] = ocrLinesToTextItems([line('Hello', [250, 100, 750, 150])], 2.5, 2, 720, 405);
    expect(item).toEqual({
      text: 'Hello',
      bbox: [100, 50, 300, 75],
      fontName: 'ocr',
      fontSize: 25,
      bold: false,
      italic: false,
      source: 'ocr',
      confidence: 0.88,
    });
  });

  it('clips boxes to the page', () => {
    const [item] = ocrLinesToTextItems([line('edge', [-10, -4, 1900, 1020])], 2.5, 2.5, 720, 405);
    expect(item!.bbox).toEqual([0, 0, 720, 405]);
  });

  it('takes the font size across a tall box of rotated text', () => {
    const [item] = ocrLinesToTextItems([line('Revenue', [0, 0, 40, 300])], 2, 2, 720, 405);
    expect(item!.fontSize).toBe(20);
  });
});
