// The stored form of a table element: its cells as the graph keeps them, and the text and Markdown grid its
// description carries; ingestion writes them and retrieval's answers read them.
import type { BBox, TableCells } from './document-model';

/**
 * A table's non-empty cells as parallel lists (row-major), the compact form the graph stores on the table
 * element: typed lists Neo4j keeps natively, instead of one node per cell.
 */
export function tableCellGeometry(cells: string[][], boxes: Array<Array<BBox | null>>): TableCells {
  const out: TableCells = { rows: [], cols: [], texts: [], boxes: [] };
  cells.forEach((row, r) =>
    row.forEach((text, c) => {
      const box = boxes[r]?.[c];
      if (!text || !box) return;
      out.rows.push(r);
      out.cols.push(c);
      out.texts.push(text);
      out.boxes.push(...box.map((v) => Math.round(v * 10) / 10));
    }),
  );
  return out;
}

export function tableToMarkdown(cells: string[][]): string {
  const width = Math.max(0, ...cells.map((r) => r.length));
  const esc = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
  const line = (row: string[]): string =>
    `| ${Array.from({ length: width }, (_, k) => esc(row[k] ?? '')).join(' | ')} |`;
  const [header, ...body] = cells;
  if (!header) return '';
  return [
    line(header),
    `|${Array.from({ length: width }, () => ' --- ').join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

export function tableToText(cells: string[][]): string {
  return cells.map((row) => row.filter((c) => c).join(' ')).join('\n');
}
