import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextItem } from '../../../src/document/document-model';
import type { OcrLine } from '../../../src/ingest/ocr/line-grouping';
import { ocrPdfPage } from '../../../src/ingest/ocr/ocr-page';
import { PaddleOcr } from '../../../src/ingest/ocr/paddle-ocr';
import { renderPdfPage } from '../../../src/ingest/render/page-renderer';
import { openPdfDocument } from '../../../src/ingest/pdfjs-loader';

// Real PaddleOCR inference (onnxruntime-node, CPU) on the generated scan in test/fixtures/ocr (see its README).
// Needs no Neo4j.
const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const SCAN_PNG = join(FIXTURES, 'ocr', 'scanned-page.png');
const SCAN_PDF = join(FIXTURES, 'ocr', 'scanned-page.pdf');
const NO_TEXT_LAYER_PDF = join(FIXTURES, 'pdf', 'no-text-layer.pdf');

type Box = [number, number, number, number];
interface ExpectedLine {
  text: string;
  boxPx: Box;
  bboxPt: Box;
  inkHeightPt: number;
  rotateDeg: number;
}
const expected = JSON.parse(readFileSync(join(FIXTURES, 'ocr', 'scanned-page.expected.json'), 'utf8')) as {
  pageWidthPt: number;
  pageHeightPt: number;
  widthPx: number;
  heightPx: number;
  lines: ExpectedLine[];
};

/** Lower-case, spaces removed: the recogniser may miss a space; a test about boxes shouldn't fail on that. */
const squash = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

function expectedLine(text: string): ExpectedLine {
  const line = expected.lines.find((l) => l.text === text);
  if (!line) throw new Error(`fixture has no line "${text}"`);
  return line;
}

function intersectionOverUnion(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const h = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const area = (r: Box): number => (r[2] - r[0]) * (r[3] - r[1]);
  return (w * h) / (area(a) + area(b) - w * h);
}

function findLine<T extends { text: string }>(found: T[], text: string): T {
  const hit = found.find((item) => squash(item.text).includes(squash(text)));
  if (!hit) throw new Error(`"${text}" not read; got ${JSON.stringify(found.map((f) => f.text))}`);
  return hit;
}

