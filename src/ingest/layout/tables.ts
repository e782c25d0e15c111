// Tables: runs of consecutive rows whose segments line up in shared columns (x-intervals), optionally between rules.
import type { BBox } from '../../document/document-model';
import { captionLabel } from '../../document/caption-grammar';
import { type Segment, median, unionAll, verticalOverlap } from './layout.types';

export interface DetectedTable {
  bbox: BBox;
  segments: Segment[];
  /** cells[row][column], trimmed text ('' for an empty cell). */
  cells: string[][];
  /** cellBoxes[row][column]: the union of the cell's segments (null for an empty cell). */
  cellBoxes: Array<Array<BBox | null>>;
}

const MIN_ROWS = 3;
const MAX_ROW_GAP_EM = 2.6;

/** Groups segments into visual rows (top to bottom), each row sorted left to right. */
export function groupRows(segments: Segment[]): Segment[][] {
  const sorted = [...segments].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const rows: Array<{ segs: Segment[]; box: BBox }> = [];
  for (const segment of sorted) {
    const last = rows[rows.length - 1];
    const minH = last ? Math.min(last.box[3] - last.box[1], segment.bbox[3] - segment.bbox[1]) : 0;
    if (last && verticalOverlap(last.box, segment.bbox) > minH * 0.5) {
      last.segs.push(segment);
      last.box = unionAll([last.box, segment.bbox]);
    } else {
      rows.push({ segs: [segment], box: segment.bbox });
    }
  }
  return rows.map((row) => row.segs.sort((a, b) => a.bbox[0] - b.bbox[0]));
}

export function detectTables(segments: Segment[], rules: BBox[], bodyFontSize: number): DetectedTable[] {
  const rows = groupRows(segments);
  const tables: DetectedTable[] = [];
  let run: Segment[][] = [];
  const flush = (): void => {
    const rowsOfTable = withoutTrailingText(run);
    if (rowsOfTable.length >= 2) {
      for (const part of sideBySide(rowsOfTable, rules, bodyFontSize)) {
        const table = tableFromRun(withoutTrailingText(part), rules, bodyFontSize);
        if (table) tables.push(table);
      }
    }
    run = [];
  };
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const prev = run[run.length - 1];
    const em = Math.max(bodyFontSize, median(row.map((s) => s.fontSize)));
    const gapOk = !prev || row[0] === undefined || rowTop(row) - rowBottom(prev) <= em * MAX_ROW_GAP_EM;
    if (!gapOk) flush();
    if (row.length >= 2) {
      run.push(row);
    } else if (
      run.length > 0 &&
      (rows[r + 1]?.length ?? 0) >= 2 &&
      row.length === 1 &&
      (row[0]?.text.length ?? 0) < 60 &&
      !isColumnHeaderRow(rows[r + 1] ?? [])
    ) {
      run.push(row); // A wrapped cell or a row with empty cells between two full rows.
    } else if (run.length > 0 && row.length === 1 && labelRowsBeforeData(rows, r)) {
      run.push(row); // A statement's group labels ("LIABILITIES AND EQUITY:", "Current liabilities:").
    } else {
      flush();
    }
  }
  flush();
  return tables;
}

