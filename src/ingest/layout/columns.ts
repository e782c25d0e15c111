// Reading order: find whitespace rivers between columns; content that spans a river (a title, a wide figure)
// splits the page into zones read top to bottom, and each zone is read column by column (recursively).
import type { BBox } from '../../document/document-model';
import { unionAll, verticalOverlap } from './layout.types';

export interface Boxed {
  bbox: BBox;
}

const MIN_RIVER_WIDTH = 5;
const MAX_SPANNER_FRACTION = 0.45;
const MIN_UNITS_PER_SIDE = 2;

export function readingOrder<T extends Boxed>(units: T[]): T[] {
  // Full-width units (a spanning paragraph, a wide table) cut the page into zones first, so a zone with two
  // columns keeps its own gutter even when another zone's gutter sits elsewhere (a Pew page: text beside a chart
  // above, text beside a narrower chart below).
  const zones = zonesBetweenFullWidth(units);
  if (zones.length <= 1) return orderNode(units, 0);
  return zones.flatMap((zone) => orderNode(zone, 1));
}

/** A unit this wide (share of the content width) has nothing beside it: it separates zones. */
const FULL_WIDTH_SHARE = 0.8;

function zonesBetweenFullWidth<T extends Boxed>(units: T[]): T[][] {
  const [minX, , maxX] = unionAll(units.map((u) => u.bbox));
  const full = (u: T): boolean => u.bbox[2] - u.bbox[0] >= (maxX - minX) * FULL_WIDTH_SHARE;
  const sorted = [...units].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const zones: T[][] = [];
  let zone: T[] = [];
  for (const unit of sorted) {
    if (!full(unit)) {
      zone.push(unit);
      continue;
    }
    if (zone.length) zones.push(zone);
    zones.push([unit]);
    zone = [];
  }
  if (zone.length) zones.push(zone);
  return zones;
}

function orderNode<T extends Boxed>(units: T[], depth: number): T[] {
  if (units.length <= 1 || depth > 6) return sortRows(units);
  const river = findRiver(units);
  if (!river) return sortRows(units);
  const [r0, r1] = river;
  const side = (u: T): 'left' | 'right' | 'span' =>
    u.bbox[2] <= r0 + 1 ? 'left' : u.bbox[0] >= r1 - 1 ? 'right' : 'span';

  const sorted = [...units].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const out: T[] = [];
  let left: T[] = [];
  let right: T[] = [];
  const flushZone = (): void => {
    out.push(...orderNode(left, depth + 1), ...orderNode(right, depth + 1));
    left = [];
    right = [];
  };
  for (const unit of sorted) {
    const s = side(unit);
    if (s === 'span') {
      flushZone();
      out.push(unit);
    } else if (s === 'left') {
      left.push(unit);
    } else {
      right.push(unit);
    }
  }
  flushZone();
  return out;
}

/** The x-range of a column gutter, or null when the units form one column. */
export function findRiver<T extends Boxed>(units: T[]): [number, number] | null {
  const [minX, , maxX] = unionAll(units.map((u) => u.bbox));
  const span = Math.ceil(maxX - minX);
  if (!Number.isFinite(span) || span < 40) return null;
  const coverage = new Int32Array(span + 1);
  for (const u of units) {
    const from = Math.max(0, Math.floor(u.bbox[0] - minX) + 1);
    const to = Math.min(span, Math.ceil(u.bbox[2] - minX) - 1);
    for (let x = from; x <= to; x++) coverage[x] = (coverage[x] ?? 0) + 1;
  }
  const limit = Math.floor(units.length * MAX_SPANNER_FRACTION);
  let best: { range: [number, number]; score: number } | null = null;
  let runStart = -1;
  let runMax = 0;
  for (let x = 0; x <= span + 1; x++) {
    // The outermost pixels are never covered (boxes are counted from one pixel inside their edges): they are the
    // page margin, not a gutter, and would otherwise become a run's lowest point and hide the real gutter.
    const c = x > 0 && x < span ? (coverage[x] ?? 0) : Infinity;
    if (c <= limit) {
      if (runStart < 0) {
        runStart = x;
        runMax = c;
      } else {
        runMax = Math.max(runMax, c);
      }
      continue;
    }
    if (runStart >= 0) {
      // The gutter proper is the widest stretch of the run at its lowest coverage.
      const [from, to] = trimMargins(coverage, runStart, x - 1, span);
      const core = lowestStretch(coverage, from, to, runMax);
      const range: [number, number] = [minX + core[0], minX + core[1]];
      if (range[1] - range[0] >= MIN_RIVER_WIDTH) {
        const score = validRiverScore(units, range, core[2]);
        if (score !== null && (!best || score > best.score)) best = { range, score };
      }
      runStart = -1;
    }
  }
  return best?.range ?? null;
}

