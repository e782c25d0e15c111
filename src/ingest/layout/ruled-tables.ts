// Ruled tables: a grid of drawn horizontal and vertical lines whose cells hold the text. Tall rows of wrapped cells
// (forms, specification sheets) defeat the alignment detector in tables.ts, which needs one line per row; the
// lines themselves say where every row and column ends.
import type { BBox } from '../../document/document-model';
import { type Segment, unionAll, verticalOverlap } from './layout.types';
import { makeSegment } from './lines';
import type { DetectedTable } from './tables';

/** A rule this thin (points) is a line; thicker shapes are fills and bars. */
const MAX_LINE_THICKNESS = 2.5;
/** Shorter pieces are dots, ticks or glyph strokes. */
const MIN_LINE_LENGTH = 4;
/** Lines this close (points) are one line: borders are often drawn as two abutting strokes. */
const SNAP = 2;
/** A table's grid has at least this many row and column boundaries (two rows, two columns). */
const MIN_BOUNDARIES = 3;
/** Two lines of text this close in their bottoms (points) share a baseline. */
const BASELINE_TOLERANCE = 1;
/** A header drawn as a filled band is at most this tall (points). */
const MAX_HEADER_BAND = 40;
/** A column separator runs down at least this share of the table's height. */
const MIN_SEPARATOR_COVERAGE = 0.5;
/** A longer cell is a column of prose framed by rules, not a table cell. */
const MAX_CELL_CHARS = 800;

interface Line {
  /** The fixed coordinate (y of a horizontal line, x of a vertical one) and the extent along the other axis. */
  at: number;
  from: number;
  to: number;
}

/** Thin rules merged into lines: pieces at one coordinate whose extents touch become one line. */
function linesOf(rules: BBox[], horizontal: boolean): Line[] {
  const pieces = rules
    .filter((r) => {
      const thickness = horizontal ? r[3] - r[1] : r[2] - r[0];
      const length = horizontal ? r[2] - r[0] : r[3] - r[1];
      return thickness <= MAX_LINE_THICKNESS && length >= MIN_LINE_LENGTH;
    })
    .map((r): Line =>
      horizontal
        ? { at: (r[1] + r[3]) / 2, from: r[0], to: r[2] }
        : { at: (r[0] + r[2]) / 2, from: r[1], to: r[3] },
    )
    .sort((a, b) => a.at - b.at || a.from - b.from);
  const lines: Line[] = [];
  for (const piece of pieces) {
    // lines are made in order of `at`: only the last few can lie within SNAP of this piece
    let same: Line | undefined;
    for (let k = lines.length - 1; k >= 0 && piece.at - lines[k]!.at <= SNAP; k--) {
      const l = lines[k]!;
      if (piece.from <= l.to + SNAP && piece.to >= l.from - SNAP) same = l;
    }
    if (same) {
      same.from = Math.min(same.from, piece.from);
      same.to = Math.max(same.to, piece.to);
    } else lines.push({ ...piece });
  }
  return lines;
}

const crosses = (h: Line, v: Line): boolean =>
  v.at >= h.from - SNAP && v.at <= h.to + SNAP && h.at >= v.from - SNAP && h.at <= v.to + SNAP;

/** Groups of lines that touch one another: each group is one drawn grid. */
function grids(horizontals: Line[], verticals: Line[]): Array<{ h: Line[]; v: Line[] }> {
  const all = [...horizontals.map((l) => ({ l, h: true })), ...verticals.map((l) => ({ l, h: false }))];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  all.forEach((a, i) => {
    if (!a.h) return;
    all.forEach((b, j) => {
      if (!b.h && crosses(a.l, b.l)) parent[find(i)] = find(j);
    });
  });
  const groups = new Map<number, { h: Line[]; v: Line[] }>();
  all.forEach((a, i) => {
    const root = find(i);
    const group = groups.get(root) ?? { h: [], v: [] };
    (a.h ? group.h : group.v).push(a.l);
    groups.set(root, group);
  });
  return [...groups.values()];
}

/** The distinct coordinates of lines, those within SNAP of each other taken as one. */
function boundaries(lines: Line[]): number[] {
  const out: number[] = [];
  for (const at of lines.map((l) => l.at).sort((a, b) => a - b)) {
    if (out.length === 0 || at - out[out.length - 1]! > SNAP) out.push(at);
  }
  return out;
}

