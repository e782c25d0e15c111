import { type CodeOf, errorCodes, FolioError } from '../../common/folio-error';

export const OcrErrorCode = errorCodes({
  precondition: ['OCR_MODEL_NOT_FOUND', 'OCR_MODEL_MISMATCH'],
  invalid: ['OCR_BAD_IMAGE'],
  unavailable: ['OCR_CLOSED'],
});
export type OcrErrorCode = CodeOf<typeof OcrErrorCode>;

export class OcrError extends FolioError<OcrErrorCode> {
  constructor(message: string, code: OcrErrorCode, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
