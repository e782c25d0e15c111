// Geometric checks of OCR elements, independent of the layout code they judge: the detector's text pieces an
// element is made of, and whether they show two text boxes in one element.
import type { BBox, LayoutElement } from '../../src/document/document-model';

export interface Piece {
  text: string;
  bbox: BBox;
}

/** What one element's pieces show. */
export interface ElementCheck {
  /** Pieces in columns side by side (no horizontal overlap, sharing rows), one of them two or more lines. */
  sideBySide: boolean;
  /** Two rows further apart than STACK_GAP line heights: two stacked boxes read as one. */
  stacked: boolean;
  /** For tables: the share of rows with pieces in two or more columns (1 for a grid). */
  gridShare: number;
}

/** A vertical gap of more than this many line heights inside one element joins boxes stacked apart. */
export const STACK_GAP = 2;

const h = (b: BBox): number => Math.max(1, b[3] - b[1]);
const xOverlap = (a: BBox, b: BBox): number => Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
const yOverlap = (a: BBox, b: BBox): number => Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
const sameRow = (a: BBox, b: BBox): boolean => yOverlap(a, b) > 0.5 * Math.min(h(a), h(b));
const squash = (text: string): string => text.replace(/\s+/g, '').toLowerCase();

/** The pieces an element is made of: centre inside its box (1 pt slack) and text found in its text. */
export function piecesOf(element: LayoutElement, all: Piece[]): Piece[] {
  const [x0, y0, x1, y1] = element.bbox;
  const text = squash(`${element.text}\n${element.description ?? ''}`);
  return all.filter((p) => {
    const cx = (p.bbox[0] + p.bbox[2]) / 2;
    const cy = (p.bbox[1] + p.bbox[3]) / 2;
    return cx >= x0 - 1 && cx <= x1 + 1 && cy >= y0 - 1 && cy <= y1 + 1 && text.includes(squash(p.text));
  });
}

/** Pieces gathered into columns: groups linked by horizontal overlap. */
function columns(pieces: Piece[]): Piece[][] {
  const parent = pieces.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < pieces.length; i++)
    for (let j = i + 1; j < pieces.length; j++)
      if (xOverlap(pieces[i]!.bbox, pieces[j]!.bbox) > 0) parent[find(i)] = find(j);
  const groups = new Map<number, Piece[]>();
  pieces.forEach((p, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), p]));
  return [...groups.values()];
}

/** Rows of pieces, top to bottom, as [top, bottom] extents. */
function rows(pieces: Piece[]): BBox[] {
  const out: BBox[] = [];
  for (const p of [...pieces].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const row = out.find((r) => sameRow(r, p.bbox));
    if (row) {
      row[1] = Math.min(row[1], p.bbox[1]);
      row[3] = Math.max(row[3], p.bbox[3]);
    } else {
      out.push([0, p.bbox[1], 0, p.bbox[3]]);
    }
  }
  return out.sort((a, b) => a[1] - b[1]);
}

const extent = (pieces: Piece[]): BBox => [
  0,
  Math.min(...pieces.map((p) => p.bbox[1])),
  0,
  Math.max(...pieces.map((p) => p.bbox[3])),
];

export function checkElement(pieces: Piece[]): ElementCheck {
  const cols = columns(pieces);
  const sideBySide = cols.some((a, i) =>
    cols
      .slice(i + 1)
      .some((b) => yOverlap(extent(a), extent(b)) > 0 && Math.max(rows(a).length, rows(b).length) >= 2),
  );
  const rowList = rows(pieces);
  const stacked = rowList.some((row, k) => {
    const next = rowList[k + 1];
    return next !== undefined && next[1] - row[3] > STACK_GAP * Math.min(h(row), h(next));
  });
  const inRow = (row: BBox): Piece[] => pieces.filter((p) => sameRow(row, p.bbox));
  const gridRows = rowList.filter((row) => columns(inRow(row)).length >= 2).length;
  return { sideBySide, stacked, gridShare: rowList.length ? gridRows / rowList.length : 1 };
}