/** The interval index holding `x` among sorted boundaries (the last one closed), or -1 outside them. */
function slot(bounds: number[], x: number): number {
  const last = bounds.length - 2;
  for (let k = 0; k <= last; k++)
    if (x >= bounds[k]! && (x < bounds[k + 1]! || (k === last && x === bounds[k + 1]))) return k;
  return -1;
}

/** A segment cut where a column boundary runs through it (a line of text that crosses two cells). */
function cutAtColumns(segment: Segment, columns: number[]): Segment[] {
  const byColumn = new Map<number, typeof segment.items>();
  for (const item of segment.items) {
    const k = slot(columns, (item.bbox[0] + item.bbox[2]) / 2);
    byColumn.set(k, [...(byColumn.get(k) ?? []), item]);
  }
  if (byColumn.size <= 1) return [segment];
  return [...byColumn.values()].map((items) => makeSegment(items));
}

/**
 * Column boundaries that run down the table: separators drawn in the header only (a framed table whose body rows
 * are not ruled) would merge every body row into one cell, so such a grid is left to the alignment detector.
 */
function columnsRunningDown(verticals: Line[], top: number, bottom: number): number[] {
  const all = boundaries(verticals);
  return all.filter((x, k) => {
    if (k === 0 || k === all.length - 1) return true;
    const covered = verticals
      .filter((v) => Math.abs(v.at - x) <= SNAP)
      .reduce((sum, v) => sum + Math.max(0, Math.min(v.to, bottom) - Math.max(v.from, top)), 0);
    return covered >= (bottom - top) * MIN_SEPARATOR_COVERAGE;
  });
}

/** A filled band as wide as the grid, sitting on its top line: the header row, drawn as fills, not ruled. */
function headerBandTop(rules: BBox[], columns: number[], top: number): number | null {
  const [left, right] = [columns[0]!, columns[columns.length - 1]!];
  const fills = rules.filter(
    (r) =>
      r[3] - r[1] > MAX_LINE_THICKNESS &&
      r[3] - r[1] <= MAX_HEADER_BAND &&
      r[0] >= left - 2 * SNAP &&
      r[2] <= right + 2 * SNAP &&
      Math.abs(r[3] - top) <= 2 * SNAP,
  );
  const covered = fills.reduce((sum, r) => sum + (r[2] - r[0]), 0);
  return covered >= (right - left) * 0.95 ? Math.min(...fills.map((r) => r[1])) : null;
}

/** Row boundaries: the horizontal lines, and the ends of the column lines where a row is closed by fills only. */
function rowBoundaries(grid: { h: Line[]; v: Line[] }): number[] {
  const rows = boundaries(grid.h);
  if (rows.length === 0 || grid.v.length === 0) return rows;
  const top = Math.min(...grid.v.map((v) => v.from));
  const bottom = Math.max(...grid.v.map((v) => v.to));
  if (top < rows[0]! - SNAP) rows.unshift(top);
  if (bottom > rows[rows.length - 1]! + SNAP) rows.push(bottom);
  return rows;
}

