import { type CodeOf, errorCodes, FolioError } from '../../common/folio-error';

// Every PDF error is a problem with the file the user gave.
export const PdfErrorCode = errorCodes({
  invalid: [
    'NOT_A_PDF',
    'CORRUPT_PDF',
    'ENCRYPTED_PDF_PASSWORD_REQUIRED',
    'ENCRYPTED_PDF_WRONG_PASSWORD',
    'NO_PAGES',
    'TOO_MANY_PAGES',
  ],
});
export type PdfErrorCode = CodeOf<typeof PdfErrorCode>;

export class PdfError extends FolioError<PdfErrorCode> {
  static notAPdf(firstBytes: string): PdfError {
    return new PdfError(
      PdfErrorCode.NOT_A_PDF,
      `The file is not a PDF: it starts with ${JSON.stringify(firstBytes)} instead of "%PDF-". ` +
        'Check that you uploaded the right file (not an HTML error page, image or archive) and try again.',
    );
  }

  static corrupt(detail: string, cause?: unknown): PdfError {
    return new PdfError(
      PdfErrorCode.CORRUPT_PDF,
      `The PDF could not be parsed (${detail}). The file is damaged or truncated; ` +
        're-download or re-export it (e.g. "qpdf --replace-input file.pdf" can repair some files) and try again.',
      { cause },
    );
  }

  static passwordRequired(cause?: unknown): PdfError {
    return new PdfError(
      PdfErrorCode.ENCRYPTED_PDF_PASSWORD_REQUIRED,
      'The PDF is encrypted and needs a password to open. Supply the document password and try again.',
      { cause },
    );
  }

  static wrongPassword(cause?: unknown): PdfError {
    return new PdfError(
      PdfErrorCode.ENCRYPTED_PDF_WRONG_PASSWORD,
      'The password given for this encrypted PDF is wrong. Check the password (it is case-sensitive) and try again.',
      { cause },
    );
  }

  static noPages(): PdfError {
    return new PdfError(
      PdfErrorCode.NO_PAGES,
      'The PDF has no pages, so there is nothing to ingest. Check that the export produced a non-empty document.',
    );
  }

  static tooManyPages(pageCount: number, maxPages: number): PdfError {
    return new PdfError(
      PdfErrorCode.TOO_MANY_PAGES,
      `The PDF has ${pageCount} pages, more than the limit of ${maxPages}. ` +
        'Split the document into smaller files or raise the page limit, then try again.',
    );
  }
}
