// pdf.js keeps the page count of the last opened PDF in a process-wide static that getPage checks: opening a short
// PDF while a long one is parsed used to fail the long parse with "Invalid page request.".
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ParsedPdf } from '../../../src/document/document-model';
import { parsePdf } from '../../../src/ingest/pdf/pdf-parser';
import { type RenderedPage, renderPdfPage } from '../../../src/ingest/render/page-renderer';
import { makeTextPdf } from '../../support/make-pdf';

const SHORT_PDF = path.resolve(__dirname, '../../fixtures/pdf/sample-report.pdf');
const SHORT_PAGES = 4;
const LONG_PAGES = 30;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** A PDF whose page N reads "Long page N". */
const makeLongPdf = (pageCount: number) =>
  makeTextPdf(Array.from({ length: pageCount }, (_, i) => [`Long page ${i + 1}`]));

function pageText(parsed: ParsedPdf, pageNumber: number): string {
  return (parsed.pages[pageNumber - 1]?.items ?? []).map((item) => item.text).join(' ');
}

describe('pdf.js used concurrently', () => {
  it('parses a long and a short PDF and renders a page image at the same time', async () => {
    const longBytes = await makeLongPdf(LONG_PAGES);
    const shortBytes = new Uint8Array(readFileSync(SHORT_PDF));

    let longPagesDone = 0;
    let longPagesDoneWhenOthersSettled: number | undefined;
    let others: Promise<[ParsedPdf, RenderedPage]> | undefined;
    const long = parsePdf(longBytes, {
      onPage: (pageNumber) => {
        longPagesDone = pageNumber;
        // Open the smaller PDFs only once the long one is open and mid-parse.
        if (pageNumber !== 1) return;
        others = Promise.all([
          parsePdf(shortBytes),
          renderPdfPage(shortBytes, SHORT_PAGES, { dpi: 72 }),
        ]).finally(() => {
          longPagesDoneWhenOthersSettled = longPagesDone;
        });
      },
    });

    const longParsed = await long;
    expect(others).toBeDefined();
    const [shortParsed, rendered] = await others!;

    expect(longParsed.pageCount).toBe(LONG_PAGES);
    expect(longParsed.pages.map((p) => p.number)).toEqual(
      Array.from({ length: LONG_PAGES }, (_, i) => i + 1),
    );
    expect(pageText(longParsed, LONG_PAGES)).toBe(`Long page ${LONG_PAGES}`);

    expect(shortParsed.pageCount).toBe(SHORT_PAGES);
    expect(shortParsed.pages).toHaveLength(SHORT_PAGES);
    expect(pageText(shortParsed, SHORT_PAGES)).toContain(`Page ${SHORT_PAGES} of ${SHORT_PAGES}`);

    expect([rendered.width, rendered.height]).toEqual([612, 792]);
    expect(rendered.png.subarray(0, 4)).toEqual(PNG_SIGNATURE);

    // The short parse and the render really ran while the long parse was under way.
    expect(longPagesDoneWhenOthersSettled).toBeLessThan(LONG_PAGES);
  });
});
