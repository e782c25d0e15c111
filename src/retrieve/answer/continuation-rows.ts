import type { BBox } from '../../document/document-model';
import { isPeriodText, parseAmount } from './table-numbers';

// Ingest sometimes splits a wrapped cell onto a row of its own: the label cell empty, the other cells holding the
// wrapped words. Read as data, that row is part of the row above. A row with an empty label that prints a number,
// a dash or a period is a real row (a statement's unlabelled total or sub-row) and is never merged.

const holdsValue = (text: string) => parseAmount(text) !== null || isPeriodText(text);

/** Whether row `r` continues the row above it: empty label, some words, and no number, dash or period. */
function continues(row: string[], above: string[] | undefined): boolean {
  if (!above || (above[0] ?? '') === '' || (row[0] ?? '') !== '') return false;
  const filled = row.filter((t) => t !== '');
  return filled.length > 0 && !filled.some(holdsValue);
}

const union = (a: BBox, b: BBox): BBox => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/**
 * Merges text continuation rows into the row above: each cell's text joined with a space, the boxes unioned.
 * Boxes are keyed "row:col" and re-keyed to the merged rows. Nothing merges into the first row: under a header, an
 * unlabelled row is as often a cell spanning rows as a wrapped one.
 */
export function mergeContinuationRows(
  texts: string[][],
  boxes: Map<string, BBox> = new Map(),
): { texts: string[][]; boxes: Map<string, BBox> } {
  const outTexts: string[][] = [];
  const outBoxes = new Map<string, BBox>();
  texts.forEach((row, r) => {
    const into = outTexts.length - 1;
    const merge = r > 1 && continues(row, outTexts[into]);
    if (!merge) outTexts.push([...row]);
    const target = merge ? into : outTexts.length - 1;
    const dest = outTexts[target]!;
    row.forEach((text, c) => {
      if (merge && text !== '') dest[c] = dest[c] ? `${dest[c]} ${text}` : text;
      const box = boxes.get(`${r}:${c}`);
      if (!box) return;
      const had = outBoxes.get(`${target}:${c}`);
      outBoxes.set(`${target}:${c}`, had && merge ? union(had, box) : box);
    });
  });
  return { texts: outTexts, boxes: outBoxes };
}
