import PDFDocument from 'pdfkit';

/** A Letter-size, born-digital PDF with one page per entry, each page's paragraphs set in Helvetica 12 pt. */
export function makeTextPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'LETTER', autoFirstPage: false });
  for (const paragraphs of pages) {
    doc.addPage().font('Helvetica').fontSize(12);
    for (const paragraph of paragraphs) doc.text(paragraph, { width: 468 }).moveDown();
  }
  return pdfBytes(doc);
}

/** Ends a pdfkit document and resolves to its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * An encrypted one-page PDF (RC4 128-bit, revision 3, as PDF 1.4 writers make it). Without `userPassword` anyone
 * may open it (the empty user password) and only the owner password guards permissions: "owner-only" encryption.
 */
export function makeEncryptedPdf(
  paragraphs: string[],
  passwords: { userPassword?: string; ownerPassword: string },
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'LETTER',
    pdfVersion: '1.4',
    ...passwords,
    permissions: { printing: 'lowResolution', copying: false, modifying: false },
  });
  doc.font('Helvetica').fontSize(12);
  for (const paragraph of paragraphs) doc.text(paragraph, { width: 468 }).moveDown();
  return pdfBytes(doc);
}
