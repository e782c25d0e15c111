// The in-memory document model: what parsing, OCR and layout analysis produce and what the graph writer stores.
// Coordinates are PDF points with the origin at the top-left of the page; page numbers are 1-based.
import type * as Gql from './graphql.types';

/** [x0, y0, x1, y1] in PDF points, origin top-left. */
export type BBox = [number, number, number, number];

/** One run of text as the PDF (or OCR) places it on the page. */
export interface TextItem {
  text: string;
  bbox: BBox;
  fontName: string;
  /** Effective font size in points (the glyph height on the page). */
  fontSize: number;
  bold: boolean;
  italic: boolean;
  /** Where the text came from: the PDF text layer or OCR of the rendered page. */
  source: 'text-layer' | 'ocr';
  /** OCR confidence in 0–1; 1 for the text layer. */
  confidence: number;
}

/** An image painted on the page (from the operator list), in page coordinates. */
export interface ImageRegion {
  bbox: BBox;
  /** Pixel size of the image object, when known. */
  pixelWidth?: number;
  pixelHeight?: number;
}

export interface ParsedPage {
  number: number;
  width: number;
  height: number;
  items: TextItem[];
  images: ImageRegion[];
  /** Vector-graphics rectangles and lines (table rules, chart axes), in page coordinates. */
  rules: BBox[];
  /** The rules painted in a visible colour (not white gaps between fills): a ruled table's lines. Absent when unknown. */
  inkRules?: BBox[];
  /**
   * Other painted vector shapes (curves, slanted strokes), one bbox per sub-path, used to find vector-drawn charts
   * and diagrams. Optional: absent for OCR'd pages.
   */
  graphics?: BBox[];
  /**
   * On a scanned page, the figures OCR found in the scan (ink without text). The page's PDF images are the scan
   * itself, its background, so they are not figures. Absent on pages with a text layer.
   */
  scanFigures?: BBox[];
  /** False when the page carries no usable text layer (a scan): its items then come from OCR. */
  hasTextLayer: boolean;
}

/** A PDF outline (bookmark) entry with its destination resolved to a 1-based page. */
export interface OutlineEntry {
  title: string;
  pageNumber: number | null;
  /** Vertical position of the destination on its page (top-left origin), when the destination gives one. */
  top: number | null;
  children: OutlineEntry[];
}

export interface ParsedPdf {
  pageCount: number;
  title: string | null;
  pages: ParsedPage[];
  outline: OutlineEntry[];
}

export const ELEMENT_KINDS = [
  'heading',
  'paragraph',
  'list',
  'table',
  'figure',
  'chart',
  'caption',
  'formula',
  'footnote',
  'page-header',
  'page-footer',
] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/**
 * The secondary label an Element carries for its kind (`:Element:Table`, `:Element:PageHeader`): the kind in
 * PascalCase, the rule cypher/ingest/write-elements and migration 036 apply in Cypher.
 */
export function elementKindLabel(kind: string): string {
  return kind
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export const ELEMENT_KIND_LABELS: readonly string[] = ELEMENT_KINDS.map(elementKindLabel);

/** An atomic layout element in reading order, small enough to embed whole. */
export interface LayoutElement {
  /** Stable within the document: `p{page}-e{order}`. */
  key: string;
  kind: ElementKind;
  pageNumber: number;
  /** Reading order within the page, 0-based. */
  order: number;
  text: string;
  bbox: BBox;
  /** Textual rendering of a table (Markdown grid) or figure; null for plain text kinds. */
  description: string | null;
  /** Heading level (1 = top) for headings; null otherwise. */
  headingLevel: number | null;
  /** For a caption: the key of the figure/table/chart it captions. */
  captionOf: string | null;
  source: 'text-layer' | 'ocr';
  /** For a table: its non-empty cells with their boxes (absent for other kinds and for OCR tables). */
  cells?: TableCells;
}

/**
 * A table's non-empty cells in parallel lists, row-major: cell i is at (rows[i], cols[i]) of the element's
 * Markdown grid, reads texts[i], and lies in boxes[4i..4i+3] (x0, y0, x1, y1 in PDF points, top-left origin).
 */
export interface TableCells {
  rows: number[];
  cols: number[];
  texts: string[];
  boxes: number[];
}

/** A section as every layer carries it (layout, write rows, stored nodes, the API); each adds its own ids. */
export type SectionFields = Pick<Gql.Section, 'title' | 'level' | 'path' | 'order' | 'pageStart' | 'pageEnd'>;

/** Only the section fields of a richer value (a write row must not carry the layout's keys into Cypher). */
export function sectionFields(s: SectionFields): SectionFields {
  const { title, level, path, order, pageStart, pageEnd } = s;
  return { title, level, path, order, pageStart, pageEnd };
}

export interface SectionNode extends SectionFields {
  /** Stable within the document: `s{order}`. */
  key: string;
  parentKey: string | null;
  /** Keys of the elements this section directly contains. */
  elementKeys: string[];
  source: 'outline' | 'headings' | 'inferred';
}

export type CrossReferenceTarget =
  { type: 'element'; key: string } | { type: 'section'; key: string } | { type: 'page'; pageNumber: number };

/** An explicit mention ("see Table 2", "Figure 3", "Section 4.1", "page 12", "Appendix B") and what it names. */
export interface CrossReference {
  fromKey: string;
  mention: string;
  target: CrossReferenceTarget;
}

/** A page as every layer after parsing carries it (the model, write rows, stored nodes); each adds its own ids. */
export interface PageFields extends Pick<ParsedPage, 'number' | 'width' | 'height' | 'hasTextLayer'> {
  text: string;
}

/** Only the page fields of a richer value (a parsed page's items must not travel into a write row). */
export function pageFields(p: PageFields): PageFields {
  const { number, width, height, text, hasTextLayer } = p;
  return { number, width, height, text, hasTextLayer };
}

export interface DocumentModel {
  title: string;
  pageCount: number;
  pages: PageFields[];
  elements: LayoutElement[];
  sections: SectionNode[];
  crossReferences: CrossReference[];
}