function tableOfGrid(
  grid: { h: Line[]; v: Line[] },
  segments: Segment[],
  rules: BBox[],
): DetectedTable | null {
  const rows = rowBoundaries(grid);
  if (rows.length < MIN_BOUNDARIES - 1) return null;
  const columns = columnsRunningDown(grid.v, rows[0]!, rows[rows.length - 1]!);
  if (columns.length < MIN_BOUNDARIES) return null;
  const bandTop = headerBandTop(rules, columns, rows[0]!);
  if (bandTop !== null) rows.unshift(bandTop);
  if (rows.length < MIN_BOUNDARIES) return null;
  const box: BBox = [columns[0]!, rows[0]!, columns[columns.length - 1]!, rows[rows.length - 1]!];
  const centreIn = (s: Segment): boolean => {
    const x = (s.bbox[0] + s.bbox[2]) / 2;
    const y = (s.bbox[1] + s.bbox[3]) / 2;
    return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
  };
  const inside = segments.filter(centreIn);
  const outside = segments.filter((s) => !centreIn(s));
  if (inside.length === 0 || continuesOutside(inside, outside)) return null;
  const pieces = inside.flatMap((s) => cutAtColumns(s, columns));
  const cellSegments: Segment[][][] = Array.from({ length: rows.length - 1 }, () =>
    Array.from({ length: columns.length - 1 }, (): Segment[] => []),
  );
  for (const piece of pieces) {
    const r = slot(rows, (piece.bbox[1] + piece.bbox[3]) / 2);
    const c = slot(columns, (piece.bbox[0] + piece.bbox[2]) / 2);
    if (r >= 0 && c >= 0) cellSegments[r]![c]!.push(piece);
  }
  // Rows and columns with no text are spacing, not data.
  const usedColumns = columns
    .slice(0, -1)
    .flatMap((_, c) => (cellSegments.some((row) => row[c]!.length) ? [c] : []));
  const usedRows = cellSegments.filter((row) => row.some((cell) => cell.length)).flatMap(splitStackedRows);
  if (usedRows.length < 2 || usedColumns.length < 2) return null;
  const cells = usedRows.map((row) => usedColumns.map((c) => cellText(row[c]!)));
  const cellBoxes = usedRows.map((row) =>
    usedColumns.map((c) => (row[c]!.length ? unionAll(row[c]!.map((s) => s.bbox)) : null)),
  );
  // A frame around prose (one long cell per row) is a box, not a table: a table has several filled cells a row.
  const filledPerRow = cells.map((row) => row.filter((cell) => cell).length);
  if (filledPerRow.filter((n) => n >= 2).length < 2) return null;
  // Columns of running text between a page's rules are not cells: no cell of a table holds a page of prose.
  if (cells.some((row) => row.some((cell) => cell.length > MAX_CELL_CHARS))) return null;
  return { bbox: box, segments: inside, cells, cellBoxes };
}

/** A cell's lines: its segments grouped by the height they sit at, top to bottom. */
function linesOfCell(cell: Segment[]): Segment[][] {
  const lines: Segment[][] = [];
  for (const segment of [...cell].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const last = lines[lines.length - 1];
    if (last && verticalOverlap(last[0]!.bbox, segment.bbox) > 0.5 * (segment.bbox[3] - segment.bbox[1]))
      last.push(segment);
    else lines.push([segment]);
  }
  return lines;
}

/**
 * A ruled row whose filled cells all hold the same number of lines, line beside line, is several rows printed
 * without rules between them (a table ruled only round its header): each line is a row. Wrapped cells differ in
 * their number of lines and stay one row.
 */
function splitStackedRows(row: Segment[][]): Segment[][][] {
  const filled = row.map((cell, c) => ({ c, lines: linesOfCell(cell) })).filter((x) => x.lines.length > 0);
  const n = filled[0]?.lines.length ?? 0;
  if (filled.length < 2 || n < 2 || filled.some((x) => x.lines.length !== n)) return [row];
  const aligned = filled.every((x) =>
    x.lines.every((line, k) => verticalOverlap(line[0]!.bbox, filled[0]!.lines[k]![0]!.bbox) > 0),
  );
  if (!aligned) return [row];
  return Array.from({ length: n }, (_, k) =>
    row.map((_, c) => filled.find((x) => x.c === c)?.lines[k] ?? []),
  );
}

/**
 * Lines that go on beyond the grid (row labels left of drawn column separators, as statements print them) mean the
 * lines are part of a larger table, not its frame: the alignment detector reads it whole.
 */
function continuesOutside(inside: Segment[], outside: Segment[]): boolean {
  // a row label shares its values' baseline exactly; text beside the table in another column rarely does
  const sameBaseline = (a: Segment, b: Segment): boolean =>
    Math.abs(a.bbox[3] - b.bbox[3]) <= BASELINE_TOLERANCE;
  const continued = inside.filter((s) => outside.some((o) => sameBaseline(s, o))).length;
  return continued > inside.length / 2;
}

function cellText(segments: Segment[]): string {
  return segments
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
    .map((s) => s.text.trim())
    .filter((t) => t)
    .join(' ');
}

/** The page's ruled tables: each drawn grid of at least two rows and two columns with text in several cells. */
export function detectRuledTables(segments: Segment[], rules: BBox[]): DetectedTable[] {
  const horizontals = linesOf(rules, true);
  const verticals = linesOf(rules, false);
  if (horizontals.length < MIN_BOUNDARIES || verticals.length < MIN_BOUNDARIES) return [];
  return grids(horizontals, verticals).flatMap((grid) => {
    const table = tableOfGrid(grid, segments, rules);
    return table ? [table] : [];
  });
}
