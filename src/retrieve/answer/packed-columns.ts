import type { BBox } from '../../document/document-model';
import { isPeriodText, parseAmount } from './table-numbers';

// Some layouts set two period columns so close that ingest reads them as one: each cell then holds both values
// ("63,355 $ 63,948", header "2022 2021", "June 25, June 26,"). Such a column is split back into its periods, each
// value with an equal share of the cell's box.

/** Share of a column's amount cells that must hold the same number of values for the column to be split. */
const PACKED_SHARE = 0.6;
const DATE = /\b\p{Lu}\p{Ll}{2,8}\.? \d{1,2},?/gu;

/** The values packed in one cell, or null when it is not all amounts. */
function packedAmounts(text: string): string[] | null {
  const parts = text
    .replace(/\$\s*/g, '$')
    .split(/\s+/)
    .filter((p) => p !== '' && p !== '$');
  if (parts.length < 2 || parts.some((p) => parseAmount(p) === null || isPeriodText(p))) return null;
  return parts;
}

/** A cell's text split into `k` parts: its values, its years, or its dates; null when it holds no such k parts. */
function splitInto(text: string, k: number): string[] | null {
  const amounts = packedAmounts(text);
  if (amounts?.length === k) return amounts;
  const years = text.trim().split(/\s+/);
  if (years.length === k && years.every((y) => /^(?:19|20)\d\d$/.test(y))) return years;
  const dates = text.match(DATE);
  if (dates?.length === k && dates.join(' ').replace(/\s+/g, '') === text.replace(/\s+/g, '')) return dates;
  return null;
}

/** Splits each packed column of a grid into its periods; returns the grid unchanged when none is packed. */
export function unpackColumns(
  texts: string[][],
  boxes: Map<string, BBox>,
): { texts: string[][]; boxes: Map<string, BBox> } {
  const width = Math.max(0, ...texts.map((r) => r.length));
  const packs = Array.from({ length: width }, (_, c) => {
    if (c === 0) return 1;
    const counts = texts.map((row) => {
      const cell = row[c] ?? '';
      return parseAmount(cell) ? 1 : (packedAmounts(cell)?.length ?? 0);
    });
    const valued = counts.filter((n) => n > 0);
    const most = Math.max(0, ...valued);
    return most >= 2 && valued.filter((n) => n === most).length >= valued.length * PACKED_SHARE ? most : 1;
  });
  if (packs.every((k) => k === 1)) return { texts, boxes };
  const outBoxes = new Map<string, BBox>();
  const outTexts = texts.map((row, r) => {
    const out: string[] = [];
    for (let c = 0; c < width; c++) {
      const k = packs[c]!;
      const text = row[c] ?? '';
      const box = boxes.get(`${r}:${c}`);
      const parts = k === 1 ? [text] : (splitInto(text, k) ?? [text, ...Array<string>(k - 1).fill('')]);
      parts.forEach((part, i) => {
        if (box && part) {
          const w = (box[2] - box[0]) / (parts.filter((p) => p).length === 1 ? 1 : k);
          const x0 = parts.filter((p) => p).length === 1 ? box[0] : box[0] + w * i;
          outBoxes.set(`${r}:${out.length}`, [x0, box[1], x0 + w, box[3]]);
        }
        out.push(part);
      });
    }
    return out;
  });
  return { texts: outTexts, boxes: outBoxes };
}
