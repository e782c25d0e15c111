// Text boxes of a scanned page: OCR pieces grouped into the boxes and columns they were set in, before elements
// are made, so an element never mixes lines of two boxes and reading follows each box.
import type { BBox, TextItem } from '../../document/document-model';
import { height, horizontalOverlap, unionAll, verticalOverlap } from './layout.types';
import { isRotated } from './lines';

export interface TextBox {
  /** Its pieces, top to bottom, each row left to right. */
  items: TextItem[];
  bbox: BBox;
}

/** Pieces on one row join when the gap is at most this many line heights and no column gutter runs through it. */
const ROW_JOIN_GAP = 1.5;
/** Lines stack into one box when the gap between them is at most this many line heights... */
const STACK_GAP = 1.2;
/** ...their heights differ by at most this factor (a title over body text is a box of its own)... */
const STACK_HEIGHT_RATIO = 1.45;
/** ...and they line up: left edges or centres within this many line heights, or mostly one over the other. */
const ALIGN_SLACK = 1.5;
/** Rows of two boxes pair up when they share this share of the shorter line's height. */
const ROW_PAIR_OVERLAP = 0.5;
/** Side-by-side boxes form a grid (a table candidate) when at least this many of their rows pair up... */
const GRID_MIN_ROWS = 3;
/** ...and that is this share of the lines of the shorter box. */
const GRID_PAIRED_SHARE = 0.6;

/** One-line boxes on a row join when the gap between them is at most this many line heights. */
const LABEL_ROW_GAP = 3;
/** A box is wrapped prose when this share of its lines after the first start lower-case. */
const PROSE_SHARE = 0.5;

interface Line {
  items: TextItem[];
  bbox: BBox;
}

const lineHeight = (b: BBox): number => Math.max(1, height(b));

/** Groups a scanned page's text pieces into text boxes, each box's pieces in reading order. */
export function groupTextBoxes(items: TextItem[]): TextBox[] {
  const rotated = items.filter(isRotated);
  const lines = joinRows(pieceRows(items.filter((item) => !isRotated(item))));
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  lines.forEach((line, i) => {
    const below = stackedBelow(lines, line);
    if (below !== null) parent[find(i)] = find(below);
  });
  const groups = new Map<number, Line[]>();
  lines.forEach((line, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), line]));
  const boxes = [...groups.values()].map((group): TextBox => {
    const ordered = [...group].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
    return { items: ordered.flatMap((l) => l.items), bbox: unionAll(ordered.map((l) => l.bbox)) };
  });
  return [...joinLabelRows(boxes), ...rotated.map((item): TextBox => ({ items: [item], bbox: item.bbox }))];
}

/**
 * One-line boxes side by side on one row (labels under pictures, a row of axis ticks) read as one line, as a
 * born-digital row does: only boxes of two or more lines can interleave.
 */
function joinLabelRows(boxes: TextBox[]): TextBox[] {
  const oneLine = boxes.filter((box) => lineCount(box) === 1);
  const rest = boxes.filter((box) => !oneLine.includes(box));
  const rows = pieceRows(oneLine.flatMap((box) => box.items));
  const joined = rows.flatMap((row) => {
    const out: TextBox[] = [];
    for (const item of row) {
      const last = out.at(-1);
      const h = Math.max(lineHeight(item.bbox), last ? lineHeight(last.bbox) : 0);
      const ratio = last ? h / Math.min(lineHeight(item.bbox), lineHeight(last.bbox)) : Infinity;
      if (last && item.bbox[0] - last.bbox[2] <= LABEL_ROW_GAP * h && ratio <= STACK_HEIGHT_RATIO) {
        last.items.push(item);
        last.bbox = unionAll([last.bbox, item.bbox]);
      } else {
        out.push({ items: [item], bbox: item.bbox });
      }
    }
    return out;
  });
  return [...rest, ...joined];
}

/**
 * Pieces on one row, top to bottom, each row left to right: a piece joins the row whose first piece it mostly
 * overlaps, measured against the taller of the two (so a tall word does not swallow the lines beside it).
 */
