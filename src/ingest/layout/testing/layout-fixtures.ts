import type {
  BBox,
  ElementKind,
  LayoutElement,
  OutlineEntry,
  ParsedPage,
  ParsedPdf,
  SectionNode,
  TextItem,
} from '../../../document/document-model';

// Builders for the layout specs: the parser's and the analysis' shapes with the fields a case does not vary filled.

/** A text-layer item in the box it is drawn in. */
export function textItemAt(
  text: string,
  bbox: BBox,
  type: { fontName: string; fontSize: number; bold?: boolean },
) {
  const item: TextItem = {
    text,
    bbox,
    bold: false,
    italic: false,
    source: 'text-layer',
    confidence: 1,
    ...type,
  };
  return item;
}

/** Text-layer items in one typeface, placed at (x, y): `width` defaults to `charWidth` × size per character. */
export function textItems(face: { font: string; boldFont: string; charWidth: number }) {
  return (
    text: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; width?: number } = {},
  ) => {
    const size = opts.size ?? 10;
    const bold = opts.bold ?? false;
    const width = opts.width ?? text.length * size * face.charWidth;
    return textItemAt(text, [x, y, x + width, y + size], {
      fontName: bold ? face.boldFont : face.font,
      fontSize: size,
      bold,
    });
  };
}

/** An OCR piece: `height` is the ink height OCR reports, which is also its font size. */
export function ocrItem(text: string, bbox: BBox, confidence = 0.95): TextItem {
  const height = bbox[3] - bbox[1];
  return {
    text,
    bbox,
    fontName: 'ocr',
    fontSize: height,
    bold: false,
    italic: false,
    source: 'ocr',
    confidence,
  };
}

/** A US-letter text-layer page (a scan: pass `{ hasTextLayer: false }` and its size). */
export function parsedPage(number: number, items: TextItem[], extra: Partial<ParsedPage> = {}): ParsedPage {
  return { number, width: 612, height: 792, items, images: [], rules: [], hasTextLayer: true, ...extra };
}

export function parsedPdf(
  pages: ParsedPage[],
  opts: { title?: string; outline?: OutlineEntry[] } = {},
): ParsedPdf {
  return { pageCount: pages.length, title: opts.title ?? 'Test', pages, outline: opts.outline ?? [] };
}

/** A text-layer element with no description, heading level or caption link unless `fields` gives them. */
export function layoutElement(
  fields: Pick<LayoutElement, 'key' | 'kind' | 'pageNumber' | 'order' | 'text' | 'bbox'> &
    Partial<LayoutElement>,
): LayoutElement {
  return {
    description: null,
    headingLevel: null,
    captionOf: null,
    source: 'text-layer',
    ...fields,
  };
}

/** Elements made one after another, keyed `p{page}-e{n}` in the order they were made. */
export function elementSequence() {
  let made = 0;
  return (
    kind: ElementKind,
    pageNumber: number,
    text: string,
    bbox: BBox,
    extra: Partial<LayoutElement> = {},
  ) => {
    const key = `p${pageNumber}-e${made++}`;
    return layoutElement({ key, kind, pageNumber, order: made, text, bbox, ...extra });
  };
}

/**
 * An outline's elements in reading order (see elementSequence), each stacked 15 points below the one made before it
 * unless `top` is given: headings of a level, one-sentence body paragraphs, and a heading with its body under it.
 */
export function outlineElements() {
  const made = elementSequence();
  let count = 0;
  const element = (
    kind: ElementKind,
    pageNumber: number,
    text: string,
    opts: { level?: number; top?: number; left?: number; right?: number } = {},
  ): LayoutElement => {
    const top = opts.top ?? 100 + (count % 40) * 15;
    count++;
    return made(kind, pageNumber, text, [opts.left ?? 72, top, opts.right ?? 400, top + 12], {
      headingLevel: kind === 'heading' ? (opts.level ?? 1) : null,
    });
  };
  const heading = (pageNumber: number, text: string, level = 1, top?: number) =>
    element('heading', pageNumber, text, { level, top });
  const body = (pageNumber: number, top?: number) =>
    element('paragraph', pageNumber, 'Body text of the section.', { top });
  const section = (pageNumber: number, text: string, level = 1) => [
    heading(pageNumber, text, level),
    body(pageNumber),
  ];
  return { element, heading, body, section };
}

/** A one-level heading section of one page unless `extra` says otherwise. */
export function sectionNode(key: string, title: string, pageStart: number, extra: Partial<SectionNode> = {}) {
  const section: SectionNode = {
    key,
    title,
    level: 1,
    path: title,
    order: 0,
    pageStart,
    pageEnd: pageStart,
    parentKey: null,
    elementKeys: [],
    source: 'headings',
    ...extra,
  };
  return section;
}
