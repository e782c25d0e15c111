// An owner-password-only PDF (empty user password, RC4 R=3) opens without a password: pdf.js tries the empty user
// password itself. Under load (other PDFs parsing in the same process) one once failed with
// ENCRYPTED_PDF_WRONG_PASSWORD. This guard opens many such PDFs while other PDFs parse and renders their pages; it
// has not reproduced that failure (pdf.js 5.4 reports INCORRECT_PASSWORD only when a non-empty password reaches
// its worker), so it guards the behaviour, not a found cause.
import PDFDocument from 'pdfkit';
import { parsePdf } from '../../../src/ingest/pdf/pdf-parser';
import { renderPdfPage } from '../../../src/ingest/render/page-renderer';
import { makeEncryptedPdf, makeTextPdf, pdfBytes } from '../../support/make-pdf';

/** A PDF anyone may open (no user password) whose permissions an owner password guards: RC4, 128-bit, R=3. */
function ownerOnlyPdf(i: number): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'LETTER',
    pdfVersion: '1.4',
    ownerPassword: `owner-${i}`,
    permissions: { printing: 'lowResolution', modifying: false, copying: false },
  });
  doc.fontSize(14).text(`Owner-only document ${i}`, 72, 72);
  doc.addPage().fontSize(14).text(`Second page of ${i}`, 72, 72);
  return pdfBytes(doc);
}

describe('owner-password-only PDFs while other PDFs parse', () => {
  it('open without a password every time, in rounds of concurrent opens next to long parses', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, (_, i) => ownerOnlyPdf(i)));
    const long = await makeTextPdf(Array.from({ length: 40 }, (_, i) => [`Long page ${i + 1}`]));
    // A password in flight at the same time: were it to reach an owner-only open, that one would fail WRONG_PASSWORD.
    const sealed = await makeEncryptedPdf(['Sealed next door'], {
      userPassword: 'user-secret',
      ownerPassword: 'owner-secret',
    });
    for (let round = 0; round < 4; round++) {
      const results = await Promise.allSettled([
        parsePdf(long),
        parsePdf(long),
        ...owners.map((bytes) => parsePdf(bytes)),
        ...owners.map((bytes) => renderPdfPage(bytes, 2, { dpi: 36 })),
        parsePdf(sealed, { password: 'user-secret' }),
        parsePdf(sealed, { password: 'owner-secret' }),
      ]);
      const failures = results.flatMap((r) =>
        r.status === 'rejected' ? [`${(r.reason as { code?: string }).code}: ${String(r.reason)}`] : [],
      );
      expect({ round, failures }).toEqual({ round, failures: [] });
      const parsedOwners = results.slice(2, 2 + owners.length);
      parsedOwners.forEach((r, i) => {
        const parsed = (r as PromiseFulfilledResult<Awaited<ReturnType<typeof parsePdf>>>).value;
        expect(parsed.pageCount).toBe(2);
        expect(parsed.pages[0]!.items.map((t) => t.text).join(' ')).toContain(`Owner-only document ${i}`);
      });
    }
  });
});
