import { documentKind, isDocumentKind } from './document-kind';

const portrait = { width: 612, height: 792, hasTextLayer: true };
const slide = { width: 960, height: 540, hasTextLayer: true };
const scan = { width: 612, height: 792, hasTextLayer: false };

describe('documentKind', () => {
  it('calls a document whose pages are mostly landscape a deck, scanned or not', () => {
    expect(documentKind([slide, slide, portrait])).toBe('SLIDES');
    expect(documentKind([{ ...slide, hasTextLayer: false }, scan])).toBe('SLIDES');
  });

  it('calls mostly text-less portrait pages scanned, and the rest text', () => {
    expect(documentKind([scan, scan, portrait])).toBe('SCANNED');
    expect(documentKind([scan, portrait, portrait])).toBe('TEXT');
    expect(documentKind([{ width: 700, height: 600, hasTextLayer: true }])).toBe('TEXT');
    expect(documentKind([])).toBe('TEXT');
  });

  it('knows its kinds and nothing else', () => {
    expect(isDocumentKind('SLIDES')).toBe(true);
    expect(isDocumentKind('slides')).toBe(false);
    expect(isDocumentKind('DECK')).toBe(false);
  });
});
