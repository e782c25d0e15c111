import type { BBox } from '../../document/document-model';
import type { AnswerElement } from '../extractive-answer';
import { mergeContinuationRows } from './continuation-rows';
import { unfuseLabels } from './fused-labels';
import { unpackColumns } from './packed-columns';
import type { NumberScale } from './typed-answer';
import {
  type CellAmount,
  columnYear,
  isPeriodText,
  normaliseLabel,
  parseAmount,
  scaleOf,
} from './table-numbers';

// A table element read as data: header rows (several, with period headers spanning the columns below them), row
// labels under their group labels, the value columns, the scale and each row's unit. Reads the element's Markdown
// grid and, when the graph kept them, the cells' boxes (otherwise a cell is cited with the table's box).

export interface GridValue {
  text: string;
  amount: CellAmount;
  /** The cell's own box; null when the table was ingested without cell boxes. */
  bbox: BBox | null;
}

export interface GridColumn {
  /** Index in the element's grid. */
  col: number;
  /** Every header row's text over this column, top to bottom ("Year ended December 31 2021"). */
  header: string;
  year: number | null;
}

export interface GridRow {
  /** Index in the element's grid. */
  row: number;
  label: string;
  /** The group label the row sits under ("Current liabilities:"), if any. */
  parent: string | null;
  labelBox: BBox | null;
  /** One entry per value column (TableGrid.columns); null where the row prints nothing. */
  values: Array<GridValue | null>;
  /** "USD", "%", "USD per share", "shares", or null when the table says nothing of it. */
  unit: string | null;
  scale: NumberScale;
}

export interface TableGrid {
  element: AnswerElement;
  headerRowCount: number;
  columns: GridColumn[];
  rows: GridRow[];
  scale: NumberScale;
  /** Where the scale was read ("(In millions, except per share data)"); null when none is printed. */
  scaleText: string | null;
  /** Whether the cells carry their own boxes (tables ingested before cells were kept do not). */
  hasCellBoxes: boolean;
}

const MAX_HEADER_ROWS = 4;
const SEPARATOR_ROW = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;

/** Rows of a Markdown grid ("| a | b |" lines), the separator row left out. */
export function markdownRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|') && !SEPARATOR_ROW.test(l))
    .map((l) =>
      l
        .replace(/^\|/, '')
        .replace(/(?<!\\)\|$/, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.replace(/\\\|/g, '|').trim()),
    );
}

/** The grid's text and boxes: the Markdown description, with the stored cells' boxes where they line up. */
function gridOf(element: AnswerElement): { texts: string[][]; boxes: Map<string, BBox> } {
  const texts = markdownRows(element.description ?? '');
  const boxes = new Map<string, BBox>();
  const cells = element.cells;
  if (!cells) {
    const unfused = unfuseLabels(texts, boxes);
    const unpacked = unpackColumns(unfused.texts, unfused.boxes);
    return mergeContinuationRows(unpacked.texts, unpacked.boxes);
  }
  cells.rows.forEach((r, i) => {
    const c = cells.cols[i] ?? -1;
    const b = cells.boxes.slice(4 * i, 4 * i + 4);
    const row = texts[r] ?? (texts[r] = []);
    if (!row[c]) row[c] = cells.texts[i] ?? '';
    if (b.length === 4) boxes.set(`${r}:${c}`, b as BBox);
  });
  const unfused = unfuseLabels(texts, boxes);
  const unpacked = unpackColumns(unfused.texts, unfused.boxes);
  return mergeContinuationRows(unpacked.texts, unpacked.boxes);
}

const isAmountCell = (text: string) => !isPeriodText(text) && parseAmount(text) !== null;

/**
 * Reads a table element as data; null when it is not a grid with a label column and at least one value column.
 * `context` is the text printed above the table on its page (its title, "(In millions)"), nearest first.
 */
export function parseTableGrid(element: AnswerElement, context: string[] = []): TableGrid | null {
  const { texts, boxes } = gridOf(element);
  const width = Math.max(0, ...texts.map((r) => r.length));
  if (texts.length < 2 || width < 2) return null;
  const cell = (r: number, c: number) => texts[r]?.[c] ?? '';
  const box = (r: number, c: number) => boxes.get(`${r}:${c}`) ?? null;

  let headerRowCount = (texts[0] ?? []).slice(1).some(isAmountCell) ? 0 : 1;
  while (headerRowCount > 0 && headerRowCount < Math.min(MAX_HEADER_ROWS, texts.length - 1)) {
    const rest = (texts[headerRowCount] ?? []).slice(1);
    if (!rest.some((t) => t !== '') || rest.some(isAmountCell)) break;
    headerRowCount++;
  }

  const valueCols = Array.from({ length: width }, (_, c) => c).filter(
    (c) => c > 0 && texts.slice(headerRowCount).some((row) => isAmountCell(row[c] ?? '')),
  );
  if (valueCols.length === 0) return null;
  const headers = headerTexts(texts.slice(0, headerRowCount), valueCols);
  const columns = valueCols.map((col, k): GridColumn => {
    const header = headers[k] ?? '';
    return { col, header, year: columnYear(header) };
  });

  const scaleSources = [
    ...texts.slice(0, headerRowCount).flat(),
    ...context,
    ...texts.slice(headerRowCount).map((r) => r[0] ?? ''),
  ];
  const scaleText = scaleSources.find((t) => scaleOf(t) !== null) ?? null;
  const scale = scaleText ? (scaleOf(scaleText) ?? 'units') : 'units';
  const currency = /[$€£¥]|\bUSD\b|dollars/i.test(`${element.text} ${scaleText ?? ''}`) || scaleText !== null;

  const rows: GridRow[] = [];
  let group: string | null = null;
  for (let r = headerRowCount; r < texts.length; r++) {
    const labelCol = Array.from({ length: width }, (_, c) => c).find(
      (c) => !valueCols.includes(c) && cell(r, c) !== '' && parseAmount(cell(r, c)) === null,
    );
    const printed = labelCol === undefined ? '' : cleanLabel(cell(r, labelCol));
    const { label, next } = boxes.size > 0 ? { label: printed, next: null } : unfoldLabel(printed);
    const values = valueCols.map((c): GridValue | null => {
      const amount = parseAmount(cell(r, c));
      return amount ? { text: cell(r, c), amount, bbox: box(r, c) } : null;
    });
    if (values.every((v) => v === null)) {
      if (label) group = label;
      continue;
    }
    // values without a label close their group: its total, or a label wrapped onto the line above
    const own = label === '' && group !== null ? group : label;
    const unit = rowUnit(own, values, currency);
    rows.push({
      row: r,
      label: own,
      parent: own === label ? group : null,
      labelBox: labelCol === undefined ? null : box(r, labelCol),
      values,
      unit,
      scale: unit === '%' || unit === 'USD per share' ? 'units' : sharesScale(unit, scaleText, scale),
    });
    if (/^total\b/i.test(label) || own !== label) group = null;
    if (next) group = next;
  }
  if (rows.length === 0) return null;
  return { element, headerRowCount, columns, rows, scale, scaleText, hasCellBoxes: boxes.size > 0 };
}

