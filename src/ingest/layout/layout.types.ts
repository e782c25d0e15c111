// Intermediate shapes of layout analysis and small geometry helpers shared by its steps.
import type { BBox, ElementKind, TextItem } from '../../document/document-model';

/** A run of text items on one baseline, not crossing a wide horizontal gap (so columns and cells stay apart). */
export interface Segment {
  items: TextItem[];
  bbox: BBox;
  text: string;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  source: 'text-layer' | 'ocr';
}

/** A unit placed in reading order: text segments, or a whole table/figure region. */
export interface Region {
  kind: ElementKind;
  bbox: BBox;
  text: string;
  description: string | null;
  /** For text regions, the segments they are made of (line by line). */
  segments: Segment[];
  headingLevel: number | null;
  source: 'text-layer' | 'ocr';
  /** Figure/table regions keep their identity so captions can point at them. */
  isFloat?: boolean;
}

export function width(b: BBox): number {
  return b[2] - b[0];
}

export function height(b: BBox): number {
  return b[3] - b[1];
}

export function area(b: BBox): number {
  return Math.max(0, width(b)) * Math.max(0, height(b));
}

export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export function unionAll(boxes: BBox[]): BBox {
  let out: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) out = union(out, b);
  return out;
}

export function intersectionArea(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

export function expand(b: BBox, by: number): BBox {
  return [b[0] - by, b[1] - by, b[2] + by, b[3] + by];
}

/** Whether the centre of `inner` lies inside `outer`. */
export function centreInside(inner: BBox, outer: BBox): boolean {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
}

export function verticalOverlap(a: BBox, b: BBox): number {
  return Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
}

export function horizontalOverlap(a: BBox, b: BBox): number {
  return Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
}

export function roundBox(b: BBox): BBox {
  return [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