/**
 * A run that reaches the left or right end of the content also holds that side's column, whose coverage falls
 * off towards the page edge (lines end at different places): the gutter is the valley before that slope.
 */
function trimMargins(coverage: Int32Array, from: number, to: number, span: number): [number, number] {
  const at = (x: number): number => coverage[x] ?? 0;
  let start = from;
  let end = to;
  if (end >= span - 1) while (end > start && at(end - 1) >= at(end)) end--;
  if (start <= 1) while (start < end && at(start + 1) >= at(start)) start++;
  return [start, end];
}

function lowestStretch(
  coverage: Int32Array,
  from: number,
  to: number,
  max: number,
): [number, number, number] {
  let min = max;
  for (let x = from; x <= to; x++) min = Math.min(min, coverage[x] ?? 0);
  let best: [number, number] = [from, from - 1];
  let start = -1;
  for (let x = from; x <= to + 1; x++) {
    if (x <= to && (coverage[x] ?? 0) <= min) {
      if (start < 0) start = x;
    } else if (start >= 0) {
      if (x - 1 - start > best[1] - best[0]) best = [start, x - 1];
      start = -1;
    }
  }
  return [best[0], best[1], min];
}

/** Columns must sit side by side (overlapping vertically) with enough units on each side. */
function validRiverScore<T extends Boxed>(
  units: T[],
  [r0, r1]: [number, number],
  crossing: number,
): number | null {
  const left = units.filter((u) => u.bbox[2] <= r0 + 1);
  const right = units.filter((u) => u.bbox[0] >= r1 - 1);
  if (left.length < MIN_UNITS_PER_SIDE || right.length < MIN_UNITS_PER_SIDE) return null;
  const extent = (list: T[]): BBox => [
    0,
    Math.min(...list.map((u) => u.bbox[1])),
    0,
    Math.max(...list.map((u) => u.bbox[3])),
  ];
  const l = extent(left);
  const r = extent(right);
  const overlap = verticalOverlap(l, r);
  const smaller = Math.min(l[3] - l[1], r[3] - r[1]);
  if (overlap <= 0 || overlap < smaller * 0.3) return null;
  // Count side-by-side pairs: units on the right that share a vertical band with some unit on the left.
  const besideCount = right.filter((u) => left.some((v) => verticalOverlap(u.bbox, v.bbox) > -4)).length;
  if (besideCount < Math.min(2, right.length)) return null;
  return r1 - r0 + Math.min(left.length, right.length) * 2 - crossing * 5;
}

/** Top to bottom; units on the same visual row left to right. */
export function sortRows<T extends Boxed>(units: T[]): T[] {
  const sorted = [...units].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const rows: T[][] = [];
  let rowBox: BBox | null = null;
  for (const unit of sorted) {
    const row = rows[rows.length - 1];
    const h = Math.min(unit.bbox[3] - unit.bbox[1], rowBox ? rowBox[3] - rowBox[1] : Infinity);
    if (row && rowBox && verticalOverlap(rowBox, unit.bbox) > h * 0.5) {
      row.push(unit);
      rowBox = [rowBox[0], Math.min(rowBox[1], unit.bbox[1]), rowBox[2], Math.max(rowBox[3], unit.bbox[3])];
    } else {
      rows.push([unit]);
      rowBox = unit.bbox;
    }
  }
  return rows.flatMap(readRow);
}

/**
 * A row's units left to right; units stacked in one column of the row (beside a tall figure that made the row)
 * top to bottom, however their left edges wobble. A unit shares a column when it overlaps it by half its width.
 */
function readRow<T extends Boxed>(row: T[]): T[] {
  const columns: Array<{ units: T[]; x0: number; x1: number }> = [];
  for (const unit of [...row].sort((a, b) => a.bbox[0] - b.bbox[0])) {
    const overlap = (c: { x0: number; x1: number }): number =>
      Math.min(c.x1, unit.bbox[2]) - Math.max(c.x0, unit.bbox[0]);
    const narrower = (c: { x0: number; x1: number }): number =>
      Math.min(c.x1 - c.x0, unit.bbox[2] - unit.bbox[0]);
    const column = columns.find((c) => overlap(c) > 0.5 * narrower(c));
    if (column) {
      column.units.push(unit);
      column.x1 = Math.max(column.x1, unit.bbox[2]);
    } else {
      columns.push({ units: [unit], x0: unit.bbox[0], x1: unit.bbox[2] });
    }
  }
  return columns.flatMap((c) => c.units.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]));
}
