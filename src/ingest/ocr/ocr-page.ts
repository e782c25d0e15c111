// OCR of a PDF page without a text layer: render, read, and express the lines as TextItems in PDF points.
import type { BBox, TextItem } from '../../document/document-model';
import { renderPdfPagePixels } from '../render/page-renderer';
import type { PDFDocumentProxy } from '../pdfjs-loader';
import type { OcrLine } from './line-grouping';
import { PaddleOcr, type RecognizeOptions, type RgbaImage } from './paddle-ocr';
import { findScanFigures } from './scan-figures';
import { boldLines } from './stroke-weight';

/**
 * Longest side of the rendered page in pixels. Slide decks (720 × 405 pt) then render at 2.5 px/pt (180 dpi):
 * 10-pt footnotes are ~25 px tall, enough for the 48-px recogniser. 1400 px read as much; 2200 px no more.
 */
export const DEFAULT_OCR_LONGEST_SIDE_PX = 1800;
/** Pages are never rendered above this many px/pt (a tiny page would otherwise blow up). */
const MAX_OCR_SCALE = 6;

export interface OcrPageOptions extends RecognizeOptions {
  /** The engine to use; default: one shared, lazily loaded engine per process. */
  engine?: PaddleOcr;
  longestSidePx?: number;
}

let sharedEngine: Promise<PaddleOcr> | undefined;

/** The process-wide engine used when callers don't pass one. */
export function sharedPaddleOcr(): Promise<PaddleOcr> {
  sharedEngine ??= PaddleOcr.load().catch((error: unknown) => {
    sharedEngine = undefined;
    throw error;
  });
  return sharedEngine;
}

/**
 * Closes the process-wide engine, if one was loaded, and forgets it: the next caller loads a new one. (An app
 * closing must not leave a closed engine behind for the next app in the same process, e.g. in tests.)
 */
export async function closeSharedPaddleOcr(): Promise<void> {
  const engine = sharedEngine;
  sharedEngine = undefined;
  if (engine) await (await engine).close();
}

export function ocrRenderScale(pageWidthPt: number, pageHeightPt: number, longestSidePx: number): number {
  return Math.min(MAX_OCR_SCALE, longestSidePx / Math.max(pageWidthPt, pageHeightPt));
}

/** What OCR finds on a scanned page: its text lines as text items, and its figures (ink without text). */
export interface OcrPageResult {
  items: TextItem[];
  /** Figure regions of the scan in PDF points (top-left origin). */
  figures: BBox[];
}

/** OCRs page `pageNumber` (1-based) of a PDF; returns its lines as `source: 'ocr'` text items in reading order. */
export async function ocrPdfPage(
  source: Uint8Array | PDFDocumentProxy,
  pageNumber: number,
  pageWidthPt: number,
  pageHeightPt: number,
  options: OcrPageOptions = {},
): Promise<TextItem[]> {
  return (await ocrPdfPageLayout(source, pageNumber, pageWidthPt, pageHeightPt, options)).items;
}

/** OCRs a page and finds the figures of its scan, both in PDF points. */
export async function ocrPdfPageLayout(
  source: Uint8Array | PDFDocumentProxy,
  pageNumber: number,
  pageWidthPt: number,
  pageHeightPt: number,
  options: OcrPageOptions = {},
): Promise<OcrPageResult> {
  const { engine, longestSidePx = DEFAULT_OCR_LONGEST_SIDE_PX, ...recognizeOptions } = options;
  const ocr = engine ?? (await sharedPaddleOcr());
  const page = await renderPdfPagePixels(source, pageNumber, {
    scale: ocrRenderScale(pageWidthPt, pageHeightPt, longestSidePx),
    maxPixels: longestSidePx * longestSidePx,
  });
  const pixels = { data: page.rgba, width: page.width, height: page.height };
  const lines = await ocr.recognize(pixels, recognizeOptions);
  const scaleX = page.width / pageWidthPt;
  const scaleY = page.height / pageHeightPt;
  const boxes = lines.map((line) => line.box);
  const figures = findScanFigures(pixels, boxes).map((box): BBox => [
    box[0] / scaleX,
    box[1] / scaleY,
    box[2] / scaleX,
    box[3] / scaleY,
  ]);
  return {
    items: ocrLinesToTextItems(lines, scaleX, scaleY, pageWidthPt, pageHeightPt, boldLines(pixels, boxes)),
    figures: figures.map((box) => box.map((n) => Math.round(n * 100) / 100) as BBox),
  };
}

/** Points of margin read around a picture: a label touching its edge is still read whole. */
const REGION_MARGIN_PT = 2;

/**
 * OCRs the given regions of a page (PDF points, top-left origin), each cropped from one rendering of the page, and
 * returns their lines as `source: 'ocr'` text items in page coordinates: the words of raster figures on a page
 * that has a text layer elsewhere.
 */