/**
 * Each value column's header, every header row's text over it joined top to bottom. A header row that prints
 * one cell over several value columns ("Year ended December 31" over "2021 2020") spans them all; several cells
 * each span from their own column to the next one's.
 */
function headerTexts(headerRows: string[][], valueCols: number[]): string[] {
  const out = valueCols.map(() => [] as string[]);
  for (const row of headerRows.map((r) => alignedHeader(r, valueCols))) {
    const filled = valueCols.map((c) => row[c] ?? '');
    // a corner cell with a period ("Fiscal year") over empty value headers names them all
    if (filled.every((t) => t === '')) {
      const corner = row[0] ?? '';
      if (corner && isPeriodText(corner) && scaleOf(corner) === null) out.forEach((h) => h.push(corner));
      continue;
    }
    const own = filled.filter((t) => t !== '').length;
    let current = '';
    filled.forEach((text, k) => {
      if (text) current = text;
      const spanning = own === 1 ? filled.find((t) => t !== '')! : current;
      if (spanning && (text || own < valueCols.length)) out[k]!.push(text || spanning);
    });
  }
  return out.map((parts) => parts.join(' ').replace(/\s+/g, ' ').trim());
}

/**
 * A header printed left of its values (a "$" column between: "| 2021 | $ | 3,930 |") moves to the first value
 * column at or right of it, when that column's own header cell and the cells between are empty.
 */
function alignedHeader(row: string[], valueCols: number[]): string[] {
  const out = [...row];
  row.forEach((text, c) => {
    if (c === 0 || text === '' || valueCols.includes(c)) return;
    const v = valueCols.find((k) => k > c);
    if (v === undefined || (out[v] ?? '') !== '' || row.slice(c + 1, v).some((t) => t !== '')) return;
    out[v] = text;
    out[c] = '';
  });
  return out;
}

/**
 * Tables ingested before group labels kept their own row carry them folded into the label above ("Total current
 * assets Non-current assets"): the label is the lower-case phrase before the first capitalised word, the rest heads
 * the rows below. A title-case label ("Total Current Assets") is left whole.
 */
export function unfoldLabel(label: string): { label: string; next: string | null } {
  const folded =
    /^(\p{Lu}[^\s]*(?:\s+[^\p{Lu}\s][^\s]*)+?)(?<!\b(?:to|of|for|by|from|in|on|and|or|the|with|at))\s+(\p{Lu}.{3,})$/u.exec(
      label,
    );
  return folded ? { label: folded[1]!, next: cleanLabel(folded[2]!) } : { label, next: null };
}

/** A row label without dot leaders, a leftover currency sign or a trailing colon. */
function cleanLabel(label: string): string {
  return label
    .replace(/\s*\.{3,}\s*/g, ' ')
    .replace(/\s*[$€£]\s*$/, '')
    .replace(/:\s*$/, '')
    .trim();
}

function rowUnit(label: string, values: Array<GridValue | null>, currency: boolean): string | null {
  const l = normaliseLabel(label);
  if (values.some((v) => v?.amount.percent) || /%|\bpercent(age)?\b|\bmargin %/.test(l)) return '%';
  if (/\bper (common |diluted |basic )?share\b|\bearnings per\b|\beps\b/.test(l)) return 'USD per share';
  if (/\bshares\b/.test(l) && !/\bequity\b|\bcapital\b|\brepurchases? of\b/.test(l)) return 'shares';
  return currency || values.some((v) => v?.amount.currency) ? 'USD' : null;
}

/** Share counts use the table's scale unless the scale line gives them their own ("shares in thousands"). */
function sharesScale(unit: string | null, scaleText: string | null, scale: NumberScale): NumberScale {
  if (unit !== 'shares' || !scaleText) return scale;
  const own = /\bshares? in (thousands|millions|billions)\b/i.exec(scaleText);
  return own ? (own[1]!.toLowerCase() as NumberScale) : scale;
}
