import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { mapWithConcurrency } from '../common/concurrency';
import type { ParsedPage } from '../document/document-model';
import { textlessPictureFigures } from './layout/figures';
import { OcrError, OcrErrorCode } from './ocr/ocr.errors';
import { closeSharedPaddleOcr, ocrPdfPageLayout, ocrPdfPageRegions } from './ocr/ocr-page';
import { openPdfDocument } from './pdfjs-loader';

const OCR_PAGES_IN_FLIGHT = 2;
/** What keeps pictures' words unread without failing the ingestion: the models are not there or not usable. */
const MISSING_ENGINE = new Set<OcrErrorCode>([
  OcrErrorCode.OCR_MODEL_NOT_FOUND,
  OcrErrorCode.OCR_MODEL_MISMATCH,
]);

/** Reads pages that have no text layer with local OCR; the engine loads on the first scanned page. */
@Injectable()
export class OcrService implements OnModuleDestroy {
  private readonly logger = new Logger(OcrService.name);
  private used = false;

  /**
   * Fills `items` and `scanFigures` of each page from OCR of its rendered image, two pages at a time: while one
   * page's models run in the OCR workers, the main thread renders and post-processes the other.
   */
  async readPages(
    bytes: Uint8Array,
    pages: ParsedPage[],
    password: string | undefined,
    onPage: () => void,
  ): Promise<void> {
    this.used = true;
    const doc = await openPdfDocument(bytes, password);
    try {
      await mapWithConcurrency(pages, OCR_PAGES_IN_FLIGHT, async (page) => {
        const { items, figures } = await ocrPdfPageLayout(doc, page.number, page.width, page.height);
        page.items = items;
        page.scanFigures = figures;
        onPage();
      });
    } finally {
      await doc.destroy();
    }
  }

  /**
   * Adds to each page the words of its raster figures that the PDF does not carry as text (see
   * textlessPictureFigures), read with OCR, two pages at a time; layout then folds them into the figure as it does
   * a vector chart's labels. Without a working OCR engine (models missing or broken) the document is still
   * ingested: its pictures keep no words, and the log says why.
   */
  async readFigureText(bytes: Uint8Array, pages: ParsedPage[], password: string | undefined): Promise<void> {
    const work = pages
      .map((page) => ({ page, regions: textlessPictureFigures(page) }))
      .filter((w) => w.regions.length > 0);
    if (work.length === 0) return;
    this.used = true;
    const doc = await openPdfDocument(bytes, password);
    try {
      await mapWithConcurrency(work, OCR_PAGES_IN_FLIGHT, async ({ page, regions }) => {
        const items = await ocrPdfPageRegions(doc, page.number, page.width, page.height, regions);
        page.items = [...page.items, ...items];
      });
    } catch (err) {
      if (!(err instanceof OcrError && MISSING_ENGINE.has(err.code))) throw err;
      this.logger.warn(`The words of pictures were not read (${err.code}: ${err.message}).`);
    } finally {
      await doc.destroy();
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.used) return;
    try {
      await closeSharedPaddleOcr();
    } catch (err) {
      this.logger.warn(`Closing the OCR engine failed: ${(err as Error).message}`);
    }
  }
}
