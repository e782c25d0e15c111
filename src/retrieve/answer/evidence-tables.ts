import type { BBox } from '../../document/document-model';
import type { Citation } from '../retrieve.types';
import { type GridColumn, type GridRow, type GridValue, parseTableGrid, type TableGrid } from './table-grid';
import { normaliseLabel, yearOf } from './table-numbers';
import type { AnswerEvidence, EvidencePage } from './typed-answer';

// The tables of the evidence, read as grids in evidence order, and what the table sources share: the periods a
// question names, the words it matches labels with, and how a cell is cited.

export interface EvidenceTable {
  page: EvidencePage;
  grid: TableGrid;
}

/** Elements above a table on its page that may print its title and scale ("(In millions)"). */
const CONTEXT_ELEMENTS = 4;

/** Every table of the evidence pages as a grid, in evidence order; tables that are not grids are left out. */
export function evidenceTables(evidence: AnswerEvidence): EvidenceTable[] {
  const out: EvidenceTable[] = [];
  for (const page of evidence.pages) {
    page.elements.forEach((element, i) => {
      if (element.kind !== 'table') return;
      const context = page.elements
        .slice(Math.max(0, i - CONTEXT_ELEMENTS), i)
        .filter((e) => e.kind !== 'table')
        .map((e) => e.text)
        .reverse();
      const grid = parseTableGrid(element, context);
      const previous = out[out.length - 1]?.grid.element;
      const continues = previous?.docId === element.docId && element.pageNumber - previous.pageNumber <= 1;
      if (grid) out.push({ page, grid: continues ? continuedGrid(grid, out[out.length - 1]!.grid) : grid });
    });
  }
  return out;
}

/**
 * A statement split into two tables (over a page break, or around a gap) prints its period headers and scale over
 * the first part only: a part whose columns name no year takes the part before's, when their columns line up
 * ("October 30," under "October 30, 2022", or no header at all).
 */
export function continuedGrid(grid: TableGrid, before: TableGrid): TableGrid {
  const { columns } = grid;
  if (columns.length !== before.columns.length || columns.every((c) => c.year !== null)) return grid;
  if (before.columns.some((c) => c.year === null)) return grid;
  const fits = columns.every((c, k) => {
    const above = before.columns[k]!;
    return c.header === '' || above.header.startsWith(c.header) || c.year === above.year;
  });
  if (!fits) return grid;
  const scale = grid.scaleText ? grid.scale : before.scale;
  return {
    ...grid,
    columns: columns.map((c, k) => ({
      ...c,
      header: before.columns[k]!.header,
      year: before.columns[k]!.year,
    })),
    scale,
    scaleText: grid.scaleText ?? before.scaleText,
    rows: grid.scaleText
      ? grid.rows
      : grid.rows.map((r) => ({
          ...r,
          scale: r.unit === '%' || r.unit === 'USD per share' ? r.scale : scale,
        })),
  };
}

const INTERIM =
  /\b(?:three|six|nine|3|6|9)[- ]months?\b|\bquarters?\b|\bQ[1-4]\b|\b(?:13|26|39)[- ]weeks?\b/i;

/**
 * Whether a column's period fits the question: a column of a quarter or of months to date ("Three Months Ended")
 * answers only a question that asks for one; a year, a year-end date or a fiscal year answers any.
 */
export function periodFits(question: string, column: GridColumn): boolean {
  return !INTERIM.test(column.header) || INTERIM.test(question);
}

/** The fiscal years a question names ("FY2021", "fiscal 2021", "in 2021", "FY21"), in the order it names them. */
export function yearsAsked(question: string): number[] {
  const years = [
    ...question.matchAll(/(?<![\d,.$])(?:FY\s?)?((?:19|20)\d\d)(?![\d,])|\bFY\s?'?(\d\d)\b/gi),
  ].map((m) => (m[1] ? Number(m[1]) : 2000 + Number(m[2])));
  return [...new Set(years)];
}

const STOP_WORDS = new Set(
  'a an and as at by for from in into is it its of on or per the to was were what which with how much many did does do company companys fy fiscal year years ended ending total'.split(
    ' ',
  ),
);

/** A label's or question's words that name something (stop words and years dropped), normalised. */
export function labelWords(text: string): string[] {
  // "re-ranking" and "rerank" name one thing: hyphens inside a word go, and a trailing "-ing" with them
  return normaliseLabel(text.replace(/(?<=\p{L})-(?=\p{L})/gu, ''))
    .split(' ')
    .map((w) => w.replace(/'/g, ''))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && yearOf(w) === null)
    .map((w) => (w.length > 4 ? w.replace(/(?:ies)$/, 'y').replace(/(?<=[^s])s$/, '') : w))
    .map((w) => (w.length > 6 ? w.replace(/ing$/, '') : w));
}

const squeezed = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s|]+/g, '');

/**
 * How a cell is quoted: "row label | column header: value", as its element prints them. A header the element does
 * not print (read from the part of the statement before a page break) is left out of the quote, "row label: value".
 */
export function cellQuote(
  row: GridRow,
  header: string,
  value: GridValue,
  element: { text: string; description: string | null },
): string {
  const printed = squeezed(`${element.text}\n${element.description ?? ''}`);
  const shown = header !== '' && printed.includes(squeezed(header));
  return shown ? `${row.label} | ${header}: ${value.text}` : `${row.label}: ${value.text}`;
}

/** A cell cited with its own box, or the table's box when the table has no cell boxes. */
export function cellCitation(table: EvidenceTable, row: GridRow, header: string, value: GridValue): Citation {
  const { element } = table.grid;
  const bbox: BBox = value.bbox ?? element.bbox;
  return {
    docId: element.docId,
    pageNumber: element.pageNumber,
    elementId: element.elementId,
    bbox,
    quote: cellQuote(row, header, value, element),
    score: 1,
    step: table.page.step,
  };
}

/** What the analysis says when a table has no cell boxes: the citation falls back to the table's box. */
export function boxNote(tables: EvidenceTable[]): string {
  const without = tables.filter((t) => !t.grid.hasCellBoxes);
  if (without.length === 0) return 'each cell cited with its own box';
  const pages = [...new Set(without.map((t) => `p. ${t.page.pageNumber}`))].join(', ');
  return `the table on ${pages} was ingested without cell boxes, so its cells are cited with the table's box (re-ingest the document to cite cells)`;
}

/** A column whose header says its cells are percentages ("Percent to sales", "% change", "Accuracy (%)"). */
export function percentColumn(column: GridColumn): boolean {
  // "(in thousands, except percentages)" says where the percentages are not
  return /%|\bpercent(?:age)?\b/i.test(column.header.replace(/\bexcept\b[^)]*/gi, ''));
}

/** A cell's unit and scale: its column's percentage, else its row's unit and the table's scale. */
export function cellUnit(row: GridRow, column: GridColumn): Pick<GridRow, 'unit' | 'scale'> {
  return percentColumn(column) ? { unit: '%', scale: 'units' } : { unit: row.unit, scale: row.scale };
}

/** The scale as words: "in millions", or "" for units. */
export function scaleWords(scale: TableGrid['scale']): string {
  return scale === 'units' ? '' : `in ${scale}`;
}