export async function ocrPdfPageRegions(
  source: Uint8Array | PDFDocumentProxy,
  pageNumber: number,
  pageWidthPt: number,
  pageHeightPt: number,
  regions: BBox[],
  options: OcrPageOptions = {},
): Promise<TextItem[]> {
  if (regions.length === 0) return [];
  const { engine, longestSidePx = DEFAULT_OCR_LONGEST_SIDE_PX, ...recognizeOptions } = options;
  const ocr = engine ?? (await sharedPaddleOcr());
  const page = await renderPdfPagePixels(source, pageNumber, {
    scale: ocrRenderScale(pageWidthPt, pageHeightPt, longestSidePx),
    maxPixels: longestSidePx * longestSidePx,
  });
  const scaleX = page.width / pageWidthPt;
  const scaleY = page.height / pageHeightPt;
  const items: TextItem[] = [];
  for (const region of regions) {
    const x0 = Math.max(0, Math.floor((region[0] - REGION_MARGIN_PT) * scaleX));
    const y0 = Math.max(0, Math.floor((region[1] - REGION_MARGIN_PT) * scaleY));
    const x1 = Math.min(page.width, Math.ceil((region[2] + REGION_MARGIN_PT) * scaleX));
    const y1 = Math.min(page.height, Math.ceil((region[3] + REGION_MARGIN_PT) * scaleY));
    if (x1 - x0 < 8 || y1 - y0 < 8) continue;
    const crop = cropRgba(page.rgba, page.width, x0, y0, x1 - x0, y1 - y0);
    const lines = await ocr.recognize(crop, recognizeOptions);
    const shifted = lines.map((line) => ({
      ...line,
      box: [line.box[0] + x0, line.box[1] + y0, line.box[2] + x0, line.box[3] + y0] as typeof line.box,
    }));
    items.push(...ocrLinesToTextItems(shifted, scaleX, scaleY, pageWidthPt, pageHeightPt));
  }
  return items;
}

/** A rectangle of an RGBA image as an image of its own. */
function cropRgba(
  rgba: Uint8ClampedArray,
  imageWidth: number,
  x: number,
  y: number,
  width: number,
  height: number,
): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * imageWidth + x) * 4;
    data.set(rgba.subarray(from, from + width * 4), row * width * 4);
  }
  return { data, width, height };
}

/** A gap between a line's detected pieces this many line heights wide may be a gutter between two text boxes. */
const PIECE_GAP_IN_HEIGHTS = 0.5;

/**
 * A line's pieces: its segments joined where they nearly touch, apart where a wide gap separates them, so layout
 * can tell two text boxes side by side from one line (see layout/text-boxes.ts).
 */
export function linePieces(line: OcrLine): OcrLine[] {
  const height = line.box[3] - line.box[1];
  const runs: OcrLine['segments'][] = [];
  for (const segment of [...line.segments].sort((a, b) => a.box[0] - b.box[0])) {
    const run = runs.at(-1);
    const reach = run ? Math.max(...run.map((s) => s.box[2])) : -Infinity;
    if (run && segment.box[0] - reach <= PIECE_GAP_IN_HEIGHTS * height) run.push(segment);
    else runs.push([segment]);
  }
  if (runs.length <= 1) return [line];
  return runs.map((run) => {
    const weight = (text: string): number => Math.max(1, text.length);
    const total = run.reduce((n, s) => n + weight(s.text), 0);
    return {
      text: run.map((s) => s.text).join(' '),
      confidence: run.reduce((n, s) => n + s.confidence * weight(s.text), 0) / total,
      box: [
        Math.min(...run.map((s) => s.box[0])),
        Math.min(...run.map((s) => s.box[1])),
        Math.max(...run.map((s) => s.box[2])),
        Math.max(...run.map((s) => s.box[3])),
      ],
      segments: run,
    };
  });
}

/**
 * Converts pixel-space lines to text items in PDF points (top-left origin), clipped to the page: one item per
 * piece of a line (see linePieces). `bold[k]` says whether line k was measured as bold (see stroke-weight.ts);
 * single characters never count as bold.
 */
export function ocrLinesToTextItems(
  lines: OcrLine[],
  pixelsPerPointX: number,
  pixelsPerPointY: number,
  pageWidthPt: number,
  pageHeightPt: number,
  bold: boolean[] = [],
): TextItem[] {
  const round = (n: number): number => Math.round(n * 100) / 100;
  const clip = (n: number, max: number): number => round(Math.min(Math.max(n, 0), max));
  return lines
    .flatMap((whole, k) => linePieces(whole).map((line) => ({ line, bold: bold[k] ?? false })))
    .map(({ line, bold: isBold }) => {
      const bbox: BBox = [
        clip(line.box[0] / pixelsPerPointX, pageWidthPt),
        clip(line.box[1] / pixelsPerPointY, pageHeightPt),
        clip(line.box[2] / pixelsPerPointX, pageWidthPt),
        clip(line.box[3] / pixelsPerPointY, pageHeightPt),
      ];
      const width = bbox[2] - bbox[0];
      const height = bbox[3] - bbox[1];
      // A tall box holding several characters is rotated text; its glyph height runs across the box.
      const rotated = line.text.length >= 3 && height > 1.5 * width;
      return {
        text: line.text,
        bbox,
        fontName: 'ocr',
        fontSize: round(rotated ? width : height),
        bold: isBold && line.text.replace(/\s/g, '').length >= 3,
        italic: false,
        source: 'ocr',
        confidence: round(line.confidence),
      };
    });
}
