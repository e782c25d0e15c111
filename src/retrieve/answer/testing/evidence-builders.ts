// Builders for the evidence the answer specs read: elements, tables as ingest stores them, and evidence pages.
import type { BBox } from '../../../document/document-model';
import { tableCellGeometry, tableToMarkdown } from '../../../document/table-form';
import type { DocumentPageText } from '../../answerability';
import type { AnswerElement } from '../../extractive-answer';
import type { AnswerEvidence, AnswerKind, CandidateSource, EvidencePage } from '../typed-answer';

/** Where a test table's cells lie: column c starts `column`·c right of the table's left edge, row r `row`·r down. */
export interface GridLayout {
  column: number;
  /** A cell's width and height. */
  width: number;
  row: number;
  height: number;
  /** The table's right edge. */
  right: number;
}

/** The grid most specs draw: 150-point columns and 18-point rows on a 520-point table. */
export const GRID: GridLayout = { column: 150, width: 128, row: 18, height: 12, right: 520 };
/** A financial statement's grid: wider columns and tighter rows on a 540-point table. */
export const STATEMENT_GRID: GridLayout = { column: 180, width: 158, row: 16, height: 11, right: 540 };

const TABLE_LEFT = 72;
const TABLE_TOP = 100;

/** The box of the cell in row r, column c of a table drawn on `grid`. */
export const cellBox = (r: number, c: number, grid: GridLayout = GRID): BBox => [
  TABLE_LEFT + grid.column * c,
  TABLE_TOP + grid.row * r,
  TABLE_LEFT + grid.width + grid.column * c,
  TABLE_TOP + grid.height + grid.row * r,
];

/** Where a table stands and how it was stored. */
export interface TableAt {
  docId?: string;
  pageNumber?: number;
  /** Default `<docId>:p<pageNumber>-e1`. */
  elementId?: string;
  grid?: GridLayout;
  /** False: the table carries no cell boxes (as older ingests stored it). */
  cells?: boolean;
}

/** A table element as ingest stores it: its text, its Markdown grid and (unless `cells` is false) its cells' boxes. */
export function tableElement(rows: string[][], at: TableAt = {}): AnswerElement {
  const { docId = 'doc', pageNumber = 1, grid = GRID, cells = true } = at;
  const boxes = rows.map((row, r) => row.map((text, c): BBox | null => (text ? cellBox(r, c, grid) : null)));
  return {
    docId,
    pageNumber,
    elementId: at.elementId ?? `${docId}:p${pageNumber}-e1`,
    kind: 'table',
    text: rows.map((r) => r.join(' ')).join('\n'),
    description: tableToMarkdown(rows),
    bbox: [TABLE_LEFT, TABLE_TOP, grid.right, TABLE_TOP + grid.row * rows.length],
    cells: cells ? tableCellGeometry(rows, boxes) : null,
  };
}

/** A paragraph on page 1 of document 'd'; `over` sets what a spec is about (its page, kind, Markdown grid…). */
export const textElement = (text: string, over: Partial<AnswerElement> = {}): AnswerElement => ({
  docId: 'd',
  pageNumber: 1,
  elementId: 'e1',
  kind: 'paragraph',
  text,
  description: null,
  bbox: [10, 20, 300, 40],
  ...over,
});

/** A page's whole text, as the answers that read every page of a document get it. */
export const pageText = (pageNumber: number, text: string, docId = 'd'): DocumentPageText => ({
  docId,
  pageNumber,
  text,
});

/** Where a page stands in the evidence: the step that brought it (default its number), its rank (step − 1), score. */
export interface PageAt {
  docId?: string;
  step?: number;
  rank?: number;
  score?: number;
}

/** An evidence page holding `elements` in reading order. */
export function evidencePage(pageNumber: number, elements: AnswerElement[], at: PageAt = {}): EvidencePage {
  const { docId = elements[0]?.docId ?? 'doc', step = pageNumber, rank = step - 1, score = 1 } = at;
  return { docId, pageNumber, step, rank, score, elements };
}

/** A question of `kind` asked of the evidence `pages`. */
export const evidenceFrom = (question: string, kind: AnswerKind, pages: EvidencePage[]): AnswerEvidence => ({
  question,
  kind,
  pages,
});

/** `source` asked a question over evidence pages, of `kind` unless a case asks for another. */
export const askerOf =
  (source: CandidateSource, kind: AnswerKind) =>
  (question: string, pages: EvidencePage[], asked: AnswerKind = kind) =>
    source({ question, kind: asked, pages });

/** A question of `kind` asked of one page holding `elements` (the page of the first, page 1 when none). */
export const evidenceOn = (
  question: string,
  kind: AnswerKind,
  elements: AnswerElement[],
  at: PageAt = {},
): AnswerEvidence => ({ question, kind, pages: [evidencePage(elements[0]?.pageNumber ?? 1, elements, at)] });

/** A page whose only element is a table (see tableElement), brought by the step of its own number. */
export const tablePage = (pageNumber: number, rows: string[][], at: TableAt & PageAt = {}): EvidencePage =>
  evidencePage(pageNumber, [tableElement(rows, { ...at, pageNumber })], at);

/** Pages whose only element is a statement of `docId` on the statement grid, with cell boxes unless `cells` is false. */
export const statementPages =
  (docId: string, at: { cells?: boolean } = {}) =>
  (pageNumber: number, rows: string[][], cells = at.cells ?? true): EvidencePage =>
    tablePage(pageNumber, rows, { docId, grid: STATEMENT_GRID, cells });

/**
 * Elements in reading order down the pages of document `docId`: each new one 20 points below the last, its id
 * numbered in the order it was made.
 */
export function elementsInOrder(
  docId = 'd',
): (pageNumber: number, kind: string, text: string) => AnswerElement {
  let order = 0;
  return (pageNumber, kind, text) => {
    order += 1;
    const [elementId, bbox]: [string, BBox] = [
      `p${pageNumber}-e${order}`,
      [10, order * 20, 300, order * 20 + 15],
    ];
    return textElement(text, { docId, pageNumber, elementId, kind, bbox });
  };
}

/** A quarter's statement with an amount and a percent-to-sales column per period (two header rows). */
export const QUARTER_STATEMENT: string[][] = [
  ['(In millions, except percentages)', 'Second quarter 2023', '', 'Second quarter 2022', ''],
  ['', 'Amount', 'Percent to sales', 'Amount', 'Percent to sales'],
  ['Net sales', '$ 9,310', '100.0', '$ 9,020', '100.0'],
  ['Net earnings', '$ 1,210', '13.0', '$ 1,240', '13.7'],
];

/** A kite maker's income statement, in thousands, for fiscal 2024 and 2023. */
export const KITE_INCOME: string[][] = [
  ['(In thousands)', 'Fiscal 2024', 'Fiscal 2023'],
  ['Net revenues', '96,000', '88,000'],
  ['Operating income', '7,400', '6,100'],
];
