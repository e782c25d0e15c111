// Scanned slides: a landscape page read by OCR is a slide, and its title is what a deck's sections are made of.
import type { BBox, ParsedPage } from '../../document/document-model';
import type { TextBlock } from './blocks';
import { fitsOneLine } from './element-split';
import { area, centreInside } from './layout.types';

/** Slides are landscape (4:3 is 1.33, 16:9 is 1.78); scanned book spreads are rare enough to accept. */
const SLIDE_ASPECT = 1.2;
/** A slide title starts in the top part of the slide. */
const TITLE_TOP_FRACTION = 0.35;
/** ...is short (statement titles run to a sentence over up to four lines)... */
const TITLE_MAX_WORDS = 24;
const TITLE_MAX_LINES = 4;
/** ...and set nearly as large as the slide's largest text (body text on slides is often big too). */
const TITLE_MIN_SIZE_RATIO = 0.8;
/** An OCR box spans the ink: a line without descenders (all caps, "Title Case Heading") is this much shorter. */
const NO_DESCENDER_HEIGHT = 0.8;

/** An image covering less of a page than this is a picture placed on it, not the scan of the page. */
const SCAN_COVERAGE = 0.9;

/**
 * Pictures placed on a page without a text layer (a chart pasted on a slide, an illustration beside a cover's
 * title): OCR reads their words too, but those are the picture's, not the page's. A scan covers the whole page.
 */
export function picturesOnScan(
  page: Pick<ParsedPage, 'hasTextLayer' | 'width' | 'height' | 'images'>,
): BBox[] {
  if (page.hasTextLayer) return [];
  return page.images
    .map((image) => image.bbox)
    .filter((box) => area(box) < page.width * page.height * SCAN_COVERAGE);
}

export function isScannedSlide(page: Pick<ParsedPage, 'hasTextLayer' | 'width' | 'height'>): boolean {
  return !page.hasTextLayer && page.width >= page.height * SLIDE_ASPECT;
}

/** The type size a block's OCR box height implies, so all-caps and mixed-case lines compare fairly. */
function emSize(block: TextBlock): number {
  return /[gjpqy,;()]/.test(block.text) ? block.fontSize : block.fontSize / NO_DESCENDER_HEIGHT;
}

/**
 * The slide's title among its blocks (in reading order): the topmost short block near the top set nearly as
 * large as the largest text on the slide, outside the pictures placed on it (a pasted chart's own title is not
 * the slide's). Null when the slide has no title-like block.
 */
export function slideTitle(blocks: TextBlock[], pageHeight: number, pictures: BBox[] = []): TextBlock | null {
  const textual = blocks.filter(
    (b) =>
      /\p{L}{2}/u.test(b.text) &&
      !pictures.some((p) => centreInside(b.bbox, p)) &&
      b.segments.every((s) => fitsOneLine(s.text, s.bbox[2] - s.bbox[0], s.fontSize)),
  );
  if (!textual.length) return null;
  // A mark of three letters or fewer (a logo in a screenshot: "DUS") does not set the slide's type size.
  const worded = textual.filter((b) => (b.text.match(/\p{L}/gu) ?? []).length > 3);
  const largest = Math.max(...(worded.length ? worded : textual).map(emSize));
  const candidates = textual.filter(
    (b) =>
      b.bbox[1] <= pageHeight * TITLE_TOP_FRACTION &&
      b.text.split(/\s+/).length <= TITLE_MAX_WORDS &&
      b.segments.length <= TITLE_MAX_LINES &&
      b.kind !== 'caption' &&
      !/^[\p{Ll}]/u.test(b.text),
  );
  return (
    candidates
      .filter((b) => emSize(b) >= largest * TITLE_MIN_SIZE_RATIO)
      .sort((a, b) => a.bbox[1] - b.bbox[1])[0] ?? null
  );
}
