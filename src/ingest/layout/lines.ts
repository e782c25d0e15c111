// Text items → segments: items sharing a baseline, split where a horizontal gap is too wide to be a word space.
import type { TextItem } from '../../document/document-model';
import { type Segment, unionAll } from './layout.types';
import { mergeOverprinted } from './overprint';

/** Gap (in multiples of the font size) above which two items on a line belong to different columns or cells. */
const SEGMENT_GAP_EM = 1.0;
/** Gap above which a space is inserted between two items. */
const WORD_GAP_EM = 0.12;
/**
 * Dot leaders ("Net income ........ $ 629,551", "Item 7 . . . . . 35"): four or more dots, spaced or not, or
 * ellipsis and middle-dot runs. They carry no meaning, yet the embedding tokenizer makes a token of every dot:
 * on a 10-K they were 31 % of all embedded tokens, and they pushed statement rows out of the token budget.
 */
const DOT_LEADER = /(?:[.·][ \u00a0]?){4,}|(?:…[ \u00a0]?){2,}/g;

/** A segment's text without dot leaders; a segment that is only a leader becomes empty. */
export function stripDotLeaders(text: string): string {
  return text.replace(DOT_LEADER, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Tall, narrow items are rotated text (axis labels, margin stamps); they are kept apart from horizontal lines. */
export function isRotated(item: TextItem): boolean {
  const w = item.bbox[2] - item.bbox[0];
  const h = item.bbox[3] - item.bbox[1];
  return h > item.fontSize * 1.8 && h > w * 1.5 && item.text.trim().length > 1;
}

export function buildSegments(items: TextItem[]): Segment[] {
  const horizontal = items.filter((item) => !isRotated(item));
  const rotated = items.filter(isRotated);
  const rows = groupIntoRows(horizontal);
  const segments: Segment[] = [];
  for (const row of rows) segments.push(...splitRow(row));
  for (const item of rotated) segments.push(makeSegment([item]));
  return segments
    .filter((s) => s.text.length > 0)
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/** Groups items whose vertical extents mostly overlap (same baseline, allowing sub/superscripts). */
function groupIntoRows(items: TextItem[]): TextItem[][] {
  const sorted = [...items].sort((a, b) => baseline(a) - baseline(b) || a.bbox[0] - b.bbox[0]);
  const rows: Array<{ items: TextItem[]; top: number; bottom: number; base: number; size: number }> = [];
  for (const item of sorted) {
    const base = baseline(item);
    let target: (typeof rows)[number] | undefined;
    // Look back over the few most recent rows only: rows are created in baseline order.
    for (let k = rows.length - 1; k >= Math.max(0, rows.length - 4); k--) {
      const row = rows[k];
      if (!row) continue;
      const tolerance = Math.min(row.size, item.fontSize) * 0.45;
      const overlap = Math.min(row.bottom, item.bbox[3]) - Math.max(row.top, item.bbox[1]);
      const minHeight = Math.min(row.bottom - row.top, item.bbox[3] - item.bbox[1]);
      const sizeDiffers = Math.min(item.fontSize, row.size) < Math.max(item.fontSize, row.size) * 0.8;
      if (Math.abs(row.base - base) <= tolerance || (overlap > minHeight * 0.4 && sizeDiffers)) {
        target = row;
        break;
      }
    }
    if (target) {
      target.items.push(item);
      target.top = Math.min(target.top, item.bbox[1]);
      target.bottom = Math.max(target.bottom, item.bbox[3]);
      if (item.fontSize > target.size) {
        target.size = item.fontSize;
        target.base = base;
      }
    } else {
      rows.push({ items: [item], top: item.bbox[1], bottom: item.bbox[3], base, size: item.fontSize });
    }
  }
  return rows.map((row) => mergeOverprinted(row.items.sort((a, b) => a.bbox[0] - b.bbox[0])));
}

function baseline(item: TextItem): number {
  // The bbox bottom sits at the descent; the baseline is roughly a fifth of the font size above it.
  return item.bbox[3] - item.fontSize * 0.2;
}

function splitRow(row: TextItem[]): Segment[] {
  const segments: Segment[] = [];
  let current: TextItem[] = [];
  let currentRight = -Infinity;
  for (const item of row) {
    const last = current[current.length - 1];
    if (last) {
      const gap = item.bbox[0] - currentRight;
      const em = Math.max(last.fontSize, item.fontSize);
      // Bullets and numbering are often followed by a wide tab; keep them with their text.
      const isMarker =
        current.length === 1 && /^([•◦▪■●–\-*·]|\(?[0-9a-zA-Z]{1,3}[.)])$/.test(last.text.trim());
      if (gap > em * SEGMENT_GAP_EM && !(isMarker && gap < em * 4)) {
        segments.push(makeSegment(current));
        current = [];
        currentRight = -Infinity;
      }
    }
    current.push(item);
    currentRight = Math.max(currentRight, item.bbox[2]);
  }
  if (current.length) segments.push(makeSegment(current));
  return segments;
}

export function makeSegment(items: TextItem[]): Segment {
  let text = '';
  let right = -Infinity;
  let boldChars = 0;
  let italicChars = 0;
  let totalChars = 0;
  const sizeWeights = new Map<number, number>();
  for (const item of items) {
    const piece = item.text.replace(/\s+/g, ' ');
    if (text) {
      const gap = item.bbox[0] - right;
      const needsSpace = gap > item.fontSize * WORD_GAP_EM && !text.endsWith(' ') && !piece.startsWith(' ');
      if (needsSpace) text += ' ';
    }
    text += piece;
    right = Math.max(right, item.bbox[2]);
    const n = piece.replace(/\s/g, '').length;
    totalChars += n;
    if (item.bold) boldChars += n;
    if (item.italic) italicChars += n;
    const size = Math.round(item.fontSize * 2) / 2;
    sizeWeights.set(size, (sizeWeights.get(size) ?? 0) + n);
  }
  let fontSize = items[0]?.fontSize ?? 0;
  let best = -1;
  for (const [size, weight] of sizeWeights) {
    if (weight > best) {
      best = weight;
      fontSize = size;
    }
  }
  return {
    items,
    bbox: unionAll(items.map((i) => i.bbox)),
    text: stripDotLeaders(text),
    fontSize,
    bold: totalChars > 0 && boldChars / totalChars > 0.6,
    italic: totalChars > 0 && italicChars / totalChars > 0.6,
    source: items.some((i) => i.source === 'ocr') ? 'ocr' : 'text-layer',
  };
}