function pieceRows(items: TextItem[]): TextItem[][] {
  const sorted = [...items].sort((a, b) => a.bbox[1] + a.bbox[3] - (b.bbox[1] + b.bbox[3]));
  const rows: Array<{ items: TextItem[]; anchor: BBox }> = [];
  for (const item of sorted) {
    const row = rows.find(
      (r) =>
        verticalOverlap(r.anchor, item.bbox) >
        ROW_PAIR_OVERLAP * Math.max(lineHeight(r.anchor), lineHeight(item.bbox)),
    );
    if (row) row.items.push(item);
    else rows.push({ items: [item], anchor: item.bbox });
  }
  return rows.map((r) => r.items.sort((a, b) => a.bbox[0] - b.bbox[0]));
}

/** Each row's pieces joined into lines, split where the gap is wide or a column gutter runs through it. */
function joinRows(rows: TextItem[][]): Line[] {
  const lines: Line[] = [];
  rows.forEach((row, r) => {
    const neighbours = rows.filter((_, k) => k !== r).flat();
    let current: Line | null = null;
    for (const item of row) {
      if (current && !joinsLine(current, item, neighbours)) {
        lines.push(current);
        current = null;
      }
      current = current
        ? { items: [...current.items, item], bbox: unionAll([current.bbox, item.bbox]) }
        : { items: [item], bbox: item.bbox };
    }
    if (current) lines.push(current);
  });
  return lines;
}

function joinsLine(line: Line, next: TextItem, others: TextItem[]): boolean {
  const h = Math.max(lineHeight(line.bbox), lineHeight(next.bbox));
  const gap = next.bbox[0] - line.bbox[2];
  if (gap > ROW_JOIN_GAP * h) return false;
  if (h > STACK_HEIGHT_RATIO * Math.min(lineHeight(line.bbox), lineHeight(next.bbox))) return false;
  if (gap <= 0) return true;
  return !isGutter(line.bbox, next.bbox, others, h);
}

/**
 * Whether the gap between `left` and `right` (one row) continues as a gutter in the lines just above or just below
 * them: none of those lines crosses it, and they sit on both sides of it or start where `right` starts. (A line
 * over both columns crosses it on one side only, so the other side still shows the gutter.)
 */
function isGutter(left: BBox, right: BBox, others: TextItem[], h: number): boolean {
  const mid = (left[2] + right[0]) / 2;
  const top = Math.min(left[1], right[1]);
  const bottom = Math.max(left[3], right[3]);
  const within = (o: TextItem): boolean => o.bbox[2] > left[0] && o.bbox[0] < right[2];
  const above = others.filter(
    (o) => within(o) && o.bbox[3] <= top + 0.3 * h && o.bbox[3] >= top - STACK_GAP * h,
  );
  const below = others.filter(
    (o) => within(o) && o.bbox[1] >= bottom - 0.3 * h && o.bbox[1] <= bottom + STACK_GAP * h,
  );
  const showsGutter = (near: TextItem[]): boolean => {
    if (!near.length || near.some((o) => o.bbox[0] < mid && o.bbox[2] > mid)) return false;
    const rightSide = near.filter((o) => o.bbox[0] >= mid);
    return (
      (near.some((o) => o.bbox[2] <= mid) && rightSide.length > 0) ||
      rightSide.some((o) => Math.abs(o.bbox[0] - right[0]) <= h)
    );
  };
  return showsGutter(above) || showsGutter(below);
}

/** The lines just below `line` that overlap it horizontally (the nearest row of them). */
function nearestRow(lines: Line[], line: Line, direction: 'below' | 'above'): Line[] {
  const h = lineHeight(line.bbox);
  const distance = (other: Line): number =>
    direction === 'below' ? other.bbox[1] - line.bbox[3] : line.bbox[1] - other.bbox[3];
  const candidates = lines.filter(
    (other) =>
      other !== line &&
      horizontalOverlap(other.bbox, line.bbox) > 0 &&
      distance(other) >= -0.3 * Math.min(h, lineHeight(other.bbox)),
  );
  if (!candidates.length) return [];
  const nearest = Math.min(...candidates.map(distance));
  return candidates.filter((other) => distance(other) <= nearest + 0.5 * h);
}

