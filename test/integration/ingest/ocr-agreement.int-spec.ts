import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ocrPdfPage } from '../../../src/ingest/ocr/ocr-page';
import { PaddleOcr } from '../../../src/ingest/ocr/paddle-ocr';
import { characterBigramAgreement } from '../../../src/ingest/ocr/text-agreement';
import { getPdfPage, openPdfDocument, type PDFDocumentProxy } from '../../../src/ingest/pdfjs-loader';

// OCR quality on born-digital pages: each page of the sample report is rendered to pixels exactly as a scan is,
// read by real PaddleOCR inference, and compared with the page's own text layer (character-bigram F1, the
// measure `npm run bench:ocr` reports on real PDFs). Needs no Neo4j.
const SAMPLE_REPORT = join(__dirname, '..', '..', 'fixtures', 'pdf', 'sample-report.pdf');

async function textLayer(doc: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const content = await (await getPdfPage(doc, pageNumber)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
}

async function ocrText(doc: PDFDocumentProxy, pageNumber: number, engine: PaddleOcr): Promise<string> {
  const { width, height } = (await getPdfPage(doc, pageNumber)).getViewport({ scale: 1 });
  const items = await ocrPdfPage(doc, pageNumber, width, height, { engine });
  return items.map((item) => item.text).join('\n');
}

describe('OCR of rendered born-digital pages agrees with their text layer (real models)', () => {
  let doc: PDFDocumentProxy;
  let engine: PaddleOcr;

  beforeAll(async () => {
    doc = await openPdfDocument(readFileSync(SAMPLE_REPORT));
    engine = await PaddleOcr.load({ threads: 2 });
  });

  afterAll(async () => {
    await engine.close();
    await doc.destroy();
  });

  it.each([1, 2, 3])('page %i of the sample report reads back with bigram F1 ≥ 0.9', async (page) => {
    const agreement = characterBigramAgreement(await textLayer(doc, page), await ocrText(doc, page, engine));
    expect(agreement.recall).toBeGreaterThan(0.9);
    expect(agreement.precision).toBeGreaterThan(0.9);
    expect(agreement.f1).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the same text whether crops are recognised one at a time or padded into batches', async () => {
    const oneByOne = await PaddleOcr.load({ threads: 2, recognitionBatchSize: 1 });
    try {
      const batched = await PaddleOcr.load({ threads: 2, recognitionBatchSize: 32 });
      try {
        const single = await ocrText(doc, 3, oneByOne);
        const padded = await ocrText(doc, 3, batched);
        expect(characterBigramAgreement(single, padded).f1).toBeGreaterThan(0.99);
      } finally {
        await batched.close();
      }
    } finally {
      await oneByOne.close();
    }
  });
});
