// Overprinted text: some PDFs draw a line's words twice on one baseline (a shadow, an outline over a fill), and
// pdf.js returns both copies, often cut at different places ("The" · "The Limes" · "Limes R" · "Residential" …).
// Read side by side they double every word ("TheThe LimesLimes"); merged, the line reads once.
import type { TextItem } from '../../document/document-model';
import { union } from './layout.types';

/** Two items on one row overlap by more than this fraction of the font size: ordinary text never does. */
const MIN_OVERLAP_EM = 0.3;
/** Copies share the type size. */
const SIZE_TOLERANCE = 0.05;

/**
 * A row's items (sorted by left edge) with overprinted copies merged: an item whose text repeats the words under
 * it (inside, at the start or running on from the end of the item it overlaps) adds only what it does not repeat.
 */
export function mergeOverprinted(row: TextItem[]): TextItem[] {
  const out: TextItem[] = [];
  for (const item of row) {
    const last = out[out.length - 1];
    const merged = last ? overprint(last, item) : null;
    if (merged) out[out.length - 1] = merged;
    else out.push(item);
  }
  return out;
}

function overprint(a: TextItem, b: TextItem): TextItem | null {
  if (a.source !== 'text-layer' || b.source !== 'text-layer') return null;
  const size = Math.max(a.fontSize, b.fontSize);
  if (Math.abs(a.fontSize - b.fontSize) > size * SIZE_TOLERANCE) return null;
  if (Math.min(a.bbox[2], b.bbox[2]) - b.bbox[0] <= size * MIN_OVERLAP_EM) return null;
  const at = a.text.replace(/\s+/g, ' ');
  const bt = b.text.replace(/\s+/g, ' ');
  const charWidth = (a.bbox[2] - a.bbox[0]) / Math.max(1, at.length);
  // Where character i of a's text starts, assuming even widths; proportional type drifts, hence the slack.
  const xOf = (i: number): number => a.bbox[0] + i * charWidth;
  const near = (i: number): boolean =>
    Math.abs(xOf(i) - b.bbox[0]) <= 2 * charWidth + 0.1 * Math.abs(b.bbox[0] - a.bbox[0]);
  const joined = (text: string): TextItem => ({ ...a, text, bbox: union(a.bbox, b.bbox) });

  // b starts with all of a, from the same place: b is the longer copy.
  if (bt.startsWith(at) && near(0)) return { ...b, bbox: union(a.bbox, b.bbox) };
  // b repeats words inside a.
  for (let i = at.indexOf(bt); i >= 0; i = at.indexOf(bt, i + 1)) if (near(i)) return joined(at);
  // b repeats a's last characters and runs on.
  for (let k = Math.min(at.length, bt.length) - 1; k >= 1; k--) {
    if (at.endsWith(bt.slice(0, k)) && bt.slice(0, k).trim() && near(at.length - k))
      return joined(at + bt.slice(k));
  }
  return null;
}