/** Group labels a statement may stack between two parts of one table, and how long such a label may be. */
const MAX_LABEL_ROWS = 3;
const MAX_LABEL_CHARS = 110;
/** An amount that is not a year: "$ 20,535", "(1,176)", "6.2", "—" is not one. */
const AMOUNT = /^[$(]?\s*[$]?\s*\(?(\d{1,3}(,\d{3})+|\d+\.\d+|\d{1,3})\)?%?$/;

/**
 * Whether rows[from…] are a few one-cell label rows followed by a data row (a label with amounts): then the
 * labels group rows inside one table ("Current liabilities:", "Commitments and contingencies") and the table
 * goes on. A new table starts with its column headers (dates, years) instead, and a lead-in sentence
 * ("The components of debt were as follows:") introduces one, so neither joins two tables.
 */
function labelRowsBeforeData(rows: Segment[][], from: number): boolean {
  for (let r = from; r < from + MAX_LABEL_ROWS + 1 && r < rows.length; r++) {
    const row = rows[r] ?? [];
    if (row.length >= 2) return r > from && isDataRow(row);
    const text = row[0]?.text.trim() ?? '';
    if (text.length > MAX_LABEL_CHARS || /[.;]$/.test(text) || captionLabel(text) !== null) return false;
    if (/:$/.test(text) && text.split(/\s+/).length >= 5 && LEAD_IN_WORDS.test(text)) return false;
  }
  return false;
}

const LEAD_IN_WORDS = /\b(follows?|following|below|summar\w*|presents?|shows?|sets? forth)\b/i;

function isDataRow(row: Segment[]): boolean {
  const [label, ...values] = row;
  return label !== undefined && /\p{L}{3}/u.test(label.text) && values.some((s) => isAmount(s.text));
}

/** Period headers ("Fiscal year 2022 2021", "December 31, 2022"): years and dates, no amounts. */
function isColumnHeaderRow(row: Segment[]): boolean {
  const texts = row.map((s) => s.text.replace(/\s+/g, ' ').trim());
  const years = texts.filter((t) => /^(19|20)\d\d$/.test(t)).length;
  return years >= 2 && !row.slice(1).some((s) => isAmount(s.text));
}

function isAmount(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return AMOUNT.test(t) && !/^(19|20)\d\d$/.test(t);
}

function rowTop(row: Segment[]): number {
  return Math.min(...row.map((s) => s.bbox[1]));
}

function rowBottom(row: Segment[]): number {
  return Math.max(...row.map((s) => s.bbox[3]));
}

function tableFromRun(run: Segment[][], rules: BBox[], bodyFontSize: number): DetectedTable | null {
  const multi = run.filter((row) => row.length >= 2);
  const all = run.flat();
  const bbox = unionAll(all.map((s) => s.bbox));
  const ruled = countHorizontalRules(rules, bbox) >= 2;
  if (multi.length < (ruled ? 2 : MIN_ROWS)) return null;

  const { columns, heads } = columnsUnderHeaders(multi);
  if (columns.length < 2) return null;
  // Each segment must sit in one column; prose in two text columns is rejected by cell length below.
  const fitting = all.filter(
    (s) => heads.has(s) || columns.some(([x0, x1]) => s.bbox[0] >= x0 - 1 && s.bbox[2] <= x1 + 1),
  ).length;
  if (fitting < all.length * 0.85) return null;
  const cellChars = median(all.map((s) => s.text.length));
  const maxCellChars = columns.length >= 3 ? 40 : 25;
  if (cellChars > maxCellChars && !ruled) return null;
  if (columns.length === 2 && cellChars > 45) return null;
  // Running prose set in the body font with only two "columns" and no rules is too risky to call a table.
  if (columns.length === 2 && !ruled && multi.length < 4) return null;
  void bodyFontSize;
  // A column of prose lines (most starting lower-case: wrapped sentences) is body text beside something else.
  for (const [x0, x1] of columns) {
    const texts = all.filter((s) => s.bbox[0] >= x0 - 1 && s.bbox[2] <= x1 + 1).map((s) => s.text);
    const lowerStarts = texts.filter((t) => /^[\p{Ll}(]/u.test(t)).length;
    if (texts.length >= 3 && lowerStarts >= texts.length * 0.4 && median(texts.map((t) => t.length)) > 25)
      return null;
  }

  const boxes: Array<Array<BBox | null>> = [];
  const cells = run.map((row) => {
    const out = columns.map(() => '');
    const outBoxes = columns.map((): BBox | null => null);
    boxes.push(outBoxes);
    for (const segment of row) {
      const best = nearestColumn(columns, (segment.bbox[0] + segment.bbox[2]) / 2);
      out[best] = out[best] ? `${out[best]} ${segment.text}` : segment.text;
      const box = outBoxes[best];
      outBoxes[best] = box ? unionAll([box, segment.bbox]) : segment.bbox;
    }
    return out;
  });
  const merged = mergeContinuationRows(cells, boxes);
  return { bbox, segments: all, cells: merged.cells, cellBoxes: merged.boxes };
}

/** Rows that print on both sides of a gap share their baselines this closely (font sizes) when one table's. */
const BASELINE_TOLERANCE_EM = 0.3;
/** Lines of running text are longer than a table's cells (characters, median). */
const PROSE_LINE_CHARS = 40;

/**
 * A run that is two tables side by side (a two-column paper's Table 2 beside Table 3): a gap every row leaves empty
 * whose two sides print their lines at different heights. One table's cells share each row's baseline across every
 * gap; two tables set in their own row heights do not. Each side is then a table of its own.
 */
function sideBySide(run: Segment[][], rules: BBox[], bodyFontSize: number): Segment[][][] {
  const columns = columnIntervals(run.flat());
  for (let k = 0; k + 1 < columns.length; k++) {
    const gap = (columns[k]![1] + columns[k + 1]![0]) / 2;
    const sides = run.map((row) => ({
      left: row.filter((s) => s.bbox[2] <= gap),
      right: row.filter((s) => s.bbox[0] >= gap),
    }));
    const both = sides.filter((r) => r.left.length && r.right.length);
    if (both.length < 2) continue;
    const aligned = both.filter((r) =>
      r.left.some((a) =>
        r.right.some(
          (b) => Math.abs(a.bbox[3] - b.bbox[3]) <= BASELINE_TOLERANCE_EM * Math.min(a.fontSize, b.fontSize),
        ),
      ),
    ).length;
    if (aligned >= both.length / 2) continue;
    const left = sides.map((r) => r.left).filter((row) => row.length > 0);
    const right = sides.map((r) => r.right).filter((row) => row.length > 0);
    // Each side must stand alone: two tables, or a table beside a column of prose. A table's labels printed a
    // little off its values' baselines are neither, and stay with their values.
    const table = (part: Segment[][]): boolean => tableFromRun(part, rules, bodyFontSize) !== null;
    const prose = (part: Segment[][]): boolean =>
      median(part.flat().map((s) => s.text.length)) >= PROSE_LINE_CHARS;
    const [leftTable, rightTable] = [table(left), table(right)];
    if (!((leftTable || prose(left)) && (rightTable || prose(right)) && (leftTable || rightTable))) continue;
    return [...sideBySide(left, rules, bodyFontSize), ...sideBySide(right, rules, bodyFontSize)];
  }
  return [run];
}

function nearestColumn(columns: Array<[number, number]>, x: number): number {
  let best = 0;
  let bestDistance = Infinity;
  columns.forEach(([x0, x1], k) => {
    const d = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
    if (d < bestDistance) {
      bestDistance = d;
      best = k;
    }
  });
  return best;
}

/** Trailing single-segment rows are text after the table (its caption, the prose below), not part of it. */
function withoutTrailingText(rows: Segment[][]): Segment[][] {
  let end = rows.length;
  while (end > 0 && (rows[end - 1]?.length ?? 0) < 2) end--;
  return rows.slice(0, end);
}

const CURRENCY_OR_UNIT = /^[$€£¥%]$/;

/** Header rows a table may stack above its body (a spanning head over its sub-columns' heads). */
const MAX_HEADER_ROWS = 2;

/**
 * The table's columns. A header cell spanning its sub-columns ("Proportion (%)" over "2-hop", "3-hop", "4-hop")
 * would merge them into one: the body's finer columns are taken instead when a header names each of them.
 */
function columnsUnderHeaders(multi: Segment[][]): { columns: Array<[number, number]>; heads: Set<Segment> } {
  const all = columnIntervals(multi.flat());
  // a head spans sub-columns of a table that has columns already; text in one column is no table to refine
  if (all.length < 2) return { columns: all, heads: new Set() };
  for (let skip = 1; skip <= MAX_HEADER_ROWS && skip < multi.length - 1; skip++) {
    if (isDataRow(multi[skip - 1] ?? [])) break; // a row of amounts is body, never a head
    const bodySegments = multi.slice(skip).flat();
    const body = columnIntervals(bodySegments);
    const heads = multi.slice(0, skip).flat();
    const reached = (s: Segment): number =>
      body.filter(([x0, x1]) => s.bbox[0] < x1 && s.bbox[2] > x0).length;
    // each finer column has a head of its own: one centred over it that reaches into no other column
    const named = body.every(([x0, x1]) =>
      heads.some((h) => {
        const centre = (h.bbox[0] + h.bbox[2]) / 2;
        return centre >= x0 - 2 && centre <= x1 + 2 && reached(h) === 1;
      }),
    );
    // a "$" printed apart from its amount is no column of its own, whatever head sits above it
    const symbolsOnly = body.some(([x0, x1]) =>
      bodySegments
        .filter((s) => s.bbox[0] >= x0 - 1 && s.bbox[2] <= x1 + 1)
        .every((s) => CURRENCY_OR_UNIT.test(s.text.trim())),
    );
    // a body line printed across the finer columns (one text run of several values) says they are not columns
    const crossing = bodySegments.some((s) => reached(s) > 1);
    if (body.length > all.length && named && !symbolsOnly && !crossing)
      return { columns: body, heads: new Set(heads) };
  }
  return { columns: all, heads: new Set() };
}

/** x-intervals of the columns: overlapping segment extents merged together. */
function columnIntervals(segments: Segment[]): Array<[number, number]> {
  const intervals = segments.map((s): [number, number] => [s.bbox[0], s.bbox[2]]).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [x0, x1] of intervals) {
    const last = merged[merged.length - 1];
    if (last && x0 <= last[1] + 2) last[1] = Math.max(last[1], x1);
    else merged.push([x0, x1]);
  }
  return merged;
}

function countHorizontalRules(rules: BBox[], box: BBox): number {
  return rules.filter(
    (r) =>
      r[3] - r[1] <= 3 &&
      r[2] - r[0] >= (box[2] - box[0]) * 0.5 &&
      r[1] >= box[1] - 30 &&
      r[3] <= box[3] + 30 &&
      r[0] <= box[2] &&
      r[2] >= box[0],
  ).length;
}

/** A row with a single filled cell following a full row is a wrapped cell: fold it into the row above. */
function mergeContinuationRows(
  cells: string[][],
  boxes: Array<Array<BBox | null>>,
): { cells: string[][]; boxes: Array<Array<BBox | null>> } {
  const out: string[][] = [];
  const outBoxes: Array<Array<BBox | null>> = [];
  cells.forEach((row, r) => {
    const filled = row.filter((c) => c).length;
    const prev = out[out.length - 1];
    const prevBoxes = outBoxes[outBoxes.length - 1];
    if (prev && prevBoxes && filled === 1 && row.length > 2 && !isGroupLabel(row[0] ?? '')) {
      row.forEach((cell, k) => {
        if (!cell) return;
        prev[k] = prev[k] ? `${prev[k]} ${cell}` : cell;
        const box = boxes[r]?.[k] ?? null;
        const above = prevBoxes[k] ?? null;
        prevBoxes[k] = box && above ? unionAll([above, box]) : (box ?? above);
      });
    } else {
      out.push([...row]);
      outBoxes.push([...(boxes[r] ?? row.map(() => null))]);
    }
  });
  return { cells: out, boxes: outBoxes };
}

/**
 * A label in the first column that starts a capitalised phrase ("Current liabilities:", "Investing activities")
 * is a statement's group label heading the rows below; a wrapped cell's next line goes on in lower case.
 */
function isGroupLabel(firstCell: string): boolean {
  return /:$/.test(firstCell) || /^\p{Lu}/u.test(firstCell);
}
