import PDFDocument from 'pdfkit';
import { pdfBytes } from './make-pdf';

/** One block of a generated page, laid out top to bottom in a 468 pt wide column. */
export type PdfBlock =
  | { type: 'heading'; text: string; size?: number }
  | { type: 'paragraph'; text: string }
  | { type: 'title'; text: string; size?: number; bold?: boolean }
  | { type: 'bars'; values: number[]; labels: string[] }
  | { type: 'table'; rows: string[][]; striped?: boolean };

export interface StructuredPdfOptions {
  /** The Info dictionary's Title, when the test needs one. */
  metadataTitle?: string;
  /** Landscape Letter pages (a slide deck's shape); portrait by default. */
  layout?: 'portrait' | 'landscape';
}

/**
 * A Letter-size, born-digital PDF built from headings (bold, larger), 11 pt paragraphs, short titles, vector bar
 * charts (filled rectangles of varying length with value labels) and ruled tables — enough to mimic a report's
 * chart page or a filing's statement page without a third-party file. No outline (bookmarks) is written.
 */
export function makeStructuredPdf(pages: PdfBlock[][], opts: StructuredPdfOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: opts.layout ?? 'portrait',
    autoFirstPage: false,
    info: opts.metadataTitle ? { Title: opts.metadataTitle } : {},
  });
  const left = 72;
  const columnWidth = 468;
  for (const blocks of pages) {
    doc.addPage();
    let y = 72;
    for (const block of blocks) {
      switch (block.type) {
        case 'heading':
          doc
            .font('Helvetica-Bold')
            .fontSize(block.size ?? 18)
            .text(block.text, left, y, { width: columnWidth });
          y = doc.y + 10;
          break;
        case 'title':
          doc
            .font(block.bold === false ? 'Helvetica' : 'Helvetica-Bold')
            .fontSize(block.size ?? 11)
            .text(block.text, left, y, { width: columnWidth });
          y = doc.y + 6;
          break;
        case 'paragraph':
          doc.font('Helvetica').fontSize(11).text(block.text, left, y, { width: columnWidth });
          y = doc.y + 12;
          break;
        case 'bars': {
          const max = Math.max(...block.values, 1);
          block.values.forEach((value, i) => {
            const rowY = y + i * 22;
            doc
              .font('Helvetica')
              .fontSize(9)
              .text(block.labels[i] ?? '', left, rowY + 3, { width: 90 });
            const length = (value / max) * 300;
            doc.rect(left + 100, rowY, length, 14).fill(i % 2 ? '#4a7ab5' : '#b5524a');
            doc.fillColor('black').text(String(value), left + 106 + length, rowY + 3, { width: 40 });
          });
          y += block.values.length * 22 + 12;
          break;
        }
        case 'table': {
          const cols = Math.max(...block.rows.map((r) => r.length));
          const cellWidth = columnWidth / cols;
          // a filing's striped table: tighter rows, no rules, every other row shaded cell by cell with a "$"
          // gutter before each value cell
          const pitch = block.striped ? 11 : 18;
          const rule = () => {
            if (!block.striped)
              doc
                .moveTo(left, y)
                .lineTo(left + columnWidth, y)
                .lineWidth(0.8)
                .stroke();
          };
          doc.font('Helvetica').fontSize(block.striped ? 9 : 10);
          rule();
          block.rows.forEach((row, r) => {
            if (block.striped && r % 2 === 1) {
              doc.rect(left, y, cellWidth, pitch).fill('#dde6f0');
              for (let c = 1; c < cols; c++) {
                doc.rect(left + c * cellWidth, y, 12, pitch).fill('#dde6f0');
                doc.rect(left + c * cellWidth + 12, y, cellWidth - 12, pitch).fill('#dde6f0');
              }
              doc.fillColor('black');
            }
            // a striped row holds one line; a ruled cell wraps as before
            const inset = block.striped ? 1.5 : 4;
            row.forEach((cell, c) =>
              doc.text(cell, left + c * cellWidth + 4, y + inset, {
                width: cellWidth - 8,
                lineBreak: !block.striped,
              }),
            );
            y += pitch;
            rule();
          });
          y += 12;
          break;
        }
      }
    }
  }
  return pdfBytes(doc);
}