/**
 * The index of the line that continues `line`'s box below it, or null. A line over two columns (or under them)
 * ends its box: it belongs to neither column.
 */
function stackedBelow(lines: Line[], line: Line): number | null {
  const below = nearestRow(lines, line, 'below');
  if (below.length !== 1) return null;
  const next = below[0]!;
  if (nearestRow(lines, next, 'above').length !== 1) return null;
  const ha = lineHeight(line.bbox);
  const hb = lineHeight(next.bbox);
  if (Math.max(ha, hb) > STACK_HEIGHT_RATIO * Math.min(ha, hb)) return null;
  const h = (ha + hb) / 2;
  if (next.bbox[1] - line.bbox[3] > STACK_GAP * h) return null;
  const overlap = horizontalOverlap(line.bbox, next.bbox);
  const narrower = Math.min(line.bbox[2] - line.bbox[0], next.bbox[2] - next.bbox[0]);
  const centre = (b: BBox): number => (b[0] + b[2]) / 2;
  const aligned =
    Math.abs(line.bbox[0] - next.bbox[0]) <= ALIGN_SLACK * h ||
    Math.abs(centre(line.bbox) - centre(next.bbox)) <= ALIGN_SLACK * h ||
    overlap >= 0.5 * narrower;
  return aligned ? lines.indexOf(next) : null;
}

/**
 * Whether a box is running text wrapped over its lines (most lines after the first go on with a lower-case word):
 * a column of table cells starts its cells with capitals, digits or symbols.
 */
function isWrappedProse(box: TextBox): boolean {
  const starts = pieceRows(box.items)
    .slice(1)
    .map((row) => row[0]?.text.trim() ?? '');
  const continuing = starts.filter((text) => /^\p{Ll}/u.test(text)).length;
  return continuing >= 2 && continuing >= starts.length * PROSE_SHARE;
}

const rowBoxes = (box: TextBox): BBox[] =>
  pieceRows(box.items).map((row) => unionAll(row.map((i) => i.bbox)));
const shareRow = (a: BBox, b: BBox): boolean =>
  verticalOverlap(a, b) > ROW_PAIR_OVERLAP * Math.min(lineHeight(a), lineHeight(b));

/** How many rows of text a box has. */
export function lineCount(box: TextBox): number {
  return pieceRows(box.items).length;
}

/**
 * Boxes side by side whose rows line up, gathered into grids: only lines that align in a grid may make a table.
 * Every box is in exactly one group: a box of several lines that aligns with none is a group of its own, and
 * the one-line boxes that align with none form one group together (the rows of a table set apart).
 */
export function gridGroups(boxes: TextBox[]): TextBox[][] {
  const parent = boxes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const prose = boxes.map(isWrappedProse);
  const rows = boxes.map(rowBoxes);
  boxes.forEach((a, i) => {
    if (prose[i]) return;
    // The boxes beside `a` with a line on one of its rows: one column of cells, or each cell a box of its own.
    const beside = boxes
      .map((b, j) => ({ b, j }))
      .filter(
        ({ b, j }) =>
          j !== i &&
          !prose[j] &&
          horizontalOverlap(a.bbox, b.bbox) <= 0 &&
          rows[j]!.some((rb) => rows[i]!.some((ra) => shareRow(ra, rb))),
      );
    const paired = rows[i]!.filter((ra) =>
      beside.some(({ j }) => rows[j]!.some((rb) => shareRow(ra, rb))),
    ).length;
    if (paired >= GRID_MIN_ROWS && paired >= GRID_PAIRED_SHARE * rows[i]!.length)
      for (const { j } of beside) parent[find(i)] = find(j);
  });
  const groups = new Map<number, TextBox[]>();
  boxes.forEach((box, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), box]));
  const all = [...groups.values()];
  // One-line boxes are a table's rows when its rows stand apart: they are looked at together.
  const oneLine = all.filter((g) => g.length === 1 && lineCount(g[0]!) === 1).flat();
  return [...all.filter((g) => g.length > 1 || lineCount(g[0]!) > 1), ...(oneLine.length ? [oneLine] : [])];
}
