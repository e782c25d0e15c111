import type { BBox } from '../../document/document-model';
import { isPeriodText, parseAmount } from './table-numbers';

// Some statements are read with the first period's values in the label column ("Net income $ 629,551 | 268,395 |
// 289,985") and their period headers starting over the labels ("November 27, | November 28, | November 29,"): the
// header has no corner cell for the labels. Such a grid gets its label column back: each label's trailing value
// becomes the first value column's cell (its box the label box's share of the text), the headers move right.

/** Share of the value rows whose label must end with a value for the grid to be read as fused. */
const FUSED_SHARE = 0.6;
/** A label with a letter, then a value ("$ 629,551", "(69,657)", "—") at the end of the cell. */
const LABEL_AND_VALUE = /^(.*?\p{L}.*?)\s+(\$?\s*\(?[-−–]?\$?\s*\d[\d,]*(?:\.\d+)?\)?%?|\$?\s*[—–-])\s*$/u;

function split(cell: string): { label: string; value: string } | null {
  const m = LABEL_AND_VALUE.exec(cell.trim());
  if (!m || parseAmount(m[2]!) === null) return null;
  return { label: m[1]!.trim(), value: m[2]!.trim() };
}

const hasValue = (row: string[]) => row.slice(1).some((c) => !isPeriodText(c) && parseAmount(c) !== null);

/** The grid with its label column restored when its labels carry the first values; unchanged otherwise. */
export function unfuseLabels(
  texts: string[][],
  boxes: Map<string, BBox>,
): { texts: string[][]; boxes: Map<string, BBox> } {
  const first = texts.findIndex(hasValue);
  const headers = texts.slice(0, Math.max(0, first)).filter((row) => row.filter((c) => c !== '').length > 1);
  if (first <= 0 || headers.every((row) => (row[0] ?? '') === '')) return { texts, boxes };
  const valueRows = texts.slice(first).filter(hasValue);
  const fused = valueRows.filter((row) => split(row[0] ?? '') !== null).length;
  if (fused < valueRows.length * FUSED_SHARE) return { texts, boxes };
  const out = new Map<string, BBox>();
  const moved = texts.map((row, r) => {
    const shift = (from: number) =>
      row.forEach((_, c) => {
        const box = boxes.get(`${r}:${c}`);
        if (box && c >= from) out.set(`${r}:${c + 1}`, box);
      });
    // a header row prints over several columns; a lone cell above the values is a group label
    if (r < first && row.filter((c) => c !== '').length > 1) {
      shift(0);
      return ['', ...row];
    }
    const cell = row[0] ?? '';
    const parts = split(cell);
    const box = boxes.get(`${r}:0`);
    shift(1);
    if (!parts) {
      if (box) out.set(`${r}:0`, box);
      return [cell, '', ...row.slice(1)];
    }
    if (box) {
      const cut = box[0] + ((box[2] - box[0]) * parts.label.length) / cell.trim().length;
      out.set(`${r}:0`, [box[0], box[1], cut, box[3]]);
      out.set(`${r}:1`, [cut, box[1], box[2], box[3]]);
    }
    return [parts.label, parts.value, ...row.slice(1)];
  });
  return { texts: moved, boxes: out };
}
