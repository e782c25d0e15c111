import type { TextBlock } from './blocks';
import { headingLevels } from './headings';
import { isScannedSlide, picturesOnScan, slideTitle } from './slides';

function block(text: string, y: number, fontSize: number, lines = 1): TextBlock {
  const bbox: [number, number, number, number] = [
    40,
    y,
    40 + text.length * fontSize * 0.5,
    y + fontSize * lines,
  ];
  return {
    kind: 'paragraph',
    text,
    bbox,
    fontSize,
    bold: false,
    segments: Array.from({ length: lines }, () => ({
      items: [],
      bbox,
      text,
      fontSize,
      bold: false,
      italic: false,
      source: 'ocr' as const,
    })),
  };
}

describe('scanned slides', () => {
  it('treats landscape OCR pages as slides, not portrait scans or text-layer slides', () => {
    expect(isScannedSlide({ hasTextLayer: false, width: 720, height: 405 })).toBe(true);
    expect(isScannedSlide({ hasTextLayer: false, width: 612, height: 792 })).toBe(false);
    expect(isScannedSlide({ hasTextLayer: true, width: 720, height: 405 })).toBe(false);
  });

  it('does not let a logo of a few letters in a screenshot outsize the slide title', () => {
    const title = block('AIRPORT ACTIVITY', 30, 17);
    const logo = block('DUS', 102, 31);
    const blocks = [title, block('Terminal sites stayed up all day', 105, 13, 3), logo];
    expect(slideTitle(blocks, 576)).toBe(title);
  });

  it('picks the topmost large short line near the top as the title, all caps measured fairly', () => {
    const title = block('LUFTHANSA ACTIVITY', 30, 16); // caps: no descenders, so a shorter OCR box
    const blocks = [
      title,
      block('Within the first 4 hours:', 106, 20),
      block('Lufthansa updates its page', 133, 14, 3),
    ];
    expect(slideTitle(blocks, 432)).toBe(title);
  });

  it('takes a statement title set over four lines whole, and no longer block', () => {
    const statement =
      'The gap in capital between the two regions (which gets only a fifth of the funds) has kept growing';
    const title = block(statement, 12, 30, 4);
    expect(slideTitle([title, block('Funds raised per year', 170, 14)], 405)).toBe(title);
    const five = block(statement, 12, 30, 5);
    expect(slideTitle([five, block('Funds raised per year', 200, 14)], 405)).toBeNull();
  });

  it('takes no title from the words of a picture placed on the slide (a pasted chart names itself)', () => {
    const chartTitle = block('US SPACE TRAVEL', 25, 22);
    const picture: [number, number, number, number] = [30, 10, 645, 395];
    expect(slideTitle([chartTitle, block('MERCURY', 107, 7)], 405, [picture])).toBeNull();
    const slideOwn = block('Gestalt Principles', 20, 30);
    const pictureWord = block('PROXIMITY', 120, 40);
    pictureWord.bbox = [340, 120, 520, 160];
    expect(slideTitle([slideOwn, pictureWord], 405, [[300, 100, 700, 300]])).toBe(slideOwn);
    expect(slideTitle([slideOwn, pictureWord], 405)).toBe(pictureWord);
  });

  it('takes no title from an OCR box too narrow for its text (lettering across a photo read as one line)', () => {
    const photo = block('Dermanwy 009000008 Lunthanga Group', 40, 166);
    photo.bbox = [8, 44, 301, 210];
    photo.segments = photo.segments.map((s) => ({ ...s, bbox: photo.bbox }));
    const title = block('GERMANWINGS 9525: THE FIRST 6 HOURS', 105, 16);
    expect(slideTitle([photo, title], 432)).toBe(title);
  });

  it('counts as pictures only the images that do not cover a page read by OCR', () => {
    const images = [{ bbox: [0, 0, 768, 432] as [number, number, number, number] }];
    expect(picturesOnScan({ hasTextLayer: false, width: 768, height: 432, images })).toEqual([]);
    const pasted = { bbox: [50, 10, 645, 395] as [number, number, number, number] };
    expect(picturesOnScan({ hasTextLayer: false, width: 720, height: 405, images: [pasted] })).toEqual([
      pasted.bbox,
    ]);
    expect(picturesOnScan({ hasTextLayer: true, width: 720, height: 405, images: [pasted] })).toEqual([]);
  });

  it('has no title when the top holds only small print or a sentence fragment', () => {
    const blocks = [block('Source: Dow Jones', 20, 9), block('the big statement in the middle', 200, 30)];
    expect(slideTitle(blocks, 405)).toBeNull();
  });
});

describe('headingLevels with a size tolerance (OCR box heights)', () => {
  const heading = (text: string, fontSize: number) => ({ text, fontSize, bold: false, lineCount: 1 });

  it('puts sizes within the tolerance on one level', () => {
    const candidates = [heading('A', 30), heading('B', 28), heading('C', 20), heading('D', 19)];
    const exact = headingLevels(candidates);
    expect(candidates.map(exact)).toEqual([1, 2, 3, 4]);
    const tolerant = headingLevels(candidates, { sizeTolerance: 0.15 });
    expect(candidates.map(tolerant)).toEqual([1, 1, 2, 2]);
  });
});
