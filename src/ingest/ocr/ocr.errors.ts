import { FolioError } from '../../common/folio-error';

export enum OcrErrorCode {
  MODEL_NOT_FOUND = 'OCR_MODEL_NOT_FOUND',
  MODEL_MISMATCH = 'OCR_MODEL_MISMATCH',
  BAD_IMAGE = 'OCR_BAD_IMAGE',
  CLOSED = 'OCR_CLOSED',
}

export class OcrError extends FolioError<OcrErrorCode> {
  constructor(message: string, code: OcrErrorCode, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