describe('PaddleOcr (real models)', () => {
  let ocr: PaddleOcr;

  beforeAll(async () => {
    ocr = await PaddleOcr.load({ threads: 2 });
  });

  afterAll(async () => {
    await ocr.close();
  });

  describe('on the generated scan (PNG)', () => {
    let lines: OcrLine[];

    beforeAll(async () => {
      lines = await ocr.recognize(readFileSync(SCAN_PNG));
    });

    it('reads the title, the year and the other lines word for word', () => {
      const texts = lines.map((l) => l.text);
      expect(texts).toContain('GRAPH RETRIEVAL WORKS');
      expect(texts.join('\n')).toContain('2026');
      expect(texts).toContain('Scanned in 2026 for the Folio OCR test');
      expect(texts).toContain('Pages link to pages');
      expect(texts).toContain('Sections hold elements');
      expect(squash(findLine(lines, 'Page 7 of 12').text)).toBe('page7of12');
    });

    it('puts each line where it was drawn', () => {
      for (const line of expected.lines.filter((l) => l.rotateDeg === 0)) {
        const read = findLine(lines, line.text);
        expect(intersectionOverUnion(read.box, line.boxPx)).toBeGreaterThan(0.6);
      }
      const tilted = expectedLine('Tilted by three degrees');
      expect(intersectionOverUnion(findLine(lines, tilted.text).box, tilted.boxPx)).toBeGreaterThan(0.5);
    });

    it('keeps the two columns as separate lines, in reading order, with high confidence', () => {
      const order = lines.map((l) => l.text);
      expect(order.indexOf('GRAPH RETRIEVAL WORKS')).toBe(0);
      expect(order.indexOf('Pages link to pages')).toBeLessThan(order.indexOf('Sections hold elements'));
      const footer = order.findIndex((text) => /^Page ?7 of 12$/.test(text));
      expect(footer).toBeGreaterThan(order.indexOf('Sections hold elements'));
      for (const line of lines) expect(line.confidence).toBeGreaterThan(0.8);
    });

    it('reads vertical text (a y-axis label running bottom to top) into a tall box', () => {
      const label = findLine(lines, 'Revenue by year');
      expect(label.text).toBe('Revenue by year');
      const [x0, y0, x1, y1] = label.box;
      expect(y1 - y0).toBeGreaterThan(4 * (x1 - x0));
      expect(intersectionOverUnion(label.box, expectedLine('Revenue by year').boxPx)).toBeGreaterThan(0.5);
    });

    it('accepts raw RGBA pixels as well as PNG bytes', async () => {
      const { createCanvas, loadImage } = await import('@napi-rs/canvas');
      const image = await loadImage(readFileSync(SCAN_PNG));
      const canvas = createCanvas(image.width, image.height);
      canvas.getContext('2d').drawImage(image, 0, 0);
      const rgba = canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
      const fromPixels = await ocr.recognize({ data: rgba, width: image.width, height: image.height });
      expect(fromPixels.map((l) => l.text)).toEqual(lines.map((l) => l.text));
    });
  });

  describe('ocrPdfPage on the image-only PDF of the same scan', () => {
    let items: TextItem[];

    beforeAll(async () => {
      items = await ocrPdfPage(readFileSync(SCAN_PDF), 1, expected.pageWidthPt, expected.pageHeightPt, {
        engine: ocr,
      });
    });

    it('returns OCR text items with bboxes in PDF points (top-left origin)', () => {
      expect(items.length).toBeGreaterThanOrEqual(expected.lines.length);
      for (const item of items) {
        expect(item.source).toBe('ocr');
        expect(item.confidence).toBeGreaterThan(0.5);
        expect(item.confidence).toBeLessThanOrEqual(1);
        const [x0, y0, x1, y1] = item.bbox;
        expect(0 <= x0 && x0 < x1 && x1 <= expected.pageWidthPt).toBe(true);
        expect(0 <= y0 && y0 < y1 && y1 <= expected.pageHeightPt).toBe(true);
      }
      for (const line of expected.lines.filter((l) => l.rotateDeg === 0)) {
        const item = findLine(items, line.text);
        expect(intersectionOverUnion(item.bbox, line.bboxPt)).toBeGreaterThan(0.6);
      }
    });

    it('reports a font size close to the glyph height', () => {
      for (const text of ['GRAPH RETRIEVAL WORKS', 'Pages link to pages', 'Revenue by year']) {
        const item = findLine(items, text);
        const line = expectedLine(text);
        expect(item.fontSize).toBeGreaterThan(0.8 * line.inkHeightPt);
        expect(item.fontSize).toBeLessThan(1.6 * line.inkHeightPt);
      }
    });

    it('reads the title and the number', () => {
      expect(items.map((i) => i.text)).toContain('GRAPH RETRIEVAL WORKS');
      expect(items.some((i) => i.text.includes('2026'))).toBe(true);
    });
  });

  const haveNoTextLayerPdf = existsSync(NO_TEXT_LAYER_PDF);
  (haveNoTextLayerPdf ? it : it.skip)(
    'reads test/fixtures/pdf/no-text-layer.pdf (an open document)',
    async () => {
      const doc = await openPdfDocument(readFileSync(NO_TEXT_LAYER_PDF));
      try {
        const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 });
        const items = await ocrPdfPage(doc, 1, width, height, { engine: ocr });
        const title = findLine(items, 'GRAPH RETRIEVAL');
        // The title sits in the upper part of the page, left-aligned; the body lines follow it.
        expect(title.bbox[0]).toBeLessThan(width * 0.2);
        expect(title.bbox[1]).toBeLessThan(height * 0.4);
        const body = findLine(items, 'Scanned page without a text layer');
        expect(body.bbox[1]).toBeGreaterThan(title.bbox[3]);
        expect(findLine(items, 'Folio reads it with OCR').bbox[1]).toBeGreaterThan(body.bbox[3]);
      } finally {
        await doc.destroy();
      }
    },
  );
});

describe('renderPdfPage', () => {
  it('renders a page to PNG at the requested dpi and caps it at maxPixels', async () => {
    const bytes = readFileSync(SCAN_PDF);
    const at144 = await renderPdfPage(bytes, 1, { dpi: 144 });
    expect(at144).toMatchObject({ width: 1440, height: 810, scale: 2 });
    expect(at144.png.subarray(1, 4).toString('latin1')).toBe('PNG');

    const capped = await renderPdfPage(bytes, 1, { scale: 4, maxPixels: 720 * 405 });
    expect(capped).toMatchObject({ width: 720, height: 405, scale: 1 });
  });

  it('renders from an open document and leaves it open', async () => {
    const doc = await openPdfDocument(readFileSync(SCAN_PDF));
    try {
      await renderPdfPage(doc, 1, { scale: 0.5 });
      const again = await renderPdfPage(doc, 1, { scale: 0.5 });
      expect(again).toMatchObject({ width: 360, height: 203 });
      await expect(renderPdfPage(doc, 2)).rejects.toThrow(RangeError);
    } finally {
      await doc.destroy();
    }
  });
});
