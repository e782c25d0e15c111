// OCR readings of the scanned dev decks, cached as JSON so layout changes can be measured without re-running the
// models: per page its size, the render scale, the engine's lines (with their detector segments), which lines
// measured bold, and the scan's figures. Used by ocr-boxes-bench.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BBox } from '../../src/document/document-model';
import type { OcrLine } from '../../src/ingest/ocr/line-grouping';
import { DEFAULT_OCR_LONGEST_SIDE_PX, ocrRenderScale } from '../../src/ingest/ocr/ocr-page';
import { PaddleOcr } from '../../src/ingest/ocr/paddle-ocr';
import { findScanFigures } from '../../src/ingest/ocr/scan-figures';
import { boldLines } from '../../src/ingest/ocr/stroke-weight';
import { parsePdf } from '../../src/ingest/pdf/pdf-parser';
import { openPdfDocument } from '../../src/ingest/pdfjs-loader';
import { renderPdfPagePixels } from '../../src/ingest/render/page-renderer';

export interface CachedOcrPage {
  number: number;
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
  lines: OcrLine[];
  bold: boolean[];
  /** In PDF points. */
  figures: BBox[];
}

export interface CachedOcrDocument {
  fileName: string;
  pageCount: number;
  /** Pages without a text layer only. */
  pages: CachedOcrPage[];
}

/** Reads `fileName` from the cache, or OCRs its scanned pages with `engine` and caches them. */
export async function cachedOcr(
  pdfPath: string,
  cacheDir: string,
  engine: () => Promise<PaddleOcr>,
  log: (line: string) => void,
): Promise<CachedOcrDocument> {
  const fileName = path.basename(pdfPath);
  const cacheFile = path.join(cacheDir, `${fileName}.json`);
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as CachedOcrDocument;
  const bytes = new Uint8Array(fs.readFileSync(pdfPath));
  const parsed = await parsePdf(bytes);
  const doc = await openPdfDocument(bytes);
  const pages: CachedOcrPage[] = [];
  try {
    for (const page of parsed.pages.filter((p) => !p.hasTextLayer)) {
      const rendered = await renderPdfPagePixels(doc, page.number, {
        scale: ocrRenderScale(page.width, page.height, DEFAULT_OCR_LONGEST_SIDE_PX),
        maxPixels: DEFAULT_OCR_LONGEST_SIDE_PX * DEFAULT_OCR_LONGEST_SIDE_PX,
      });
      const pixels = { data: rendered.rgba, width: rendered.width, height: rendered.height };
      const lines = await (await engine()).recognize(pixels);
      const boxes = lines.map((line) => line.box);
      const scaleX = rendered.width / page.width;
      const scaleY = rendered.height / page.height;
      pages.push({
        number: page.number,
        width: page.width,
        height: page.height,
        scaleX,
        scaleY,
        lines,
        bold: boldLines(pixels, boxes),
        figures: findScanFigures(pixels, boxes).map((b): BBox => [
          b[0] / scaleX,
          b[1] / scaleY,
          b[2] / scaleX,
          b[3] / scaleY,
        ]),
      });
      log(`${fileName} p.${page.number}: ${lines.length} lines`);
    }
  } finally {
    await doc.destroy();
  }
  const result = { fileName, pageCount: parsed.pageCount, pages };
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(cacheFile, JSON.stringify(result));
  return result;
}
