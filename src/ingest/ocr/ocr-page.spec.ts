import type { OcrLine } from './line-grouping';
import { DEFAULT_OCR_LONGEST_SIDE_PX, linePieces, ocrLinesToTextItems, ocrRenderScale } from './ocr-page';

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

describe('linePieces', () => {
  const segment = (text: string, x0: number, x1: number, confidence = 0.9): OcrLine['segments'][number] => ({
    text,
    confidence,
    box: [x0, 100, x1, 140],
  });
  const lineOf = (segments: OcrLine['segments']): OcrLine => ({
    text: segments.map((s) => s.text).join(' '),
    confidence: 0.9,
    box: [segments[0]!.box[0], 100, segments.at(-1)!.box[2], 140],
    segments,
  });

  it('keeps a line whole when its segments nearly touch', () => {
    const line = lineOf([segment('nearly', 0, 200), segment('touching', 215, 400)]);
    expect(linePieces(line)).toEqual([line]);
  });

  it('parts a line where a gap of more than half its height could be a gutter between two boxes', () => {
    const pieces = linePieces(
      lineOf([segment('left box', 0, 200), segment('words', 210, 300, 0.5), segment('right box', 330, 500)]),
    );
    expect(pieces.map((p) => [p.text, p.box])).toEqual([
      ['left box words', [0, 100, 300, 140]],
      ['right box', [330, 100, 500, 140]],
    ]);
    expect(pieces[0]!.confidence).toBeCloseTo((0.9 * 8 + 0.5 * 5) / 13, 9);
  });

  it('gives each piece the bold of its line', () => {
    const line = lineOf([segment('Bold left', 0, 200), segment('Bold right', 300, 500)]);
    const items = ocrLinesToTextItems([line], 2, 2, 720, 405, [true]);
    expect(items.map((i) => [i.text, i.bold])).toEqual([
      ['Bold left', true],
      ['Bold right', true],
    ]);
  });
});
